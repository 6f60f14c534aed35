import {
  type CompanyResearchRequest,
  type Dossier,
  DossierApiError,
  type Watch,
  type WatchEvent,
} from "@dossier/client";
import type { Config } from "@dossier/config";
import { Command } from "commander";
import { GATEWAY_FLAG_HELP, type GatewayFlags, gatewayClient } from "../gateway-client.js";

interface CreateOptions extends GatewayFlags {
  every: string;
  list?: string;
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
  callbackUrl?: string;
  metadata?: string[];
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

const print = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
};

/** Runs a call; a problem the gateway answered is printed as JSON and the command exits 1. */
async function answering(call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (!(error instanceof DossierApiError)) throw error;
    print(error.problem);
    process.exitCode = 1;
  }
}

/** `key=value` pairs as metadata. */
function metadataOf(pairs: string[] | undefined): Record<string, string> | undefined {
  if (!pairs || pairs.length === 0) return undefined;
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf("=");
      if (at < 1) throw new Error(`--metadata takes key=value, not "${pair}"`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/** A value as one short line. */
const shown = (value: unknown) => (value === null || value === undefined ? "(none)" : JSON.stringify(value));

/** An event as a reader wants it: each change with its quotes before and after. */
function describeEvent(event: WatchEvent): string {
  const lines = [`${event.detectedAt}  ${event.id}`];
  for (const change of event.changes) {
    if (change.field === "items") {
      // A list's match: who it is is what matters, not every field found of it.
      const item = (change.after ?? change.before) as { name?: string; id?: string } | null;
      lines.push(`  ${change.kind}: ${item?.name || item?.id || "(unnamed)"}`);
    } else lines.push(`  ${change.field}: ${change.kind}, ${shown(change.before)} -> ${shown(change.after)}`);
    for (const quote of change.citations.before) lines.push(`    before: "${quote.quote}" (${quote.url})`);
    for (const quote of change.citations.after) lines.push(`    after:  "${quote.quote}" (${quote.url})`);
  }
  return `${lines.join("\n")}\n`;
}

/** One line per watch: id, status, interval, next run, last outcome, question. */
function describeWatch(watch: Watch): string {
  const question = watch.request?.request.question ?? `list ${watch.list ?? ""}: ${watch.listRequest?.objective ?? ""}`;
  const last = watch.lastRun ? `${watch.lastRun.outcome} ${watch.lastRun.at}` : "no run yet";
  return `${watch.id}  ${watch.status}  every ${watch.every}  next ${watch.nextRunAt ?? "-"}  last ${last}  ${question}\n`;
}

/** Waits until the watch records a run after `afterRunId`. */
async function nextRun(
  dossier: Dossier,
  id: string,
  afterRunId: string | undefined,
  timeoutMs: number,
): Promise<Watch> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const watch = await dossier.getWatch(id);
    if (watch.lastRun && watch.lastRun.id !== afterRunId) return watch;
    if (Date.now() > deadline) throw new Error(`watch ${id} recorded no run within ${timeoutMs / 1000} s`);
    await sleep(500);
  }
}

/**
 * `dossier watch create|list|show|run|events|delete`: watches on a running gateway
 * (docs/watches.md), through `@dossier/client`.
 */
export function watchCommand(loadConfig: () => Config): Command {
  const watch = new Command("watch").description("ask a question again on a schedule and see what changed");
  const client = (flags: GatewayFlags) => gatewayClient(loadConfig(), flags);
  const withGateway = (command: Command) =>
    command.option("--url <url>", GATEWAY_FLAG_HELP.url).option("--key <key>", GATEWAY_FLAG_HELP.key);

  withGateway(
    watch
      .command("create")
      .description("watch a question about a company (or a person when person fields are given), or a list with --list")
      .argument("[question]")
      .requiredOption("--every <interval>", "how often: 1h to 30d, such as 6h, 1d, 2w")
      .option("--list <id>", "watch a list (l-...) instead: find it again each time, report matches added and dropped")
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
      .option("--callback-url <url>", "where each change event is POSTed, signed")
      .option("--metadata <key=value...>", "your own pairs, returned with every event"),
  ).action(async (question: string | undefined, options: CreateOptions) => {
    const metadata = metadataOf(options.metadata);
    const extra = {
      every: options.every,
      ...(options.callbackUrl ? { callbackUrl: options.callbackUrl } : {}),
      ...(metadata ? { metadata } : {}),
    };
    if (options.list !== undefined || question === undefined) {
      if (options.list === undefined || question !== undefined)
        throw new Error("give a question, or --list <id> to watch a list, not both");
      const list = options.list;
      await answering(async () => print(await client(options).createWatch({ list, ...extra })));
      return;
    }
    const company = { name: options.company, website: options.website, location: options.location };
    const isPerson = Boolean(options.firstName || options.lastName || options.email || options.linkedin);
    const common = {
      question,
      responseType: options.type as CompanyResearchRequest["responseType"],
      responseOptions: options.option,
      context: options.context,
    };
    const request = isPerson
      ? {
          type: "person" as const,
          request: {
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
        }
      : { type: "company" as const, request: { ...common, company } };
    await answering(async () => print(await client(options).createWatch({ request, ...extra })));
  });

  withGateway(
    watch
      .command("list")
      .description("list this key's watches, newest first")
      .option("--json", "print the watches as JSON"),
  ).action(async (options: GatewayFlags & { json?: boolean }) => {
    await answering(async () => {
      const dossier = client(options);
      const all: Watch[] = [];
      for (let after: string | undefined; ; ) {
        const page = await dossier.listWatches({ limit: 100, ...(after ? { after } : {}) });
        all.push(...page.data);
        if (!page.has_more || page.data.length === 0) break;
        after = page.data.at(-1)!.id;
      }
      if (options.json) print(all);
      else if (all.length === 0) process.stdout.write("No watches.\n");
      else for (const entry of all) process.stdout.write(describeWatch(entry));
    });
  });

  withGateway(
    watch.command("show").description("print a watch, its last run and last answer, as JSON").argument("<id>"),
  ).action(async (id: string, options: GatewayFlags) => {
    await answering(async () => print(await client(options).getWatch(id)));
  });

  withGateway(
    watch
      .command("run")
      .description("run a watch now, outside its schedule")
      .argument("<id>")
      .option("--wait", "wait for the run and print its outcome, and its event when it found changes")
      .option("--timeout <seconds>", "how long --wait waits", "600"),
  ).action(async (id: string, options: GatewayFlags & { wait?: boolean; timeout: string }) => {
    await answering(async () => {
      const dossier = client(options);
      const before = await dossier.getWatch(id);
      const accepted = await dossier.runWatch(id);
      if (!options.wait) {
        print(accepted);
        return;
      }
      const after = await nextRun(dossier, id, before.lastRun?.id, Number(options.timeout) * 1000);
      print(after.lastRun);
      const eventId = after.lastRun?.eventId;
      if (eventId) {
        const event = (await dossier.watchEvents(id, { limit: 5 })).data.find((entry) => entry.id === eventId);
        if (event) process.stdout.write(describeEvent(event));
      }
    });
  });

  withGateway(
    watch
      .command("events")
      .description("print a watch's change events, newest first, with the quotes before and after")
      .argument("<id>")
      .option("--limit <n>", "how many", "20")
      .option("--json", "print the events as JSON"),
  ).action(async (id: string, options: GatewayFlags & { limit: string; json?: boolean }) => {
    await answering(async () => {
      const { data } = await client(options).watchEvents(id, { limit: Number(options.limit) });
      if (options.json) print(data);
      else if (data.length === 0) process.stdout.write("No changes yet.\n");
      else for (const event of data) process.stdout.write(describeEvent(event));
    });
  });

  withGateway(watch.command("delete").description("stop and delete a watch").argument("<id>")).action(
    async (id: string, options: GatewayFlags) => {
      await answering(async () => {
        await client(options).deleteWatch(id);
        process.stdout.write(`Deleted ${id}.\n`);
      });
    },
  );
  return watch;
}
