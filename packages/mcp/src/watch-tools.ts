import type { Dossier, Watch, WatchEvent, WatchRequest } from "@dossier/client";
import { watchEventListSchema, watchRequestSchema, watchSchema } from "@dossier/contract";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import { jsonSchemaOf } from "./tool-schemas.js";

const watchIdField = watchSchema.shape.id.describe("The watch id (`w-...`) that create_watch answered.");

/** The arguments of watch_status and delete_watch. */
export const watchIdArgumentsSchema = z.object({ id: watchIdField });

/** The arguments of watch_events. */
export const watchEventsArgumentsSchema = z.object({
  id: watchIdField,
  limit: z.number().int().min(1).max(100).optional().describe("Events to answer at most, newest first. Default 10."),
  after: z.string().optional().describe("The id of the last event received, to read older ones."),
});

/** The arguments of run_watch. */
export const runWatchArgumentsSchema = z.object({
  id: watchIdField,
  wait: z
    .boolean()
    .optional()
    .describe("Wait until the run is recorded and answer the watch with its outcome. Default false."),
});

/** What delete_watch answers. */
const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

/** Input and output JSON Schemas of the watch tools, generated from the API's zod contract. */
export const watchToolSchemas = {
  create_watch: { input: jsonSchemaOf(watchRequestSchema, "input"), output: jsonSchemaOf(watchSchema, "output") },
  watch_status: { input: jsonSchemaOf(watchIdArgumentsSchema, "input"), output: jsonSchemaOf(watchSchema, "output") },
  watch_events: {
    input: jsonSchemaOf(watchEventsArgumentsSchema, "input"),
    output: jsonSchemaOf(watchEventListSchema, "output"),
  },
  run_watch: { input: jsonSchemaOf(runWatchArgumentsSchema, "input"), output: jsonSchemaOf(watchSchema, "output") },
  delete_watch: { input: jsonSchemaOf(watchIdArgumentsSchema, "input"), output: jsonSchemaOf(deletedSchema, "output") },
};

/** The watch tools (docs/watches.md). */
export const WATCH_TOOLS: Tool[] = [
  {
    name: "create_watch",
    title: "Watch a question",
    description:
      "Ask a research request (company or person) again every `every` (1h to 30d) and keep what changed: each change carries the " +
      "quotes that stated the value before and the ones that state it now. Or give `list` (a list id) to find that list again " +
      "each time and keep the matches added and dropped, each with the quotes proving its criteria. The first run starts at once " +
      "and sets the baseline; read the changes later with watch_events.",
    inputSchema: watchToolSchemas.create_watch.input,
    outputSchema: watchToolSchemas.create_watch.output,
    annotations: { openWorldHint: true },
  },
  {
    name: "watch_status",
    title: "Watch status",
    description:
      "A watch: its schedule, its last run and its outcome, its latest verified answer and what its runs spent.",
    inputSchema: watchToolSchemas.watch_status.input,
    outputSchema: watchToolSchemas.watch_status.output,
    annotations: { readOnlyHint: true },
  },
  {
    name: "watch_events",
    title: "Watch changes",
    description:
      "What a watch found changed, newest first: each event lists the fields that changed, before and after, with their quotes.",
    inputSchema: watchToolSchemas.watch_events.input,
    outputSchema: watchToolSchemas.watch_events.output,
    annotations: { readOnlyHint: true },
  },
  {
    name: "run_watch",
    title: "Run a watch now",
    description:
      "Run a watch now, outside its schedule, reading every page anew. With `wait: true` it answers once the run is recorded.",
    inputSchema: watchToolSchemas.run_watch.input,
    outputSchema: watchToolSchemas.run_watch.output,
    annotations: { openWorldHint: true },
  },
  {
    name: "delete_watch",
    title: "Delete a watch",
    description: "Stop a watch at once and delete it with its events.",
    inputSchema: watchToolSchemas.delete_watch.input,
    outputSchema: watchToolSchemas.delete_watch.output,
    annotations: { destructiveHint: true },
  },
];

const shown = (value: unknown) => (value === null || value === undefined ? "(none)" : JSON.stringify(value));

/** A watch in a few lines: what it asks, its schedule, its last run and answer. */
export function formatWatchText(watch: Watch): string {
  const question = watch.request?.request.question ?? `list ${watch.list ?? ""}: ${watch.listRequest?.objective ?? ""}`;
  const lines = [`Watch ${watch.id} (${watch.status}), every ${watch.every}: ${question}`];
  lines.push(`Next run: ${watch.nextRunAt ?? "none"}.`);
  if (watch.lastRun) {
    const problem = watch.lastRun.problem ? ` (${watch.lastRun.problem.code}: ${watch.lastRun.problem.detail})` : "";
    lines.push(`Last run ${watch.lastRun.at}: ${watch.lastRun.outcome}${problem}.`);
  } else lines.push("No run recorded yet.");
  if (watch.lastAnswer) {
    const answer = watch.lastAnswer.answerObject
      ? JSON.stringify(watch.lastAnswer.answerObject)
      : shown(watch.lastAnswer.answerText);
    lines.push(`Latest answer: ${answer} [confidence ${watch.lastAnswer.confidence}].`);
  }
  if (watch.lastList)
    lines.push(
      `Latest list ${watch.lastList.id}: ${watch.lastList.counts.matched} matched of ${watch.lastList.counts.candidates} candidates.`,
    );
  if (watch.failing)
    lines.push(
      `Failing ${watch.failing.consecutiveFailures} times in a row: ${watch.failing.problem.detail} Next attempt ${watch.failing.nextAttemptAt ?? "none"}.`,
    );
  return lines.join("\n");
}

/** An event as text: each change with its quotes before and after. */
export function formatWatchEventText(event: WatchEvent): string {
  const lines = [`${event.detectedAt} (${event.id}):`];
  for (const change of event.changes) {
    const item = change.field === "items" ? ((change.after ?? change.before) as { name?: string } | null) : null;
    if (item) lines.push(`- list item ${change.kind}: ${item.name ?? shown(item)}`);
    else lines.push(`- ${change.field} ${change.kind}: ${shown(change.before)} -> ${shown(change.after)}`);
    for (const quote of change.citations.before) lines.push(`  before: "${quote.quote}" (${quote.url})`);
    for (const quote of change.citations.after) lines.push(`  after: "${quote.quote}" (${quote.url})`);
  }
  return lines.join("\n");
}

const sleep = (milliseconds: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, milliseconds);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** Runs a watch tool; undefined when `name` is not one. Arguments are parsed with `parse`, which throws on a misfit. */
export async function callWatchTool(
  dossier: Dossier,
  name: string,
  args: Record<string, unknown>,
  parse: <T>(schema: z.ZodType<T>, args: unknown) => T,
  signal: AbortSignal,
): Promise<CallToolResult | undefined> {
  const structured = (value: object, text: string): CallToolResult => ({
    content: [{ type: "text", text }],
    structuredContent: value as Record<string, unknown>,
  });
  switch (name) {
    case "create_watch": {
      // The gateway validates the watch and names every bad field; its problem becomes the tool's error.
      const watch = await dossier.createWatch(args as WatchRequest, { signal });
      return structured(watch, formatWatchText(watch));
    }
    case "watch_status": {
      const { id } = parse(watchIdArgumentsSchema, args);
      const watch = await dossier.getWatch(id, { signal });
      return structured(watch, formatWatchText(watch));
    }
    case "watch_events": {
      const { id, limit = 10, after } = parse(watchEventsArgumentsSchema, args);
      const page = await dossier.watchEvents(id, { limit, ...(after ? { after } : {}) }, { signal });
      const text =
        page.data.length === 0
          ? "No changes found."
          : [
              ...page.data.map(formatWatchEventText),
              ...(page.has_more ? [`Older events: call again with after=${page.data.at(-1)!.id}.`] : []),
            ].join("\n");
      return structured(page, text);
    }
    case "run_watch": {
      const { id, wait } = parse(runWatchArgumentsSchema, args);
      const before = await dossier.getWatch(id, { signal });
      await dossier.runWatch(id, { signal });
      let watch = before;
      while (wait && watch.lastRun?.id === before.lastRun?.id) {
        await sleep(1_000, signal);
        watch = await dossier.getWatch(id, { signal });
      }
      return structured(watch, wait ? formatWatchText(watch) : `Run of ${id} queued.\n${formatWatchText(watch)}`);
    }
    case "delete_watch": {
      const { id } = parse(watchIdArgumentsSchema, args);
      await dossier.deleteWatch(id, { signal });
      return structured({ id, deleted: true }, `Deleted ${id}.`);
    }
    default:
      return undefined;
  }
}
