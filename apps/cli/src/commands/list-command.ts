import { writeFile } from "node:fs/promises";
import {
  DossierApiError,
  errorTitleOf,
  type ListItem,
  type ListRequest,
  type ListStatus,
  listUnreadInWords,
} from "@dossier/client";
import type { Config } from "@dossier/config";
import { Command } from "commander";
import { GATEWAY_FLAG_HELP, gatewayClient } from "../gateway-client.js";

interface ListOptions {
  url?: string;
  key?: string;
  criterion?: string[];
  limit?: string;
  people?: boolean;
  effort?: string;
  exclude?: string[];
  out?: string;
  progress?: boolean;
}

/** A criterion flag: `"is hiring engineers"`, or `"hiring=is hiring engineers"` to name its column. */
function criterionOf(text: string): { id?: string; description: string } {
  const named = /^([A-Za-z0-9][A-Za-z0-9_-]{0,39})=(.+)$/.exec(text);
  return named ? { id: named[1]!, description: named[2]!.trim() } : { description: text };
}

/** A progress line: counts, and the last item decided. */
function progressLine(list: ListStatus, last: ListItem | undefined): string {
  const { candidates, matched, unmatched, unclear } = list.counts;
  const decided = matched + unmatched + unclear;
  const name = last?.company?.name ?? [last?.person?.firstName, last?.person?.lastName].filter(Boolean).join(" ");
  return `dossier: ${list.status} · ${decided}/${candidates} candidates decided · ${matched} matched, ${unmatched} unmatched, ${unclear} unclear${name ? ` · last: ${name} (${last?.status})` : ""}`;
}

/**
 * What a finished list could not do, for stderr: a failed list's problem and what its discovery
 * could not read; for any other list, what it could not read as a warning, since the items may miss
 * what those pages and searches list.
 */
function shortfallLines(list: ListStatus): string[] {
  const unread = listUnreadInWords(list);
  if (list.status === "failed") {
    const problem = list.problem
      ? [`${errorTitleOf(list.problem.code)} (${list.problem.code}): ${list.problem.detail}`]
      : [];
    return [...problem, ...unread].map((line) => `dossier: ${line}\n`);
  }
  // listUnreadInWords gives the pages' sentence first, then the searches'.
  const pages = list.unreadPages?.length ?? 0;
  const searches = list.failedSearches?.length ?? 0;
  const missing = [
    ...(pages > 0 ? [pages === 1 ? "what it lists" : "what they list"] : []),
    ...(searches > 0 ? [searches === 1 ? "what it finds" : "what they find"] : []),
  ];
  return unread.map((line, index) => `dossier: warning: ${line}; ${missing[index]} may be missing from the items\n`);
}

/**
 * `dossier list "objective"`: starts a list ("find all") on a running gateway, shows its progress on
 * stderr as items are decided, and writes the items as CSV (`--out`) or the matches as JSON lines.
 */
export function listCommand(loadConfig: () => Config): Command {
  return new Command("list")
    .description("find every company (or person, with --people) the objective describes that meets every criterion")
    .argument("<objective>")
    .option("--url <url>", GATEWAY_FLAG_HELP.url)
    .option("--key <key>", GATEWAY_FLAG_HELP.key)
    .option(
      "--criterion <text...>",
      'a criterion every match must meet, "id=description" to name it (repeat for several; default: from the objective)',
    )
    .option("--limit <n>", "matches wanted (default 25)")
    .option("--people", "find people rather than companies")
    .option("--effort <effort>", "lite, standard or deep")
    .option("--exclude <name...>", "a company (or person) to leave out, by name or website (repeat for several)")
    .option("--out <file>", "write every item as CSV to this file (default: the matches as JSON lines on stdout)")
    .option("--no-progress", "no progress lines on stderr")
    .action(async (objective: string, options: ListOptions) => {
      const dossier = gatewayClient(loadConfig(), options);
      const entityType = options.people ? "person" : "company";
      const exclude = (options.exclude ?? []).map((entry) =>
        entityType === "person"
          ? { firstName: entry.split(/\s+/)[0], lastName: entry.split(/\s+/).slice(1).join(" ") }
          : /\.[a-z]{2,}$/i.test(entry) && !/\s/.test(entry)
            ? { website: entry }
            : { name: entry },
      );
      const request: ListRequest = {
        objective,
        entityType,
        ...(options.criterion ? { criteria: options.criterion.map(criterionOf) } : {}),
        // The gateway checks the values and names them when they are wrong.
        ...(options.limit !== undefined ? { limit: Number(options.limit) } : {}),
        ...(options.effort ? { effort: options.effort as ListRequest["effort"] } : {}),
        ...(exclude.length > 0 ? { exclude } : {}),
      };
      try {
        const list = await dossier.createList(request);
        if (options.progress !== false) process.stderr.write(`dossier: list ${list.id} started\n`);
        let last: ListItem | undefined;
        let shownAt = 0;
        for await (const event of dossier.events({ listId: list.id })) {
          if (event.type === "matched" || event.type === "unmatched" || event.type === "unclear") {
            last = event.data as ListItem;
            if (!options.out) process.stdout.write(event.type === "matched" ? `${JSON.stringify(event.data)}\n` : "");
          }
          if (options.progress === false) continue;
          if (event.type === "progress" || event.type === "done" || Date.now() - shownAt > 1_000) {
            shownAt = Date.now();
            const current =
              event.type === "progress" || event.type === "done" ? event.data : await dossier.getList(list.id);
            process.stderr.write(`${progressLine(current as ListStatus, last)}\n`);
          }
        }
        const finished = await dossier.getList(list.id);
        if (options.out) {
          await writeFile(options.out, await dossier.listItemsCsv(list.id));
          process.stderr.write(`dossier: ${finished.counts.matched} matches; every item written to ${options.out}\n`);
        }
        process.stderr.write(
          `dossier: list ${finished.status}${finished.stopReason ? ` (${finished.stopReason})` : ""}; criteria: ${finished.criteria.map((criterion) => `${criterion.id}: ${criterion.description}`).join("; ")}\n`,
        );
        process.stderr.write(shortfallLines(finished).join(""));
        if (finished.status === "failed") process.exitCode = 1;
      } catch (error) {
        if (!(error instanceof DossierApiError)) throw error;
        process.stdout.write(`${JSON.stringify(error.problem, null, 2)}\n`);
        process.exitCode = 1;
      }
    });
}
