import { hash } from "node:crypto";
import {
  isDossierError,
  type NormalizedResearchRequest,
  type ResearchResponse,
  type WatchEvent,
} from "@dossier/contract";
import { DelayedError, type Job, Worker } from "bullmq";
import { startOnHeldTake, writeHeld } from "../held-writes.js";
import { researchJobId } from "../jobs/job-id.js";
import type { ResearchQueue } from "../jobs/research-queue.js";
import type { ApiKeyStore } from "../keys/api-key-store.js";
import { jobPriorities, redisKeys, WATCH_QUEUE } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";
import type { ReplicaConfirmation } from "../replica-confirmation.js";
import { admitCalls } from "../usage/usage-ledger.js";
import { compareAnswers } from "./compare-answers.js";
import { compareListItems } from "./compare-list-items.js";
import { observeAnswer } from "./observe-answer.js";
import type { WatchCallbacks } from "./watch-callbacks.js";
import type { ProblemSummary, RunRecord, WatchedListSummary, WatchRecord, WatchTrigger } from "./watch-record.js";
import { runIdOf, type WatchRunData, type WatchSchedule } from "./watch-schedule.js";
import type { WatchStore } from "./watch-store.js";
import { type ListWatchSettings, runWatchedList } from "./watched-list-run.js";

/** The first wait before research asked while the queue was unreachable is asked again; doubled each time. */
const UNAVAILABLE_FIRST_WAIT_MS = 500;
/** The last wait: about 15 s in all, longer than a Sentinel failover takes. */
const UNAVAILABLE_LAST_WAIT_MS = 8_000;
/** A scheduled run reads evidence no older than this share of the watch's interval. */
export const WATCH_FRESHNESS_SHARE = 0.25;
/** Failed runs in a row after which scheduled runs are spaced out. */
export const FAILURES_BEFORE_BACKOFF = 3;
/** The longest a failing watch waits between scheduled attempts, in seconds (30 days). */
const MAX_BACKOFF_SECONDS = 30 * 86_400;
/** How long a run asked for while another run of the watch is under way waits before it tries again. */
const BUSY_RETRY_MS = 2_000;

/** What one run came to, for the log. */
export interface WatchRunReport {
  watchId: string;
  runId: string;
  trigger: WatchTrigger;
  outcome: "baseline" | "unchanged" | "changed" | "failed" | "skipped" | "stopped";
  changes?: number;
  code?: string;
}

export interface WatchRunnerSettings {
  prefix: string;
  /** A command connection: the run lock and the usage ledger. */
  redis: RedisClient;
  /** The connection of BullMQ's worker (role `blocking`, no pipelining). */
  queueConnection: RedisClient;
  store: WatchStore;
  schedule: WatchSchedule;
  /** Where a run's research goes: the fleet's research queue, waited on like a gateway waits. */
  research: ResearchQueue;
  /** The keys, for a key's monthly limits and whether it was revoked. */
  keys: ApiKeyStore;
  callbacks: WatchCallbacks;
  /** Runs one worker process waits on at once (`WATCH_CONCURRENCY`). */
  concurrency: number;
  /** BullMQ job lock, in milliseconds (`JOB_LOCK_MS`): a dead worker's run is taken over after about this long. */
  lockMs: number;
  /** How long a run waits for its research, in milliseconds (`WATCH_RUN_TIMEOUT_MS`). */
  runTimeoutMs: number;
  onRun?: (report: WatchRunReport) => void;
  /** Lists, for watches on a list; absent, such a watch's runs fail saying so. */
  lists?: ListWatchSettings;
  /**
   * Behind Sentinel, the confirmation of `redis` and `queueConnection`: a run starts only once a
   * replica holds its start, and its charge against the key's quota, the list it makes (a watch on a
   * list) and what it records (its answer, its event, its callback, a skip or a stop) count as
   * written once a replica holds them, written again on the new primary after a
   * failover (see {@link writeHeld}).
   */
  confirmation?: ReplicaConfirmation;
}

/** The id of the event a run makes: derived from the watch and the run, the same however often it is delivered. */
export function watchEventId(watchId: string, runId: string): string {
  return `we-${hash("sha256", `${watchId}\n${runId}`, "base64url").slice(0, 22)}`;
}

/**
 * The research a run asks for: the first run (the baseline every later one is compared with) and a
 * run on demand read everything anew (`maxAgeSeconds: 0`); a scheduled one takes evidence no older
 * than a quarter of the interval, or the request's own `maxAgeSeconds` when that is stricter, so
 * that it never gets yesterday's answer again.
 */
/** The event of a run that found changes, with its stable id; none for a run that found none. */
function changeEvent(
  watchId: string,
  runId: string,
  now: number,
  changes: WatchEvent["changes"],
  more: Pick<WatchEvent, "listId"> = {},
): WatchEvent | undefined {
  if (changes.length === 0) return undefined;
  return {
    id: watchEventId(watchId, runId),
    watchId,
    runId,
    detectedAt: new Date(now).toISOString(),
    changes,
    ...more,
  };
}

export function runRequest(
  request: NormalizedResearchRequest,
  everySeconds: number,
  trigger: WatchTrigger,
): NormalizedResearchRequest {
  const share = Math.floor(everySeconds * WATCH_FRESHNESS_SHARE);
  const maxAgeSeconds = trigger === "schedule" ? Math.min(share, request.maxAgeSeconds ?? share) : 0;
  return { ...request, maxAgeSeconds };
}

/**
 * How many scheduled runs a watch skips after `failures` failed runs in a row: none before
 * {@link FAILURES_BEFORE_BACKOFF}, then the next one, then the next three, seven, ... (the wait
 * doubles), so that attempts are at most 30 days apart. A run on demand is never skipped.
 */
export function scheduledRunsToSkip(failures: number, everySeconds: number): number {
  if (failures < FAILURES_BEFORE_BACKOFF) return 0;
  const most = Math.max(0, Math.floor(MAX_BACKOFF_SECONDS / everySeconds) - 1);
  return Math.min(2 ** Math.min(failures - FAILURES_BEFORE_BACKOFF + 1, 20) - 1, most);
}

const RELEASE_SCRIPT = new RedisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

const summary = (error: unknown): ProblemSummary =>
  isDossierError(error)
    ? { code: error.code, detail: error.detail }
    : { code: "RESEARCH_FAILED", detail: "The run failed unexpectedly; the next one tries again." };

/**
 * Runs watches: BullMQ's job schedulers and `POST /v1/watches/{id}/run` put run jobs in the watch
 * queue, and this worker takes them. A run admits one call against the key's monthly limits, puts
 * the research on the fleet as a normal job, waits for its verified answer, compares it with the
 * last one and records the outcome and any change event in one step; the event goes to the
 * callback URL. One run of a watch at a time (a lock in Redis); a run taken over from a dead
 * worker has the same id, so it is charged, recorded, and its event delivered, once.
 */
export function createWatchWorker(settings: WatchRunnerSettings): Worker<WatchRunData> {
  const { prefix, redis, store } = settings;
  const held = { confirmation: settings.confirmation, connections: [redis, settings.queueConnection] };

  /**
   * Records a run (see {@link WatchStore.recordRun}) and queues the delivery of its event, held on a
   * replica. Made again after a failover, the record the new primary already has is `already`: the
   * run is still this one's, and its event's delivery is queued (once, by its id).
   */
  const record = (watch: WatchRecord, runId: string, run: RunRecord) => {
    let recordedHere = false;
    return writeHeld(held, async () => {
      const recorded = await store.recordRun(watch.id, runId, run);
      if (recorded === "gone") return recorded;
      recordedHere ||= recorded === "recorded";
      if (recordedHere && run.event && watch.callbackUrl) await settings.callbacks.enqueue(watch.id, run.event.id);
      return recordedHere ? "recorded" : recorded;
    });
  };

  const report = (
    watch: WatchRecord,
    runId: string,
    trigger: WatchTrigger,
    rest: Omit<WatchRunReport, "watchId" | "runId" | "trigger">,
  ) => settings.onRun?.({ watchId: watch.id, runId, trigger, ...rest });

  /** Records a run that did not get an answer: the watch keeps its last one and says why. */
  const recordFailure = async (
    watch: WatchRecord,
    runId: string,
    trigger: WatchTrigger,
    problem: ProblemSummary,
    outcome: "failed" | "skipped",
  ) => {
    const now = Date.now();
    const lastRun = JSON.stringify({ id: runId, at: new Date(now).toISOString(), trigger, outcome, problem });
    const skip = scheduledRunsToSkip(watch.failures + 1, watch.everySeconds);
    const run: RunRecord =
      outcome === "skipped"
        ? { set: { lastRun }, remove: ["pendingList"] }
        : {
            remove: ["pendingList"],
            set: {
              lastRun,
              failures: String(watch.failures + 1),
              failingSince: String(watch.failingSince ?? now),
              lastProblem: JSON.stringify(problem),
              skipRuns: String(skip),
            },
            usage: { runs: 1 },
          };
    await record(watch, runId, run);
    report(watch, runId, trigger, { outcome, code: problem.code });
  };

  /** A run of a watch on a list: the list made again, its matches compared with the last run's. */
  const runList = async (watch: WatchRecord, runId: string, trigger: WatchTrigger) => {
    if (!settings.lists) {
      await recordFailure(
        watch,
        runId,
        trigger,
        { code: "RESEARCH_FAILED", detail: "This worker cannot run lists; the next run tries again." },
        "failed",
      );
      return;
    }
    const outcome = await runWatchedList(watch, runId, trigger, {
      settings: settings.lists,
      store,
      freshnessSeconds: Math.floor(watch.everySeconds * WATCH_FRESHNESS_SHARE),
      timeoutMs: settings.runTimeoutMs,
      held,
    });
    if (outcome.status === "gone") {
      report(watch, runId, trigger, { outcome: "stopped" });
      return;
    }
    if (outcome.status !== "done") {
      await recordFailure(watch, runId, trigger, outcome.problem, outcome.status);
      return;
    }
    const { list, findings } = outcome;
    const comparison = compareListItems(watch.listMemory, findings, settings.lists.identify);
    const now = Date.now();
    const event = changeEvent(watch.id, runId, now, comparison.changes, { listId: list.id });
    const result = watch.listMemory === null ? "baseline" : event ? "changed" : "unchanged";
    const lastList: WatchedListSummary = {
      id: list.id,
      status: list.status,
      counts: list.counts,
      ...(list.stopReason ? { stopReason: list.stopReason } : {}),
    };
    const recorded = await record(watch, runId, {
      set: {
        lastRun: JSON.stringify({
          id: runId,
          at: new Date(now).toISOString(),
          trigger,
          outcome: result,
          ...(event ? { eventId: event.id } : {}),
        }),
        lastList: JSON.stringify(lastList),
        lastAnswerAt: String(now),
        listMemory: JSON.stringify(comparison.memory),
        failures: "0",
      },
      remove: ["failingSince", "lastProblem", "skipRuns", "pendingList"],
      ...(event ? { event } : {}),
      usage: {
        runs: 1,
        events: event ? 1 : 0,
        modelCalls: list.usage.modelCalls,
        promptTokens: list.usage.promptTokens,
        completionTokens: list.usage.completionTokens,
        searches: list.usage.searches,
        pagesFetched: list.usage.pagesFetched,
      },
    });
    if (recorded === "gone") {
      report(watch, runId, trigger, { outcome: "stopped" });
      return;
    }
    report(watch, runId, trigger, { outcome: result, changes: comparison.changes.length });
  };

  /** One run, under the watch's lock. */
  const run = async (watch: WatchRecord, runId: string, trigger: WatchTrigger) => {
    const key = watch.keyId.startsWith("env-") ? null : await settings.keys.get(watch.keyId);
    if (key?.revokedAt) {
      // A revoked key's watch stops for good: nobody may read what it would find.
      await writeHeld(held, async () => {
        await settings.schedule.unschedule(watch.id);
        await store.update(watch.id, {
          status: "stopped",
          stoppedReason: JSON.stringify({
            code: "AUTH_INVALID_KEY",
            detail: `The API key that made this watch was revoked on ${key.revokedAt}; the watch no longer runs.`,
          }),
        });
      });
      report(watch, runId, trigger, { outcome: "stopped", code: "AUTH_INVALID_KEY" });
      return;
    }
    const limits =
      key?.limits && (key.limits.monthlyCalls !== null || key.limits.monthlyTokens !== null) ? key.limits : undefined;
    // The run's call is counted once per run id, on a replica before the run goes on: made again on
    // the new primary after a failover, or by a worker that took the run over, it is not counted twice.
    const admission = await writeHeld(held, () =>
      admitCalls(redis, prefix, watch.keyId, {
        count: 1,
        limits,
        once: { key: redisKeys.watch(prefix, watch.id), field: "chargedRun", value: runId },
      }),
    );
    if (!admission.allowed) {
      const resetsAt = new Date(admission.resetsAtMs).toISOString();
      await recordFailure(
        watch,
        runId,
        trigger,
        {
          code: "QUOTA_EXCEEDED",
          detail: `The key's monthly ${admission.exceeded === "calls" ? "research calls are" : "model tokens are"} used up; runs start again at ${resetsAt}.`,
        },
        "skipped",
      );
      return;
    }
    if (watch.target.type === "list") {
      await runList(watch, runId, trigger);
      return;
    }
    const { kind } = watch.target;
    const request = runRequest(watch.target.request, watch.everySeconds, trigger);
    const jobId = researchJobId(watch.keyId, request);
    const research = () =>
      settings.research.run(
        kind,
        jobId,
        { request, requestId: runId, keyId: watch.keyId, enqueuedAt: Date.now(), origin: "watch" },
        { timeoutMs: settings.runTimeoutMs, priority: jobPriorities.watch, maxAgeSeconds: request.maxAgeSeconds ?? 0 },
      );
    // A queue that cannot be reached for a moment (a failover) is waited out: the research is asked
    // again under the same job id, so it is never done twice, and the run is not failed for it. A
    // claim that met the connection moving to the new primary fails as QUEUE_UNAVAILABLE: the same.
    const unreachable = (current: Awaited<ReturnType<typeof research>>) =>
      current.status === "unavailable" || (current.status === "failed" && current.error.code === "QUEUE_UNAVAILABLE");
    let outcome = await research();
    for (let wait = UNAVAILABLE_FIRST_WAIT_MS; unreachable(outcome) && wait <= UNAVAILABLE_LAST_WAIT_MS; wait *= 2) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      outcome = await research();
    }
    if (outcome.status === "timeout") {
      await recordFailure(
        watch,
        runId,
        trigger,
        {
          code: "RESEARCH_TIMEOUT",
          detail: `The research did not finish within ${Math.round(settings.runTimeoutMs / 1000)} s; the last answer stands.`,
        },
        "failed",
      );
      return;
    }
    if (outcome.status === "failed" || outcome.status === "unavailable") {
      await recordFailure(watch, runId, trigger, summary(outcome.error), "failed");
      return;
    }
    // An answer withheld because search, a page or the model failed says nothing about the subject:
    // the run failed, and the last answer stands (it is not reported unconfirmed).
    if ((await redis.get(redisKeys.unsharedResult(prefix, jobId))) === outcome.body) {
      await recordFailure(
        watch,
        runId,
        trigger,
        {
          code: "RESEARCH_FAILED",
          detail:
            "Search, a page or the model failed during the run and the answer was withheld; the last answer stands.",
        },
        "failed",
      );
      return;
    }
    const response = JSON.parse(outcome.body) as ResearchResponse & { usage?: Record<string, number> };
    const comparison = compareAnswers(watch.memory, observeAnswer(request.responseType, response));
    const now = Date.now();
    const event = changeEvent(watch.id, runId, now, comparison.changes);
    const result = watch.memory === null ? "baseline" : event ? "changed" : "unchanged";
    // A stored result served again cost nothing new; a run made now (or joined in flight) spent its usage.
    const spent: Record<string, number> = outcome.storedAt === undefined ? (response.usage ?? {}) : {};
    const recorded = await record(watch, runId, {
      set: {
        lastRun: JSON.stringify({
          id: runId,
          at: new Date(now).toISOString(),
          trigger,
          outcome: result,
          ...(event ? { eventId: event.id } : {}),
        }),
        lastAnswer: outcome.body,
        lastAnswerAt: String(now),
        memory: JSON.stringify(comparison.memory),
        failures: "0",
      },
      remove: ["failingSince", "lastProblem", "skipRuns"],
      ...(event ? { event } : {}),
      usage: {
        runs: 1,
        events: event ? 1 : 0,
        modelCalls: spent.modelCalls ?? 0,
        promptTokens: spent.promptTokens ?? 0,
        completionTokens: spent.completionTokens ?? 0,
        searches: spent.searches ?? 0,
        pagesFetched: spent.pagesFetched ?? 0,
        pagesFromCache: spent.pagesFromCache ?? 0,
        pagesNotModified: spent.pagesNotModified ?? 0,
      },
    });
    if (recorded === "gone") {
      // Deleted while the run was under way: nothing is kept and nothing is sent.
      report(watch, runId, trigger, { outcome: "stopped" });
      return;
    }
    report(watch, runId, trigger, { outcome: result, changes: comparison.changes.length });
  };

  const worker = new Worker<WatchRunData>(
    WATCH_QUEUE,
    async (job: Job<WatchRunData>, token?: string) => {
      // Taken just now: a failover followed since is caught by the confirmation below.
      const takenMark = settings.confirmation?.mark;
      const { watchId, trigger } = job.data;
      // Stable across a takeover after a crash; distinct for every later run on demand (same job id, new job).
      const runId = runIdOf(job);
      // Behind Sentinel, a run starts only on a take a replica holds (and, with it, the next
      // scheduled job BullMQ made at the take), with the job's lock still this run's: a run taken
      // from a primary that a failover replaced is handed back, and the new primary hands it out
      // again, rather than run twice (as a research job's start, docs/decisions/0012).
      await startOnHeldTake(job, token, settings.confirmation, takenMark, settings.lockMs);
      const watch = await store.get(watchId);
      if (!watch || watch.status === "stopped") return "gone";
      if (watch.lastRunId === runId) {
        // Recorded before its worker died: only its event's delivery may be missing (queued once by id).
        const eventId = watch.lastRun?.eventId;
        if (eventId && watch.callbackUrl) await writeHeld(held, () => settings.callbacks.enqueue(watch.id, eventId));
        return "recorded";
      }
      if (trigger === "schedule" && watch.skipRuns > 0) {
        await writeHeld(held, () => store.skipScheduledRun(watchId, runId));
        return "backing off";
      }
      const lock = redisKeys.watchRunLock(prefix, watchId);
      const acquired = await redis.set(lock, runId, "PX", settings.runTimeoutMs + 60_000, "NX");
      if (acquired === null && (await redis.get(lock)) !== runId) {
        // A scheduled run due while another run is under way has nothing to add; a run asked for waits its turn.
        if (trigger === "schedule") return "busy";
        await job.moveToDelayed(Date.now() + BUSY_RETRY_MS, token);
        throw new DelayedError();
      }
      try {
        await run(watch, runId, trigger);
      } catch (error) {
        // Redis went away mid-run, or a bug: the watch says so, and its next run tries again.
        await recordFailure(watch, runId, trigger, summary(error), "failed").catch(() => {});
      } finally {
        await RELEASE_SCRIPT.run(redis, [lock], [runId]).catch(() => {});
      }
      return "ran";
    },
    {
      connection: settings.queueConnection,
      prefix,
      concurrency: settings.concurrency,
      lockDuration: settings.lockMs,
      stalledInterval: Math.max(1_000, Math.floor(settings.lockMs / 2)),
      maxStalledCount: 2,
      runRetryDelay: 1_000,
      autorun: false,
    },
  );
  worker.on("error", () => {});
  return worker;
}
