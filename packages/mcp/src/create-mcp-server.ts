import {
  type BatchRequest,
  type BatchResultLine,
  type CompanyResearchRequest,
  type Dossier,
  DossierApiError,
  type JobEvent,
  type ListItem,
  type ListRequest,
  type ListStatus,
  type PersonResearchRequest,
} from "@dossier/client";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type ServerNotification,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type * as z from "zod";
import { formatAnswerText, formatBatchText } from "./format-answer-text.js";
import {
  batchResultsArgumentsSchema,
  batchStatusArgumentsSchema,
  findAllArgumentsSchema,
  listItemsArgumentsSchema,
  submitBatchArgumentsSchema,
  toolSchemas,
} from "./tool-schemas.js";
import { callWatchTool, WATCH_TOOLS } from "./watch-tools.js";

/** The version the server reports in its `initialize` answer. */
export const MCP_SERVER_VERSION = "0.1.0";

/** The order of a job's stages, for progress notifications (progress must only grow); the answer is the sixth. */
const STAGE_ORDER: Record<JobEvent["type"], number> = {
  queued: 1,
  searching: 2,
  reading: 3,
  answering: 4,
  verifying: 5,
  done: 6,
  failed: 6,
};
const STAGES = 6;

const RESEARCH_NOTE =
  "Dossier searches the web and the subject's own site, reads the pages and answers only from passages it quoted and verified. " +
  "The answer comes with a confidence (0 to 1), details and each source with its quote; `answerText: null` means the pages do not say. " +
  "Takes seconds to a minute; progress is reported.";

/** The tools, with input and output schemas generated from the API's contract. */
export const DOSSIER_TOOLS: Tool[] = [
  {
    name: "research_company",
    title: "Research a company",
    description: `Answer a question about a company from evidence on the web. ${RESEARCH_NOTE}`,
    inputSchema: toolSchemas.research_company.input,
    outputSchema: toolSchemas.research_company.output,
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  {
    name: "research_person",
    title: "Research a person",
    description: `Answer a question about a person (identified by e-mail, profile URL, or name with company), with the enriched person record. ${RESEARCH_NOTE}`,
    inputSchema: toolSchemas.research_person.input,
    outputSchema: toolSchemas.research_person.output,
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  {
    name: "submit_batch",
    title: "Submit a batch",
    description:
      "Submit up to 10,000 research requests (company or person) to run in the background. Answers the batch id and its progress; " +
      "with `wait: true` it waits until the batch is finished, reporting progress. Read the answers with batch_results.",
    inputSchema: toolSchemas.submit_batch.input,
    outputSchema: toolSchemas.submit_batch.output,
    annotations: { openWorldHint: true },
  },
  {
    name: "batch_status",
    title: "Batch progress",
    description: "The progress of a batch: its status and how many items were answered, failed or cancelled.",
    inputSchema: toolSchemas.batch_status.input,
    outputSchema: toolSchemas.batch_status.output,
    annotations: { readOnlyHint: true },
  },
  {
    name: "batch_results",
    title: "Batch results",
    description:
      "The finished result lines of a batch in item order, a page at a time (it may still be running): each line has the item's " +
      "status and its answer (with sources) or its problem. Read on with `after` set to `next_after`.",
    inputSchema: toolSchemas.batch_results.input,
    outputSchema: toolSchemas.batch_results.output,
    annotations: { readOnlyHint: true },
  },
  {
    name: "find_all",
    title: "Find all",
    description:
      'Find every company (or person) an objective describes that meets every criterion, e.g. "climate startups in the Nordics ' +
      'that are hiring engineers". Dossier searches, splits directory, member, portfolio and team pages into candidates, researches ' +
      "each criterion of each candidate, and matches one only when every criterion is proven by a verified quote about it. Criteria " +
      "are derived from the objective when not given. Waits for the list (minutes for long ones), reporting progress, and answers " +
      "the matches with each criterion's quote; read unmatched or unclear items, or more matches, with list_items.",
    inputSchema: toolSchemas.find_all.input,
    outputSchema: toolSchemas.find_all.output,
    annotations: { openWorldHint: true },
  },
  {
    name: "list_items",
    title: "List items",
    description:
      "The items of a list find_all started, a page at a time (it may still be running): matched by default, or unmatched or " +
      "unclear, each with its verdict and quote per criterion. Read on with `after` set to `next_after`.",
    inputSchema: toolSchemas.list_items.input,
    outputSchema: toolSchemas.list_items.output,
    annotations: { readOnlyHint: true },
  },
  ...WATCH_TOOLS,
];

/** A list's state in one line. */
function formatListText(list: ListStatus): string {
  const { candidates, matched, unmatched, unclear } = list.counts;
  return `List ${list.id}: ${list.status}${list.stopReason ? ` (${list.stopReason})` : ""}; ${candidates} candidates, ${matched} matched, ${unmatched} unmatched, ${unclear} unclear. Criteria: ${list.criteria.map((criterion) => `${criterion.id}: ${criterion.description}`).join("; ")}.`;
}

/** One item with each criterion's verdict and first quote. */
function formatItemText(item: ListItem): string {
  const name =
    item.company?.name ?? ([item.person?.firstName, item.person?.lastName].filter(Boolean).join(" ") || item.id);
  const where = item.company?.website ?? item.person?.company?.name ?? "";
  const verdicts = item.verdicts.map((verdict) => {
    const citation = verdict.citations[0];
    return `  ${verdict.criterionId}: ${verdict.satisfied}${citation ? ` — "${citation.quote}" (${citation.url})` : ""}`;
  });
  return [`#${item.index} ${name}${where ? ` (${where})` : ""}: ${item.status}`, ...verdicts].join("\n");
}

/** Reads up to `limit` items of a list past `after`, with where to read on. */
async function readListItems(
  dossier: Dossier,
  id: string,
  page: { status: ListItem["status"]; after: number; limit: number },
  signal: AbortSignal,
): Promise<CallToolResult> {
  const list = await dossier.getList(id, { signal });
  const { items, hasMore } = await dossier.listItemsPage(id, page, { signal });
  const nextAfter = hasMore ? (items.at(-1)?.index ?? page.after) : null;
  const text = [
    formatListText(list),
    ...items.map(formatItemText),
    nextAfter === null ? "No more items now." : `More items: call list_items again with after=${nextAfter}.`,
  ];
  return structured({ list, items, next_after: nextAfter }, text.join("\n"));
}

/** Sends progress notifications for one tool call when its caller asked for them (a progress token). */
type Progress = (progress: number, total: number, message: string) => Promise<void>;

function problemResult(error: DossierApiError): CallToolResult {
  const fields = (error.problem.errors ?? []).map((entry) => `\n- ${entry.path}: ${entry.message}`).join("");
  return {
    isError: true,
    content: [{ type: "text", text: `${error.status} ${error.code}: ${error.problem.detail}${fields}` }],
  };
}

function structured(value: object, text: string): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: value as Record<string, unknown> };
}

/**
 * An MCP server whose tools call the Dossier API through `dossier` (a typed client with the caller's
 * key): research_company, research_person, submit_batch, batch_status and batch_results. Research
 * calls follow their job's events and report each stage as a progress notification.
 */
export function createDossierMcpServer(dossier: Dossier): Server {
  const server = new Server(
    { name: "dossier", title: "Dossier research", version: MCP_SERVER_VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        "Dossier answers questions about companies and people from evidence on the web, with sources, quotes and a confidence. " +
        "Use research_company or research_person for one question; submit_batch for many, then batch_status and batch_results; " +
        "find_all to find every company or person that meets criteria, then list_items; " +
        "create_watch to ask one again on a schedule, then watch_events for what changed.",
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: DOSSIER_TOOLS }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const progressToken = request.params._meta?.progressToken;
    const progress: Progress = async (value, total, message) => {
      if (progressToken === undefined) return;
      const notification: ServerNotification = {
        method: "notifications/progress",
        params: { progressToken, progress: value, total, message },
      };
      await extra.sendNotification(notification).catch(() => {});
    };
    const args = request.params.arguments ?? {};
    try {
      return await callTool(dossier, request.params.name, args, progress, extra.signal);
    } catch (error) {
      if (error instanceof DossierApiError) return problemResult(error);
      if (error instanceof InvalidArguments) return { isError: true, content: [{ type: "text", text: error.message }] };
      throw error;
    }
  });
  return server;
}

/** Arguments that do not fit a tool's schema. */
class InvalidArguments extends Error {}

function parseArguments<T>(schema: z.ZodType<T>, args: unknown): T {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map(
    (issue) => `${issue.path.map(String).join(".") || "(arguments)"}: ${issue.message}`,
  );
  throw new InvalidArguments(`Invalid arguments:\n- ${issues.join("\n- ")}`);
}

async function callTool(
  dossier: Dossier,
  name: string,
  args: Record<string, unknown>,
  progress: Progress,
  signal: AbortSignal,
): Promise<CallToolResult> {
  switch (name) {
    case "research_company":
    case "research_person": {
      let reached = 0;
      // The final event is not reported: the result itself says the job ended, and a notification
      // sent just before the result may reach a client after it has stopped listening for progress.
      const onProgress = (event: JobEvent) => {
        if (event.type === "done" || event.type === "failed") return;
        reached = Math.max(reached, STAGE_ORDER[event.type]);
        const pages = event.type === "reading" ? ` (${event.data.pages} pages)` : "";
        void progress(reached, STAGES, `${event.type}${pages}`);
      };
      // The gateway validates the request and names every bad field; its problem becomes the tool's error.
      const result =
        name === "research_company"
          ? await dossier.researchCompany(args as CompanyResearchRequest, { onProgress, signal })
          : await dossier.researchPerson(args as PersonResearchRequest, { onProgress, signal });
      return structured(result, formatAnswerText(result));
    }
    case "submit_batch": {
      const { wait, ...batch } = parseArguments(submitBatchArgumentsSchema, args);
      let status = await dossier.createBatch(batch as BatchRequest, { signal });
      if (wait) {
        for await (const event of dossier.events({ batchId: status.id }, { signal })) {
          status = event.data;
          if (event.type === "done") break;
          const finished = status.completed + status.failed + (status.cancelled ?? 0);
          await progress(finished, status.total, formatBatchText(status));
        }
      }
      return structured(status, formatBatchText(status));
    }
    case "batch_status": {
      const { id } = parseArguments(batchStatusArgumentsSchema, args);
      const status = await dossier.getBatch(id, { signal });
      return structured(status, formatBatchText(status));
    }
    case "batch_results": {
      const { id, after = -1, limit = 50 } = parseArguments(batchResultsArgumentsSchema, args);
      const batch = await dossier.getBatch(id, { signal });
      const lines: BatchResultLine[] = [];
      for await (const line of dossier.batchResults(id, { after, signal })) {
        lines.push(line);
        if (lines.length >= limit) break;
      }
      const last = lines.at(-1)?.index ?? after;
      const nextAfter = last + 1 >= batch.total ? null : last;
      const text = [
        formatBatchText(batch),
        ...lines.map((line) =>
          line.result
            ? `#${line.index}${line.ref ? ` (${line.ref})` : ""}: ${line.result.answerText ?? "no answer"} [confidence ${line.result.confidence}] ${line.result.sources.join(" ")}`
            : `#${line.index}${line.ref ? ` (${line.ref})` : ""}: ${line.status} ${line.problem?.code ?? ""} ${line.problem?.detail ?? ""}`,
        ),
        nextAfter === null ? "All lines read." : `More lines: call again with after=${nextAfter}.`,
      ];
      return structured({ batch, lines, next_after: nextAfter }, text.join("\n"));
    }
    case "find_all": {
      const { wait = true, ...request } = parseArguments(findAllArgumentsSchema, args);
      let list = await dossier.createList(request as ListRequest, { signal });
      if (wait) {
        for await (const event of dossier.events({ listId: list.id }, { signal })) {
          if (event.type === "done") break;
          if (event.type !== "progress" && event.type !== "matched") continue;
          list = event.type === "progress" ? (event.data as ListStatus) : await dossier.getList(list.id, { signal });
          const decided = list.counts.matched + list.counts.unmatched + list.counts.unclear;
          await progress(decided, Math.max(decided, list.counts.candidates, 1), formatListText(list));
        }
      }
      return readListItems(dossier, list.id, { status: "matched", after: -1, limit: 50 }, signal);
    }
    case "list_items": {
      const { id, status = "matched", after = -1, limit = 50 } = parseArguments(listItemsArgumentsSchema, args);
      return readListItems(dossier, id, { status, after, limit }, signal);
    }
    default: {
      const result = await callWatchTool(dossier, name, args, parseArguments, signal);
      if (result) return result;
      throw new InvalidArguments(
        `Unknown tool ${name}; the tools are ${DOSSIER_TOOLS.map((tool) => tool.name).join(", ")}.`,
      );
    }
  }
}
