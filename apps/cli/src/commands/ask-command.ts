import { type CompanyResearchRequest, DossierApiError } from "@dossier/client";
import type { Config } from "@dossier/config";
import { Command } from "commander";
import { GATEWAY_FLAG_HELP, gatewayClient } from "../gateway-client.js";

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
  progress?: boolean;
}

/** `dossier ask`: one research call against a running gateway, printed as JSON. */
export function askCommand(loadConfig: () => Config): Command {
  return new Command("ask")
    .description("ask one question about a company, or a person when person fields are given")
    .argument("<question>")
    .option("--url <url>", GATEWAY_FLAG_HELP.url)
    .option("--key <key>", GATEWAY_FLAG_HELP.key)
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
    .option("--progress", "show the research's stages on stderr as they happen")
    .action(async (question: string, options: AskOptions) => {
      const dossier = gatewayClient(loadConfig(), options);
      const company = { name: options.company, website: options.website, location: options.location };
      const isPerson = Boolean(options.firstName || options.lastName || options.email || options.linkedin);
      const common = {
        question,
        // The gateway checks the value and names it when it is not a response type.
        responseType: options.type as CompanyResearchRequest["responseType"],
        responseOptions: options.option,
        context: options.context,
      };
      const onProgress = options.progress
        ? (event: { type: string; data: unknown }) => {
            const pages = (event.data as { pages?: number }).pages;
            process.stderr.write(`dossier: ${event.type}${pages !== undefined ? ` (${pages} pages)` : ""}\n`);
          }
        : undefined;
      try {
        const answer = isPerson
          ? await dossier.researchPerson(
              {
                ...common,
                person: {
                  firstName: options.firstName,
                  lastName: options.lastName,
                  email: options.email,
                  linkedinUrl: options.linkedin,
                  title: options.title,
                  company,
                },
              },
              onProgress ? { onProgress } : {},
            )
          : await dossier.researchCompany({ ...common, company }, onProgress ? { onProgress } : {});
        process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
      } catch (error) {
        if (!(error instanceof DossierApiError)) throw error;
        process.stdout.write(`${JSON.stringify(error.problem, null, 2)}\n`);
        process.exitCode = 1;
      }
    });
}
