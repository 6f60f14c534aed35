import type {
  ListCounts,
  ListStopReason,
  Metadata,
  NormalizedListRequest,
  NormalizedResearchRequest,
  ResearchKind,
  WatchEvent,
  WatchUsage,
  WatchView,
} from "@dossier/contract";
import type { AnswerMemory } from "./compare-answers.js";
import type { ListItemsMemory } from "./compare-list-items.js";

/** A problem as a watch keeps it: its code and what it said. */
export interface ProblemSummary {
  code: string;
  detail: string;
}

/** A list's definition as a watch keeps it: what each run finds again (no callback, no metadata). */
export type WatchedListDefinition = Omit<NormalizedListRequest, "callbackUrl" | "metadata">;

/**
 * What a watch follows, as stored: the normalized research request each run researches, or a list
 * (the list it was made from, and that list's definition, which each run makes again: the list
 * itself is kept only as long as batches are).
 */
export type StoredWatchTarget =
  | { type: "research"; kind: ResearchKind; request: NormalizedResearchRequest }
  | { type: "list"; listId: string; definition: WatchedListDefinition };

/** The list a watch's run made, as the watch shows its latest. */
export interface WatchedListSummary {
  id: string;
  status: "queued" | "running" | "done" | "cancelled" | "failed";
  counts: ListCounts;
  stopReason?: ListStopReason;
}

/** What started a run. */
export type WatchTrigger = "created" | "schedule" | "manual";

/** The latest run of a watch, as `GET /v1/watches/{id}` shows it. */
export type WatchRunSummary = NonNullable<WatchView["lastRun"]>;

/** A watch as stored in its hash (`redisKeys.watch`). */
export interface WatchRecord {
  id: string;
  keyId: string;
  /** When it was made, ms since epoch. */
  createdAt: number;
  every: string;
  everySeconds: number;
  target: StoredWatchTarget;
  /** The research request as the caller gave it, shown back; null for a list. */
  given: Record<string, unknown> | null;
  callbackUrl: string | null;
  metadata: Metadata | null;
  status: "active" | "stopped";
  stoppedReason: ProblemSummary | null;
  lastRun: WatchRunSummary | null;
  /** The id of the latest recorded run: a run recorded again (a worker died after recording it) changes nothing. */
  lastRunId: string | null;
  /** The latest verified answer, as the research call's body (JSON text). */
  lastAnswer: string | null;
  /** When it was found, ms since epoch. */
  lastAnswerAt: number | null;
  /** What the runs found so far, field by field; null before the first answer. */
  memory: AnswerMemory | null;
  /** A watch on a list: the matches the runs found so far; null before the first run that succeeded. */
  listMemory: ListItemsMemory | null;
  /** A watch on a list: the list of the latest run that succeeded. */
  lastList: WatchedListSummary | null;
  /** A watch on a list: the list the run under way made (a run taken over after a crash waits for it). */
  pendingList: { runId: string; listId: string } | null;
  /** Runs that failed in a row. */
  failures: number;
  /** When the first of them failed, ms since epoch. */
  failingSince: number | null;
  /** Why the latest run failed. */
  lastProblem: ProblemSummary | null;
  /** Scheduled runs still to skip while the watch is failing (its back-off). */
  skipRuns: number;
  usage: WatchUsage;
}

/** The usage counters of a watch, as fields of its hash (`usage:<counter>`). */
export const WATCH_USAGE_COUNTERS = [
  "runs",
  "events",
  "modelCalls",
  "promptTokens",
  "completionTokens",
  "searches",
  "pagesFetched",
  "pagesFromCache",
  "pagesNotModified",
] as const satisfies ReadonlyArray<keyof WatchUsage>;

const json = <T>(text: string | undefined): T | null => (text ? (JSON.parse(text) as T) : null);
const number = (text: string | undefined): number | null => (text ? Number(text) : null);

/** The fields a new watch's hash starts with. */
export function newWatchFields(record: {
  id: string;
  keyId: string;
  createdAt: number;
  every: string;
  everySeconds: number;
  target: StoredWatchTarget;
  given: Record<string, unknown> | null;
  callbackUrl: string | null;
  metadata: Metadata | null;
}): Record<string, string> {
  return {
    id: record.id,
    keyId: record.keyId,
    createdAt: String(record.createdAt),
    every: record.every,
    everySeconds: String(record.everySeconds),
    target: JSON.stringify(record.target),
    ...(record.given ? { given: JSON.stringify(record.given) } : {}),
    ...(record.callbackUrl ? { callbackUrl: record.callbackUrl } : {}),
    ...(record.metadata ? { metadata: JSON.stringify(record.metadata) } : {}),
    status: "active",
    failures: "0",
  };
}

/** A watch's hash read back; null when it has no id (deleted, or never made). */
export function parseWatchRecord(hash: Record<string, string>): WatchRecord | null {
  if (!hash.id || !hash.keyId || !hash.target) return null;
  const usage = Object.fromEntries(
    WATCH_USAGE_COUNTERS.map((counter) => [counter, Number(hash[`usage:${counter}`] ?? 0)]),
  ) as WatchUsage;
  return {
    id: hash.id,
    keyId: hash.keyId,
    createdAt: Number(hash.createdAt),
    every: hash.every ?? "",
    everySeconds: Number(hash.everySeconds),
    target: JSON.parse(hash.target) as StoredWatchTarget,
    given: json(hash.given),
    callbackUrl: hash.callbackUrl || null,
    metadata: json(hash.metadata),
    status: hash.status === "stopped" ? "stopped" : "active",
    stoppedReason: json(hash.stoppedReason),
    lastRun: json(hash.lastRun),
    lastRunId: hash.lastRunId ?? null,
    lastAnswer: hash.lastAnswer ?? null,
    lastAnswerAt: number(hash.lastAnswerAt),
    memory: json(hash.memory),
    listMemory: json(hash.listMemory),
    lastList: json(hash.lastList),
    pendingList: json(hash.pendingList),
    failures: Number(hash.failures ?? 0),
    failingSince: number(hash.failingSince),
    lastProblem: json(hash.lastProblem),
    skipRuns: Number(hash.skipRuns ?? 0),
    usage,
  };
}

/** What recording one run writes: fields to set and remove, the event it made, counters to add. */
export interface RunRecord {
  set: Record<string, string>;
  remove?: string[];
  event?: WatchEvent;
  /** Increments of the usage counters (`runs`, `modelCalls`, ...). */
  usage?: Partial<Record<(typeof WATCH_USAGE_COUNTERS)[number], number>>;
}
