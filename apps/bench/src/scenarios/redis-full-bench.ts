import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import type { BatchResultLine, BatchStatus } from "@dossier/contract";
import {
  type FakeChatRequest,
  type RedisServerProcess,
  redisCommand,
  startResearchWorld,
  startScratchRedisServer,
  TEST_COMPANY,
} from "@dossier/testing";
import { formatNumber, formatTable } from "../report/format-table.js";
import type { BenchSettings } from "./bench-settings.js";
import { type BenchStack, startBenchStack } from "./bench-stack.js";
import { assertPremises } from "./premise.js";

/** Items of each of the two batches (issue 22: "two 1,500-item batches"). */
export const REDIS_FULL_BATCH_ITEMS = 1_500;
/** How long Redis is left full (from its first refusal) before `maxmemory` is raised, unless `--seconds` says otherwise. */
export const DEFAULT_FULL_SECONDS = 30;
/** Share of the items finished before `maxmemory` is lowered: Redis fills while the batches run. */
const FILL_AFTER_SHARE = 0.1;
/** `maxmemory` is set this far above `used_memory`: the running batches fill the rest. */
const HEADROOM_BYTES = 512 * 1024;
/** Synchronous callers beside the batches, each with a pause between its calls: a trickle. */
const SYNC_CALLERS = 2;
const SYNC_PAUSE_MS = 250;
/** How long a synchronous call waits for its job (`RESEARCH_TIMEOUT_MS`): shorter than the full window, so that some waits run out while Redis is full. */
const SYNC_TIMEOUT_MS = 10_000;
/** The batches are given up on when no item finished for this long after memory is back; what is left is lost. */
const STALL_MS = 120_000;
/** Interval of the Redis samples (`INFO memory errorstats`). */
const SAMPLE_MS = 250;
const WORKERS = 2;
const WORKER_CONCURRENCY = 20;
/** Delay of every fake model answer: research runs are in flight when Redis fills. */
const MODEL_LATENCY_MS = 200;

const QUESTION = "Is the company SOC 2 Type II certified?";
/** A question unique to `marker`, e.g. `(item a-17)`: the fake model's requests are counted per marker. */
const questionOf = (marker: string) => `${QUESTION} ${marker}`;
const MARKER = /\((?:control|item [ab]-\d+|sync \d+)\)/;

/** One Redis sample. */
export interface RedisSample {
  /** Milliseconds since the scenario's clock started. */
  at: number;
  usedMemory: number;
  /** `maxmemory`; 0 means no limit. */
  maxMemory: number;
  /** Writes refused so far as out of memory (`errorstat_OOM`). */
  refusals: number;
}

/** A field of an `INFO` reply as a number; NaN when absent. */
export function infoNumber(info: string, field: string): number {
  return Number(new RegExp(`^${field}:(\\d+)`, "m").exec(info)?.[1] ?? Number.NaN);
}

/** Writes refused because Redis was full, from `INFO errorstats`: 0 when none was. */
export function oomRefusals(info: string): number {
  return Number(/^errorstat_OOM:count=(\d+)/m.exec(info)?.[1] ?? 0);
}

/** Calls refused or failed, by command, from `INFO commandstats` (`rejected_calls + failed_calls`). */
export function refusedByCommand(info: string): Record<string, number> {
  const refused: Record<string, number> = {};
  for (const match of info.matchAll(/^cmdstat_([^:]+):.*\brejected_calls=(\d+),failed_calls=(\d+)/gm)) {
    const count = Number(match[2]) + Number(match[3]);
    if (count > 0) refused[match[1]!] = count;
  }
  return refused;
}

/** `after` less `before`, per name, keeping the names that grew. */
export function countsGrown(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const grown: Record<string, number> = {};
  for (const [name, count] of Object.entries(after)) {
    const delta = count - (before[name] ?? 0);
    if (delta > 0) grown[name] = delta;
  }
  return grown;
}

/** How long Redis refused writes, read from the samples. */
export interface Fullness {
  /** Writes refused in all. */
  refusals: number;
  /** The first sample that saw a refusal, in ms since the limit was set; undefined when none did. */
  firstRefusalMs: number | undefined;
  /** The last such sample, in ms since the limit was set. */
  lastRefusalMs: number | undefined;
  /** Sum of the sample intervals in which Redis refused writes, in ms. */
  refusingMs: number;
  /** Largest `used_memory` sampled while the limit held, in bytes. */
  peakUsedBytes: number;
}

/** Reads {@link Fullness} from samples taken every few hundred ms, `limitAt` being when `maxmemory` was lowered. */
export function summarizeFullness(samples: readonly RedisSample[], limitAt: number): Fullness {
  let firstRefusalMs: number | undefined;
  let lastRefusalMs: number | undefined;
  let refusingMs = 0;
  let peakUsedBytes = 0;
  for (let index = 1; index < samples.length; index += 1) {
    const previous = samples[index - 1]!;
    const sample = samples[index]!;
    if (sample.maxMemory > 0 && sample.at >= limitAt) peakUsedBytes = Math.max(peakUsedBytes, sample.usedMemory);
    if (sample.refusals <= previous.refusals) continue;
    firstRefusalMs ??= sample.at - limitAt;
    lastRefusalMs = sample.at - limitAt;
    refusingMs += sample.at - previous.at;
  }
  const first = samples[0]?.refusals ?? 0;
  const last = samples.at(-1)?.refusals ?? 0;
  return { refusals: last - first, firstRefusalMs, lastRefusalMs, refusingMs, peakUsedBytes };
}

/** One synchronous call of the trickle, as its caller saw it. */
export interface SyncOutcome {
  marker: string;
  /** HTTP status; 0 when the call itself failed (connection reset, time-out). */
  status: number;
  /** The `Retry-After` header, when sent. */
  retryAfter: string | null;
  /** The problem's `code`, when the answer was one. */
  code: string | undefined;
  /** Whether the problem's detail says Redis is full. */
  saysFull: boolean;
  /** Whether the problem names the call's job (`jobId`): its wait ran out, and the job goes on. */
  namesJob: boolean;
}

/** `200`, `503 retryable` (with a `Retry-After` in seconds) or `other`: the issue's target allows the first two. */
export function syncOutcomeKind(
  outcome: Pick<SyncOutcome, "status" | "retryAfter">,
): "200" | "503 retryable" | "other" {
  if (outcome.status === 200) return "200";
  if (outcome.status === 503 && /^\d+$/.test(outcome.retryAfter ?? "")) return "503 retryable";
  return "other";
}

/** Model calls per marker, from the fake model's requests. */
export function modelCallsByMarker(requests: readonly Pick<FakeChatRequest, "userText">[]): Map<string, number> {
  const calls = new Map<string, number>();
  for (const request of requests) {
    const marker = MARKER.exec(request.userText)?.[0];
    if (marker) calls.set(marker, (calls.get(marker) ?? 0) + 1);
  }
  return calls;
}

/** `1 run`, `2 runs`, `0 runs`, `1.5 runs`: an item's model calls as runs of `callsPerRun` calls. */
export function runsText(calls: number, callsPerRun: number): string {
  const runs = Math.round((calls / callsPerRun) * 100) / 100;
  return `${runs} run${runs === 1 ? "" : "s"}`;
}

/** One batch at the end: its counters, and the statuses of its result lines. */
export interface BatchOutcome {
  /** The key that made it: `a` or `b`. */
  key: "a" | "b";
  total: number;
  completed: number;
  failed: number;
  cancelled: number;
  /** Items that never finished: total less completed, failed and cancelled. */
  lost: number;
  /** Result lines by status (`200`, `500`, ...). */
  statuses: Record<string, number>;
  /** The codes of the failed lines, counted. */
  failureCodes: Record<string, number>;
  /** Submission to its end, or to the moment it was given up on, in ms. */
  ranMs: number;
  finished: boolean;
}

/** Everything `bench redis-full` measured. */
export interface RedisFullFigures {
  batches: BatchOutcome[];
  /** Model calls one run of the question makes (a control call before the batches). */
  callsPerRun: number;
  /** Items by the number of runs their model calls make (`1`, `2`, `0.5`), counted. */
  runsPerItem: Record<string, number>;
  /** Items whose question the model was asked more often than one run asks. */
  itemsResearchedTwice: number;
  /** Synchronous calls, each with what it answered. */
  sync: SyncOutcome[];
  /** Synchronous calls whose question the model was asked more often than one run asks. */
  syncResearchedTwice: number;
  /** `maxmemory` while Redis was full, and `used_memory` when it was set, in bytes. */
  limitBytes: number;
  usedAtLimitBytes: number;
  /** Items finished when the limit was set. */
  finishedAtLimit: number;
  fullness: Fullness;
  /** Calls Redis refused or failed while the limit held, by command (a script's refusal counts against `evalsha`). */
  refusedCommands: Record<string, number>;
  /** When `maxmemory` was raised (to no limit), in ms after the limit was set. */
  raisedAfterMs: number;
  /** From raising `maxmemory` to the end of both batches (or to giving up on them), in ms. */
  drainMs: number;
  /** Worker log lines, counted: `outcome kept` (an answer Redis refused, held until it had room) and `unexpected research error`. */
  workerLog: WorkerLogCounts;
}

/** What the workers logged that tells how they met the full Redis. */
export interface WorkerLogCounts {
  /** Jobs whose outcome Redis refused and the worker kept, to write again once Redis had room. */
  outcomesKept: number;
  /** Errors the worker took for a bug (the issue's defect logged these for "OOM command not allowed"). */
  unexpectedErrors: number;
}

/** Counts the lines of interest in `lines` into `counts`. */
export function countWorkerLine(counts: WorkerLogCounts, line: string): void {
  if (line.includes('"msg":"outcome kept: Redis is full')) counts.outcomesKept += 1;
  if (line.includes('"msg":"unexpected research error"')) counts.unexpectedErrors += 1;
}

/** Counts the workers' log lines as they come (the stack keeps only the last few). */
function countWorkerLines(stack: BenchStack): WorkerLogCounts {
  const counts: WorkerLogCounts = { outcomesKept: 0, unexpectedErrors: 0 };
  for (const worker of stack.workers)
    for (const stream of [worker.child.stdout, worker.child.stderr])
      if (stream) createInterface({ input: stream }).on("line", (line) => countWorkerLine(counts, line));
  return counts;
}

/** Each way the figures miss the issue's target (0 failed, 0 lost, 0 researched twice, only 200 or a retryable 503); empty when met. */
export function redisFullMisses(figures: RedisFullFigures): string[] {
  const sum = (pick: (batch: BatchOutcome) => number) =>
    figures.batches.reduce((total, batch) => total + pick(batch), 0);
  const misses: string[] = [];
  const failed = sum((batch) => batch.failed);
  const lost = sum((batch) => batch.lost);
  const other = figures.sync.filter((outcome) => syncOutcomeKind(outcome) === "other").length;
  if (failed > 0) misses.push(`${failed} items failed`);
  if (lost > 0) misses.push(`${lost} items lost`);
  if (figures.itemsResearchedTwice > 0) misses.push(`${figures.itemsResearchedTwice} items researched twice`);
  if (figures.syncResearchedTwice > 0) misses.push(`${figures.syncResearchedTwice} synchronous calls researched twice`);
  if (other > 0) misses.push(`${other} synchronous calls answered neither 200 nor a retryable 503`);
  return misses;
}

const counted = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([first], [second]) => first.localeCompare(second, "en", { numeric: true }))
    .map(([name, count]) => `${name}: ${formatNumber(count, 0)}`)
    .join(", ") || "-";
/** The `count` largest entries, largest first. */
const largest = (counts: Record<string, number>, count: number) =>
  Object.entries(counts)
    .sort(([, first], [, second]) => second - first)
    .slice(0, count)
    .map(([name, value]) => `${name} ${formatNumber(value, 0)}`)
    .join(", ") || "-";
const seconds = (milliseconds: number | undefined) =>
  milliseconds === undefined ? "-" : `${formatNumber(milliseconds / 1000, 1)} s`;
const mebibytes = (bytes: number) => `${formatNumber(bytes / 2 ** 20, 2)} MiB`;

/** The scenario's tables, Redis's fullness and the target line. */
export function formatRedisFullFigures(figures: RedisFullFigures): string {
  const batchTable = formatTable(
    ["batch", "items", "done (200)", "failed", "cancelled", "lost (never finished)", "result statuses", "ran"],
    figures.batches.map((batch) => [
      `key ${batch.key}`,
      batch.total,
      batch.completed,
      batch.failed,
      batch.cancelled,
      batch.lost,
      `${counted(batch.statuses)}${Object.keys(batch.failureCodes).length > 0 ? ` (${counted(batch.failureCodes)})` : ""}`,
      `${seconds(batch.ranMs)}${batch.finished ? "" : " (given up)"}`,
    ]),
  );
  const kinds: Record<string, number> = { "200": 0, "503 retryable": 0, other: 0 };
  const others: Record<string, number> = {};
  for (const outcome of figures.sync) {
    const kind = syncOutcomeKind(outcome);
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    if (kind === "other") {
      const name = `${outcome.status}${outcome.code ? ` ${outcome.code}` : ""}`;
      others[name] = (others[name] ?? 0) + 1;
    }
  }
  const retryable = figures.sync.filter((outcome) => syncOutcomeKind(outcome) === "503 retryable");
  const syncTable = formatTable(
    [
      "synchronous calls (key a)",
      "calls",
      "200",
      "503 with Retry-After",
      "of which say Redis is full",
      "of which name their job (wait ran out)",
      "other",
    ],
    [
      [
        `${SYNC_CALLERS} callers, ${SYNC_PAUSE_MS} ms between calls, RESEARCH_TIMEOUT_MS ${SYNC_TIMEOUT_MS}`,
        figures.sync.length,
        kinds["200"],
        kinds["503 retryable"],
        retryable.filter((outcome) => outcome.saysFull).length,
        retryable.filter((outcome) => outcome.namesJob).length,
        kinds.other === 0 ? 0 : `${kinds.other} (${counted(others)})`,
      ],
    ],
  );
  const { fullness } = figures;
  const items = figures.batches.reduce((total, batch) => total + batch.total, 0);
  const misses = redisFullMisses(figures);
  return [
    `Two batches of ${formatNumber(REDIS_FULL_BATCH_ITEMS, 0)} items (keys a and b) and a trickle of synchronous calls on ${WORKERS} workers x ${WORKER_CONCURRENCY}, model ${MODEL_LATENCY_MS} ms. With ${formatNumber(figures.finishedAtLimit, 0)} of ${formatNumber(items, 0)} items done, maxmemory was set to ${mebibytes(figures.limitBytes)} (used_memory ${mebibytes(figures.usedAtLimitBytes)} + ${formatNumber(HEADROOM_BYTES / 1024, 0)} KiB, policy noeviction).`,
    "",
    `Redis full: first write refused ${seconds(fullness.firstRefusalMs)} after the limit was set, the last ${seconds(fullness.lastRefusalMs)} after; ${formatNumber(fullness.refusals, 0)} writes refused (errorstat_OOM), refusing in ${seconds(fullness.refusingMs)} of ${SAMPLE_MS} ms samples; calls refused or failed meanwhile, by command: ${largest(figures.refusedCommands, 6)}; peak used_memory ${mebibytes(fullness.peakUsedBytes)}. maxmemory raised (to no limit) ${seconds(figures.raisedAfterMs)} after it was set; both batches ended ${seconds(figures.drainMs)} later.`,
    "",
    batchTable,
    "",
    syncTable,
    "",
    `Researched twice (the fake model asked about an item's question more often than one run asks, ${figures.callsPerRun} call${figures.callsPerRun === 1 ? "" : "s"}): ${figures.itemsResearchedTwice} items, ${figures.syncResearchedTwice} synchronous calls. Items by runs of model calls: ${counted(figures.runsPerItem)}. The workers kept ${formatNumber(figures.workerLog.outcomesKept, 0)} answers that Redis refused (\`outcome kept: Redis is full\`) and logged ${formatNumber(figures.workerLog.unexpectedErrors, 0)} unexpected research errors.`,
    "",
    `Target: 0 items failed, 0 lost, 0 researched twice, every synchronous call 200 or a retryable 503: ${misses.length === 0 ? "met" : `MISSED (${misses.join("; ")})`}.`,
  ].join("\n");
}

/** Polls Redis every {@link SAMPLE_MS} ms until stopped. */
function sampleRedis(stack: BenchStack, clock: () => number) {
  const samples: RedisSample[] = [];
  let stopped = false;
  const take = async () => {
    const info = String(await stack.redis.call("INFO", "memory", "errorstats"));
    samples.push({
      at: clock(),
      usedMemory: infoNumber(info, "used_memory"),
      maxMemory: infoNumber(info, "maxmemory"),
      refusals: oomRefusals(info),
    });
  };
  const loop = (async () => {
    while (!stopped) {
      await take().catch(() => {});
      await sleep(SAMPLE_MS);
    }
  })();
  return {
    samples,
    /** Takes one more sample, waits for the loop to end and returns every sample. */
    async stop() {
      stopped = true;
      await loop;
      await take().catch(() => {});
      return samples;
    },
  };
}

/** The fields of a problem+json body the scenario reads; none when the body is not JSON. */
function problemOf(text: string): { code?: string; detail?: string; jobId?: string } {
  try {
    return JSON.parse(text) as { code?: string; detail?: string; jobId?: string };
  } catch {
    return {};
  }
}

/** Synchronous calls of key a, each with a question of its own, until stopped. */
function startTrickle(stack: BenchStack) {
  const outcomes: SyncOutcome[] = [];
  let next = 0;
  let stopped = false;
  const caller = async () => {
    while (!stopped) {
      const marker = `(sync ${next++})`;
      try {
        const response = await fetch(`${stack.origin}/v1/research/company`, {
          method: "POST",
          headers: { ...stack.headers("a"), "content-type": "application/json" },
          body: JSON.stringify({ question: questionOf(marker), responseType: "BOOL", company: TEST_COMPANY }),
        });
        const text = await response.text();
        const problem = response.ok ? undefined : problemOf(text);
        outcomes.push({
          marker,
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          code: problem?.code,
          saysFull: problem?.detail?.includes("Redis is full") ?? false,
          namesJob: typeof problem?.jobId === "string",
        });
      } catch {
        outcomes.push({ marker, status: 0, retryAfter: null, code: undefined, saysFull: false, namesJob: false });
      }
      await sleep(SYNC_PAUSE_MS);
    }
  };
  const callers = Array.from({ length: SYNC_CALLERS }, caller);
  return {
    outcomes,
    async stop() {
      stopped = true;
      await Promise.all(callers);
    },
  };
}

async function submitBatch(stack: BenchStack, key: "a" | "b"): Promise<string> {
  const items = Array.from({ length: REDIS_FULL_BATCH_ITEMS }, (_, index) => ({
    type: "company",
    ref: `${key}-${index}`,
    request: { question: questionOf(`(item ${key}-${index})`), responseType: "BOOL", company: TEST_COMPANY },
  }));
  const response = await fetch(`${stack.origin}/v1/batches`, {
    method: "POST",
    headers: { ...stack.headers(key), "content-type": "application/json" },
    body: JSON.stringify({ items }),
  });
  const text = await response.text();
  if (response.status !== 202) throw new Error(`the batch of key ${key} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { id: string }).id;
}

async function batchStatus(stack: BenchStack, key: "a" | "b", id: string): Promise<BatchStatus> {
  const response = await fetch(`${stack.origin}/v1/batches/${id}`, { headers: stack.headers(key) });
  if (!response.ok) throw new Error(`GET /v1/batches/${id} answered ${response.status}`);
  return (await response.json()) as BatchStatus;
}

const ended = (status: BatchStatus) => status.finishedAt !== null;
const finishedItems = (status: BatchStatus) => status.completed + status.failed + (status.cancelled ?? 0);

async function resultLines(stack: BenchStack, key: "a" | "b", id: string, done: boolean): Promise<BatchResultLine[]> {
  const response = await fetch(`${stack.origin}/v1/batches/${id}/results${done ? "" : "?after=-1"}`, {
    headers: stack.headers(key),
  });
  if (!response.ok) throw new Error(`the results of ${id} answered ${response.status}`);
  return (await response.text())
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BatchResultLine);
}

/**
 * `bench redis-full`: Redis reaches `maxmemory` (policy `noeviction`) under two 1,500-item batches
 * and a trickle of synchronous calls, stays full a while, then gets room again; the scenario counts
 * what failed, what never finished, what was researched twice and what the synchronous callers got.
 * Runs on a redis-server of its own. Throws a `BrokenPremiseError` when Redis never refused a write.
 */
export async function runRedisFullBench(settings: BenchSettings, fullSeconds: number): Promise<RedisFullFigures> {
  const server: RedisServerProcess = await startScratchRedisServer(["--maxmemory-policy", "noeviction"]);
  const port = server.port;
  const world = await startResearchWorld({ modelLatencyMs: MODEL_LATENCY_MS });
  try {
    const stack = await startBenchStack({
      workers: WORKERS,
      redisUrl: `redis://127.0.0.1:${port}`,
      profile: settings.profile,
      env: {
        ...world.env,
        WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
        RESEARCH_TIMEOUT_MS: String(SYNC_TIMEOUT_MS),
      },
    });
    try {
      return await measure(settings, stack, port, world.model.requests, fullSeconds * 1000);
    } finally {
      await stack.stop();
    }
  } finally {
    await world.close();
    await server.stop("SIGKILL");
  }
}

async function measure(
  settings: BenchSettings,
  stack: BenchStack,
  port: number,
  modelRequests: readonly FakeChatRequest[],
  fullMs: number,
): Promise<RedisFullFigures> {
  const workerLog = countWorkerLines(stack);
  settings.log("redis-full: a control call, for the model calls one run makes");
  const control = await fetch(`${stack.origin}/v1/research/company`, {
    method: "POST",
    headers: { ...stack.headers("a"), "content-type": "application/json" },
    body: JSON.stringify({ question: questionOf("(control)"), responseType: "BOOL", company: TEST_COMPANY }),
  });
  if (control.status !== 200) throw new Error(`the control call answered ${control.status}: ${await control.text()}`);
  const callsPerRun = modelCallsByMarker(modelRequests).get("(control)") ?? 0;
  if (callsPerRun === 0)
    throw new Error("the control call made no model call: items researched twice cannot be counted");

  const started = performance.now();
  const clock = () => performance.now() - started;
  const sampler = sampleRedis(stack, clock);
  const trickle = startTrickle(stack);
  let samples: RedisSample[] = [];
  try {
    settings.log(`redis-full: submitting two batches of ${REDIS_FULL_BATCH_ITEMS} items (keys a and b)`);
    const ids = { a: await submitBatch(stack, "a"), b: await submitBatch(stack, "b") };
    const submittedAt = clock();
    const statuses = async () => ({
      a: await batchStatus(stack, "a", ids.a),
      b: await batchStatus(stack, "b", ids.b),
    });
    const finished = async () => {
      const both = await statuses();
      return finishedItems(both.a) + finishedItems(both.b);
    };
    const total = 2 * REDIS_FULL_BATCH_ITEMS;
    while ((await finished()) < total * FILL_AFTER_SHARE) await sleep(100);

    const usedAtLimitBytes = infoNumber(String(await stack.redis.call("INFO", "memory")), "used_memory");
    const limitBytes = usedAtLimitBytes + HEADROOM_BYTES;
    const finishedAtLimit = await finished();
    const commandsAtLimit = refusedByCommand(String(await stack.redis.call("INFO", "commandstats")));
    await redisCommand(port, "CONFIG", "SET", "maxmemory", limitBytes);
    const limitAt = clock();
    settings.log(
      `redis-full: maxmemory ${limitBytes} bytes with ${finishedAtLimit} items done; waiting for it to fill`,
    );
    const refusedBefore = oomRefusals(String(await stack.redis.call("INFO", "errorstats")));
    const fillDeadline = performance.now() + 120_000;
    while (oomRefusals(String(await stack.redis.call("INFO", "errorstats"))) === refusedBefore) {
      const both = await statuses();
      if ((ended(both.a) && ended(both.b)) || performance.now() > fillDeadline) break;
      await sleep(100);
    }
    settings.log(`redis-full: Redis is full; keeping it so for ${fullMs / 1000} s`);
    await sleep(fullMs);
    await redisCommand(port, "CONFIG", "SET", "maxmemory", 0);
    const raisedAt = clock();
    const refusedCommands = countsGrown(
      commandsAtLimit,
      refusedByCommand(String(await stack.redis.call("INFO", "commandstats"))),
    );
    settings.log("redis-full: maxmemory raised; waiting for both batches to end");

    let last = await statuses();
    let progressAt = performance.now();
    let progress = finishedItems(last.a) + finishedItems(last.b);
    const endedAt: Partial<Record<"a" | "b", number>> = {};
    while (!(ended(last.a) && ended(last.b)) && performance.now() - progressAt < STALL_MS) {
      await sleep(250);
      last = await statuses();
      for (const key of ["a", "b"] as const) if (ended(last[key])) endedAt[key] ??= clock();
      const now = finishedItems(last.a) + finishedItems(last.b);
      if (now > progress) {
        progress = now;
        progressAt = performance.now();
      }
    }
    const drainMs = clock() - raisedAt;
    await trickle.stop();
    samples = await sampler.stop();

    const batches: BatchOutcome[] = [];
    for (const key of ["a", "b"] as const) {
      const status = last[key];
      const lines = await resultLines(stack, key, ids[key], ended(status));
      const lineStatuses: Record<string, number> = {};
      const failureCodes: Record<string, number> = {};
      for (const line of lines) {
        lineStatuses[String(line.status)] = (lineStatuses[String(line.status)] ?? 0) + 1;
        if (line.status !== 200) {
          const code = (line as { problem?: { code?: string } }).problem?.code ?? "no code";
          failureCodes[code] = (failureCodes[code] ?? 0) + 1;
        }
      }
      batches.push({
        key,
        total: status.total,
        completed: status.completed,
        failed: status.failed,
        cancelled: status.cancelled ?? 0,
        lost: status.total - finishedItems(status),
        statuses: lineStatuses,
        failureCodes,
        ranMs: (endedAt[key] ?? clock()) - submittedAt,
        finished: ended(status),
      });
    }

    const calls = modelCallsByMarker(modelRequests);
    const runsPerItem: Record<string, number> = {};
    let itemsResearchedTwice = 0;
    let itemModelCalls = 0;
    for (const key of ["a", "b"] as const) {
      for (let index = 0; index < REDIS_FULL_BATCH_ITEMS; index += 1) {
        const count = calls.get(`(item ${key}-${index})`) ?? 0;
        itemModelCalls += count;
        const runs = runsText(count, callsPerRun);
        runsPerItem[runs] = (runsPerItem[runs] ?? 0) + 1;
        if (count > callsPerRun) itemsResearchedTwice += 1;
      }
    }
    const syncResearchedTwice = trickle.outcomes.filter(
      (outcome) => (calls.get(outcome.marker) ?? 0) > callsPerRun,
    ).length;
    const fullness = summarizeFullness(samples, limitAt);
    // Figures of a Redis that never refused a write say nothing of a full one.
    assertPremises("redis-full", ["Redis refused writes"], {
      calls: batches.reduce((sum, batch) => sum + batch.completed, 0),
      searches: 0,
      pages: 0,
      modelCalls: itemModelCalls,
      redisRefusals: fullness.refusals,
    });
    return {
      batches,
      callsPerRun,
      runsPerItem,
      itemsResearchedTwice,
      sync: trickle.outcomes,
      syncResearchedTwice,
      limitBytes,
      usedAtLimitBytes,
      finishedAtLimit,
      fullness,
      refusedCommands,
      raisedAfterMs: raisedAt - limitAt,
      drainMs,
      workerLog: { ...workerLog },
    };
  } finally {
    await trickle.stop();
    if (samples.length === 0) await sampler.stop();
    await redisCommand(port, "CONFIG", "SET", "maxmemory", 0).catch(() => {});
  }
}
