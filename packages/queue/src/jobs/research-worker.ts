import { DossierError, isDossierError, type ResearchResponse } from "@dossier/contract";
import { type ConnectionOptions, type Job, UnrecoverableError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { BatchStore } from "../batches/batch-store.js";
import { appendJobEvent } from "../events/job-event-log.js";
import { recordJobStats } from "../fleet/fleet-stats.js";
import { RESEARCH_QUEUE, redisKeys } from "../names.js";
import { redisOptions } from "../redis-connection.js";
import { recordRunUsage } from "../usage/usage-ledger.js";
import { decodeFailure, encodeFailure, type ResearchJobData } from "./job-payload.js";

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
}

/** A stage a running job reports; each becomes an event of `GET /v1/jobs/{id}/events`. */
export type JobStageEvent =
  | { stage: "searching" }
  | { stage: "reading" /** Pages read. */; pages: number }
  | { stage: "answering" }
  | { stage: "verifying" };

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
) => Promise<ResearchResponse>;

export interface ResearchWorkerSettings {
  redisUrl: string;
  prefix: string;
  concurrency: number;
  /** Job lock in milliseconds; a dead worker's job is taken over after about this long. */
  lockMs: number;
  resultTtlSeconds: number;
  /** Command connection for results and metrics. */
  redis: Redis;
  /** Called when a job fails with an error that is not a DossierError (a bug): log it. */
  onUnexpectedError?: (error: unknown, job: Job<ResearchJobData>) => void;
  /** Batch bookkeeping: each job's final outcome is recorded for the batches waiting for it. */
  batches?: BatchStore;
  /** Called when a job failed but will be tried again (a retryable error with attempts left). */
  onRetry?: (error: DossierError, job: Job<ResearchJobData>, delayAttempt: number) => void;
}

/**
 * Runs research jobs: the processor's response is stored under the job's result key (so that
 * identical requests are answered without new work) and returned to the waiting gateway.
 */
export function createResearchWorker(
  processor: ResearchProcessor,
  settings: ResearchWorkerSettings,
): Worker<ResearchJobData> {
  const { redis, prefix } = settings;
  const activeJobs = new Map<string, { job: Job<ResearchJobData>; token: string }>();
  const worker = new Worker<ResearchJobData>(
    RESEARCH_QUEUE,
    async (job, token, signal) => {
      if (token) activeJobs.set(job.id!, { job, token });
      const started = performance.now();
      const usage: ResearchUsage = {
        modelCalls: 0,
        promptTokens: 0,
        completionTokens: 0,
        searches: 0,
        pagesFetched: 0,
        pagesFromCache: 0,
      };
      const kind = job.name;
      // Spent is spent: a failed run counts against its key as much as a finished one.
      let usageRecorded = false;
      const recordUsage = () => {
        if (usageRecorded) return;
        usageRecorded = true;
        void recordRunUsage(redis, prefix, job.data.keyId, usage).catch(() => {
          // Usage is bookkeeping; losing one run's figures must not fail the job.
        });
      };
      const progress = ({ stage, ...detail }: JobStageEvent) => {
        void appendJobEvent(redis, prefix, job.id!, stage, JSON.stringify(detail)).catch(() => {});
      };
      try {
        const response = await processor(job.data, {
          jobId: job.id!,
          signal: signal ?? new AbortController().signal,
          usage,
          progress,
        });
        const body = JSON.stringify({
          ...response,
          usage: { ...usage, durationMs: Math.round(performance.now() - started) },
        });
        recordUsage();
        // All go out together, in this order on one connection: one round trip before the job completes.
        await Promise.all([
          redis
            .multi()
            .set(redisKeys.result(prefix, job.id!), body, "EX", settings.resultTtlSeconds)
            .set(redisKeys.resultAt(prefix, job.id!), String(Date.now()), "EX", settings.resultTtlSeconds)
            .exec(),
          settings.batches?.resolveJob(job.id!, { status: "done", body }),
          appendJobEvent(redis, prefix, job.id!, "done", body).catch(() => {}),
        ]);
        void recordJobStats(redis, prefix, {
          kind,
          outcome: "completed",
          durationSeconds: (performance.now() - started) / 1000,
          ...usage,
        }).catch(() => {});
        return body;
      } catch (error) {
        const failure = isDossierError(error)
          ? error
          : new DossierError("RESEARCH_FAILED", {
              detail: "The research job failed unexpectedly; try again.",
              cause: error,
            });
        if (!isDossierError(error)) settings.onUnexpectedError?.(error, job);
        recordUsage();
        void recordJobStats(redis, prefix, {
          kind,
          outcome: failure.code,
          durationSeconds: (performance.now() - started) / 1000,
          ...usage,
        }).catch(() => {});
        const encoded = encodeFailure(failure);
        // Only jobs given several attempts (batch items) retry; a waiting caller's job has one, so it answers at once.
        const attempts = job.opts.attempts ?? 1;
        if (failure.retryable && job.attemptsMade + 1 < attempts) {
          settings.onRetry?.(failure, job, job.attemptsMade + 1);
          throw new Error(encoded);
        }
        await Promise.all([
          settings.batches?.resolveJob(job.id!, { status: "failed", failure: encoded }),
          appendJobEvent(redis, prefix, job.id!, "failed", encoded).catch(() => {}),
        ]);
        throw new UnrecoverableError(encoded);
      } finally {
        activeJobs.delete(job.id!);
      }
    },
    {
      connection: redisOptions(settings.redisUrl, "blocking") as ConnectionOptions,
      prefix,
      concurrency: settings.concurrency,
      lockDuration: settings.lockMs,
      stalledInterval: Math.max(1_000, Math.floor(settings.lockMs / 2)),
      maxStalledCount: 2,
      autorun: false,
    },
  );
  worker.on("error", () => {});
  activeJobsOf.set(worker, activeJobs);
  // A job whose worker died too often while running it fails without reaching the processor's catch.
  worker.on("failed", (job, error) => {
    if (!job?.id || !/stalled/i.test(error.message)) return;
    const failure = encodeFailure(decodeFailure(undefined));
    void settings.batches?.resolveJob(job.id, { status: "failed", failure }).catch(() => {});
    void appendJobEvent(redis, prefix, job.id, "failed", failure).catch(() => {});
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
