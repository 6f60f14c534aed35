import type { Config } from "@dossier/config";
import { Command } from "commander";

interface AskOptions {
  url?: string;
  key?: string;
  type?: string;
  option?: string[];
  context?: string;
  company?: string;
  website?: string;
  location?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  linkedin?: string;
  title?: string;
}

/** `dossier ask`: one research call against a running gateway, printed as JSON. */
export function askCommand(loadConfig: () => Config): Command {
  return new Command("ask")
    .description("ask one question about a company, or a person when person fields are given")
    .argument("<question>")
    .option("--url <url>", "gateway base URL (default http://127.0.0.1:$PORT)")
    .option("--key <key>", "API key (default DOSSIER_API_KEY, else the first of API_KEYS)")
    .option("--type <responseType>", "TEXT, BOOL, NUMBER, DATE, URL, OPTION or OPTIONS")
    .option("--option <value...>", "a response option (repeat for several)")
    .option("--context <text>", "extra context")
    .option("--company <name>", "company name")
    .option("--website <url>", "company website")
    .option("--location <text>", "company location")
    .option("--first-name <name>", "person's given name")
    .option("--last-name <name>", "person's family name")
    .option("--email <email>", "person's e-mail")
    .option("--linkedin <url>", "person's profile URL")
    .option("--title <title>", "person's job title")
    .action(async (question: string, options: AskOptions) => {
      const config = loadConfig();
      const key = options.key ?? process.env.DOSSIER_API_KEY ?? config.apiKeys[0];
      if (!key)
        throw new Error(
          "No API key: pass --key, set DOSSIER_API_KEY, or make one with `dossier keys create --name me`.",
        );
      const company = { name: options.company, website: options.website, location: options.location };
      const isPerson = Boolean(options.firstName || options.lastName || options.email || options.linkedin);
      const body = {
        question,
        responseType: options.type,
        responseOptions: options.option,
        context: options.context,
        ...(isPerson
          ? {
              person: {
                firstName: options.firstName,
                lastName: options.lastName,
                email: options.email,
                linkedinUrl: options.linkedin,
                title: options.title,
                company,
              },
            }
          : { company }),
      };
      const base = options.url ?? `http://127.0.0.1:${config.port}`;
      const response = await fetch(`${base}/v1/research/${isPerson ? "person" : "company"}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key },
        body: JSON.stringify(body),
      });
      process.stdout.write(`${JSON.stringify(await response.json(), null, 2)}\n`);
      if (!response.ok) process.exitCode = 1;
    });
}
