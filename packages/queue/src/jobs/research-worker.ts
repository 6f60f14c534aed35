import { DossierError, isDossierError, isRedisFullError, type ResearchResponse, unavailable } from "@dossier/contract";
import { type Job, UnrecoverableError, WaitingError, Worker } from "bullmq";
import type { BatchStore } from "../batches/batch-store.js";
import { appendJobEvent } from "../events/job-event-log.js";
import { jobStatsIncrements, recordJobStats } from "../fleet/fleet-stats.js";
import { RESEARCH_QUEUE } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import type { ReplicaConfirmation } from "../replica-confirmation.js";
import { runUsageIncrements, writeRunUsage } from "../usage/usage-ledger.js";
import { ConnectionWatch } from "./connection-watch.js";
import { handOutcomeToWaiters, holdJobLock, refusedWriteDelay, takesWrites } from "./held-outcome.js";
import { announceJobEnd, type JobEnd, type JobEndCounters } from "./job-notices.js";
import { decodeFailure, encodeFailure, type ResearchJobData } from "./job-payload.js";
import { readStoredResult } from "./stored-result.js";

/** What one research run spends, counted as it goes: for the response, the key's usage and metrics. */
export interface ResearchUsage {
  modelCalls: number;
  promptTokens: number;
  completionTokens: number;
  /** Search queries made, cached or not. */
  searches: number;
  /** Pages read from the web. */
  pagesFetched: number;
  /** Pages taken from the page cache. */
  pagesFromCache: number;
  /** Of `pagesFetched`, those answered 304 Not Modified. */
  pagesNotModified: number;
}

/** A stage a running job reports; each becomes an event of `GET /v1/jobs/{id}/events`. */
export type JobStageEvent =
  | { stage: "searching" }
  | { stage: "reading" /** Pages read. */; pages: number }
  | { stage: "answering" }
  | { stage: "verifying" };

/** What one research run produced, and whether identical requests may be answered with it. */
export interface ResearchOutcome {
  response: ResearchResponse;
  /**
   * False for an answer withheld because an outside service failed during the run (search, a page,
   * the model): it answers the calls waiting for the job, its batches and its owner's poll, but is
   * not stored as the job's result, so the next identical request researches again.
   */
  reusable: boolean;
}

/** The research function a worker runs for each job. */
export type ResearchProcessor = (
  data: ResearchJobData,
  context: {
    jobId: string;
    signal: AbortSignal;
    usage: ResearchUsage;
    /** Reports a stage to everyone following the job; never throws, never waits. */
    progress: (event: JobStageEvent) => void;
  },
) => Promise<ResearchOutcome>;

export interface ResearchWorkerSettings {
  prefix: string;
  concurrency: number;
  /** Job lock in milliseconds; a dead worker's job is taken over after about this long. */
  lockMs: number;
  resultTtlSeconds: number;
  /** The worker's connection (role `blocking`): results, notices and metrics. */
  redis: RedisClient;
  /** The connection of BullMQ's worker (role `blocking`, no pipelining); BullMQ duplicates its blocking one from it. */
  queueConnection: RedisClient;
  /** Called when a job fails with an error that is not a DossierError (a bug): log it. */
  onUnexpectedError?: (error: unknown, job: Job<ResearchJobData>) => void;
  /** Batch bookkeeping: each job's final outcome is recorded for the batches waiting for it. */
  batches?: BatchStore;
  /**
   * Behind Sentinel: a job is researched only once a replica holds its start, and its outcome counts
   * as recorded once a replica holds it; an outcome is written again when the connection followed a
   * failover meanwhile (see {@link ReplicaConfirmation}).
   */
  confirmation?: ReplicaConfirmation;
  /** Called when a job failed but will be tried again (a retryable error with attempts left). */
  onRetry?: (error: DossierError, job: Job<ResearchJobData>, delayAttempt: number) => void;
  /**
   * Called once per job when Redis, full, refuses to store its outcome: the worker keeps the outcome
   * and the job's lock and writes it again until Redis takes it.
   */
  onOutcomeHeld?: (jobId: string, error: unknown) => void;
}

/**
 * What a finished job hands BullMQ as its return value: its result lives under its own key
 * (`redisKeys.result`), so BullMQ's completion and events do not carry the body again.
 */
const STORED_APART = "";

/**
 * Runs research jobs: the processor's response is stored under the job's result key (so that
 * identical requests are answered without new work; unless it is not reusable) and returned to the
 * waiting gateway.
 */
export function createResearchWorker(
  processor: ResearchProcessor,
  settings: ResearchWorkerSettings,
): Worker<ResearchJobData> {
  const { redis, prefix } = settings;
  const activeJobs = new Map<string, { job: Job<ResearchJobData>; token: string }>();
  const connection = new ConnectionWatch(redis);
  // When Redis last refused a write because it is full (ms since epoch). BullMQ renews job locks with
  // a SET that a full Redis refuses: meanwhile the running jobs' locks are held here, so that no job
  // is found stalled and researched again by another worker once Redis has room.
  let lastRefusal = Number.NEGATIVE_INFINITY;
  const noteRefusal = (error: unknown) => {
    if (isRedisFullError(error)) lastRefusal = Date.now();
  };
  const lockKeeper = setInterval(
    () => {
      if (Date.now() - lastRefusal > settings.lockMs) return;
      for (const [jobId, { token }] of activeJobs)
        void holdJobLock(redis, prefix, jobId, token, settings.lockMs).catch(() => {});
    },
    Math.max(250, Math.floor(settings.lockMs / 4)),
  );
  lockKeeper.unref();
  /**
   * Stores the outcome, tells the waiting gateways (same round trip) and then the waiting batches.
   * Every step is idempotent: written again after a lost connection, or on the primary a failover
   * chose, until it holds or a job lock's time has passed. A Redis that is full refuses the write
   * without doing any of it: the outcome is handed to the waiting gateways at once, kept, and
   * written again with backoff for as long as Redis stays full, while the job's lock is held (see
   * `lockKeeper`) so that no other worker researches the job again.
   */
  const announce = async (jobId: string, end: JobEnd, stats?: JobEndCounters) => {
    const deadline = Date.now() + settings.lockMs;
    // The counters go with the first write that may have run; a refusal of a full Redis ran nothing.
    let counters = stats;
    let refusals = 0;
    for (;;) {
      const mark = settings.confirmation?.mark;
      try {
        const batchIds = await announceJobEnd(redis, prefix, jobId, end, settings.resultTtlSeconds, counters);
        counters = undefined;
        if (batchIds.length > 0 && settings.batches)
          await settings.batches.resolveJob(
            jobId,
            end.status === "done" ? { status: "done", body: end.body } : { status: "failed", failure: end.failure },
            batchIds,
          );
        // A demoted primary takes writes until the Sentinels convert it (seconds): written again until
        // the new primary holds them, for as long as the job's lock would keep another worker off it.
        if (!settings.confirmation || (await settings.confirmation.confirm(mark)) || Date.now() > deadline) return;
      } catch (error) {
        if (isRedisFullError(error)) {
          noteRefusal(error);
          refusals += 1;
          if (refusals === 1) {
            settings.onOutcomeHeld?.(jobId, error);
            await handOutcomeToWaiters(redis, prefix, jobId, end).catch(() => {});
          }
          await refusedWriteDelay(refusals);
          continue;
        }
        counters = undefined;
        if (Date.now() > deadline) throw error;
        await connection.ready(1_000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  /** Waits, the job's lock held, until a full Redis takes writes again, so that a retry can be recorded. */
  const untilWritable = async () => {
    for (let refusals = 1; !(await takesWrites(redis, prefix).catch(() => true)); refusals += 1) {
      lastRefusal = Date.now();
      await refusedWriteDelay(refusals);
    }
  };
  /**
   * Runs the research; when it fails because the connection closed under it (Redis restarted or
   * failed over), runs it again once Redis is back, and at worst fails it as retryable.
   */
  const research = async (job: Job<ResearchJobData>, signal: AbortSignal, usage: ResearchUsage) => {
    // A stage reported again with nothing new (a second look that read no more pages) is not sent again.
    let last: string | undefined;
    const progress = ({ stage, ...detail }: JobStageEvent) => {
      const text = JSON.stringify(detail);
      if (last === `${stage}\n${text}`) return;
      const laterInRun = last !== undefined;
      last = `${stage}\n${text}`;
      void appendJobEvent(redis, prefix, job.id!, stage, text, laterInRun).catch(() => {});
    };
    for (let attempt = 1; ; attempt += 1) {
      const mark = connection.mark;
      // Run again after a lost connection: its first event looks for the previous end once more.
      last = undefined;
      try {
        return await processor(job.data, { jobId: job.id!, signal, usage, progress });
      } catch (error) {
        if (isDossierError(error) || !connection.lostSince(mark)) throw error;
        if (attempt >= 3 || signal.aborted) throw unavailable("Redis", error);
        await connection.ready(settings.lockMs / 2);
      }
    }
  };
  /** A job's stored result when it was stored after `since` (ms since epoch): a run of this job's, not an older one. */
  const storedSince = async (jobId: string, since: number) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const stored = await readStoredResult(redis, prefix, jobId);
        return stored?.storedAt !== undefined && stored.storedAt >= since ? stored.body : null;
      } catch (error) {
        // Redis restarted or failed over under the read: once it is back, read again.
        if (attempt >= 3) throw unavailable("Redis", error);
        await connection.ready(settings.lockMs / 2);
      }
    }
  };
  const worker = new Worker<ResearchJobData>(
    RESEARCH_QUEUE,
    async (job, token, signal) => {
      // Taken just now on these connections: a failover followed since then is caught by the confirmation below.
      const takenMark = settings.confirmation?.mark;
      const jobMark = connection.mark;
      if (token) activeJobs.set(job.id!, { job, token });
      const started = performance.now();
      const usage: ResearchUsage = {
        modelCalls: 0,
        promptTokens: 0,
        completionTokens: 0,
        searches: 0,
        pagesFetched: 0,
        pagesFromCache: 0,
        pagesNotModified: 0,
      };
      const kind = job.name;
      // Spent is spent: a failed run counts against its key as much as a finished one. A run's usage
      // is recorded once: with the job's end in the script that announces it, or on its own for a
      // run that will be tried again.
      let usageRecorded = false;
      const usageToRecord = () => {
        if (usageRecorded) return undefined;
        usageRecorded = true;
        return runUsageIncrements(prefix, job.data.keyId, usage);
      };
      // Taken from a primary that a failover has replaced (the new one still has the job waiting, or
      // never had it): hand it back rather than research what the new primary will hand out again.
      // BullMQ takes the next jobs before it starts this one, so the connection may have followed the
      // failover between the take and `takenMark`: the job is this run's only when, its start
      // confirmed, the primary holds its lock with this run's token. A copy taken from the old
      // primary while the new one handed the job out again is left to the new primary's run (the
      // hand-back moves nothing when the lock is not this run's).
      const startHeld = async () =>
        (await settings.confirmation!.confirm(takenMark)) &&
        (!token || (await holdJobLock(redis, prefix, job.id!, token, settings.lockMs)));
      if (settings.confirmation && !(await startHeld().catch(() => false))) {
        if (token) await job.moveToWait(token).catch(() => {});
        if (activeJobs.get(job.id!)?.token === token) activeJobs.delete(job.id!);
        throw new WaitingError();
      }
      try {
        // A job started again (its worker died, or Redis failed over before its completion was
        // recorded) may have stored its result already: announce that instead of researching twice.
        // Behind Sentinel a job lost in a failover is queued anew by its waiting gateway, with a first
        // attempt, while the run taken from the old primary may finish and store its result.
        if (job.attemptsStarted > 1 || settings.confirmation) {
          const stored = await storedSince(job.id!, job.timestamp);
          if (stored !== null) {
            await announce(job.id!, { status: "done", body: stored });
            return STORED_APART;
          }
        }
        const { response, reusable } = await research(job, signal ?? new AbortController().signal, usage);
        const body = JSON.stringify({
          ...response,
          usage: { ...usage, durationMs: Math.round(performance.now() - started) },
        });
        // One round trip before BullMQ records the completion: the waiting calls answer meanwhile. The
        // same script stores the result before its done event, so a client that reads the job on that
        // event finds it done.
        const stats = jobStatsIncrements({
          kind,
          outcome: "completed",
          durationSeconds: (performance.now() - started) / 1000,
          ...usage,
        });
        await announce(job.id!, { status: "done", body, reusable }, { ...stats, usage: usageToRecord() });
        return STORED_APART;
      } catch (error) {
        // A Redis command that failed because its connection closed, or because Redis is full, is
        // Redis being away, not a bug: the job is tried again rather than failed for good.
        noteRefusal(error);
        const redisAway = !isDossierError(error) && (connection.lostSince(jobMark) || isRedisFullError(error));
        const failure = isDossierError(error)
          ? error
          : redisAway
            ? unavailable("Redis", error)
            : new DossierError("RESEARCH_FAILED", {
                detail: "The research job failed unexpectedly; try again.",
                cause: error,
              });
        if (!isDossierError(error) && !redisAway) settings.onUnexpectedError?.(error, job);
        const stats = {
          kind,
          outcome: failure.code,
          durationSeconds: (performance.now() - started) / 1000,
          ...usage,
        };
        const encoded = encodeFailure(failure);
        // Only jobs given several attempts (batch items) retry; a waiting caller's job has one, so it answers at once.
        const attempts = job.opts.attempts ?? 1;
        if (failure.retryable && job.attemptsMade + 1 < attempts) {
          settings.onRetry?.(failure, job, job.attemptsMade + 1);
          // BullMQ records the retry with writes that a full Redis refuses: a refused record would
          // leave the job to be found stalled, and failed for good after a second time.
          await untilWritable();
          void recordJobStats(redis, prefix, stats).catch(() => {});
          const increments = usageToRecord();
          if (increments) void writeRunUsage(redis, increments).catch(() => {});
          throw new Error(encoded);
        }
        await announce(
          job.id!,
          { status: "failed", failure: encoded },
          { ...jobStatsIncrements(stats), usage: usageToRecord() },
        );
        throw new UnrecoverableError(encoded);
      } finally {
        if (activeJobs.get(job.id!)?.token === token) activeJobs.delete(job.id!);
      }
    },
    {
      connection: settings.queueConnection,
      prefix,
      concurrency: settings.concurrency,
      lockDuration: settings.lockMs,
      stalledInterval: Math.max(1_000, Math.floor(settings.lockMs / 2)),
      maxStalledCount: 2,
      // After a lost connection (a Redis restart or failover) take jobs again within a second, not BullMQ's 15.
      runRetryDelay: 1_000,
      autorun: false,
    },
  );
  worker.on("error", noteRefusal);
  worker.on("closed", () => clearInterval(lockKeeper));
  activeJobsOf.set(worker, activeJobs);
  // A job whose worker died too often while running it fails without reaching the processor's catch.
  worker.on("failed", (job, error) => {
    if (!job?.id || !/stalled/i.test(error.message)) return;
    const failure = encodeFailure(decodeFailure(undefined));
    void announce(job.id, { status: "failed", failure }).catch(() => {});
  });
  return worker;
}

const activeJobsOf = new WeakMap<Worker<ResearchJobData>, Map<string, { job: Job<ResearchJobData>; token: string }>>();

/**
 * Puts the jobs this worker is running back in the queue at once, for a worker that must stop
 * before they finish: another worker takes them without waiting for their locks to expire. The
 * process should exit right after, so that the unfinished runs record nothing. Returns how many
 * were handed back.
 */
export async function handBackActiveJobs(worker: Worker<ResearchJobData>): Promise<number> {
  const active = [...(activeJobsOf.get(worker)?.values() ?? [])];
  const results = await Promise.allSettled(active.map(({ job, token }) => job.moveToWait(token)));
  return results.filter((result) => result.status === "fulfilled").length;
}
