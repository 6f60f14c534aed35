import { DossierError, type Metadata, type ResearchKind, unavailable } from "@dossier/contract";
import { type ConnectionOptions, Job, Queue, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import { jobPriorities, RESEARCH_QUEUE, redisKeys } from "../names.js";
import { createRedis, redisOptions } from "../redis-connection.js";
import { decodeFailure, type ResearchJobData } from "./job-payload.js";
import { type StoredResult, usableResult } from "./stored-result.js";

/** What `GET /v1/jobs/{id}` reports about a job. */
export type JobView =
  | { id: string; status: "queued" | "running" }
  | { id: string; status: "done"; body: string }
  | { id: string; status: "failed"; error: DossierError };

/** How a wait for a job ended. */
export type JobOutcome =
  | {
      status: "completed";
      body: string;
      /** When the body was stored, ms since epoch, if it was served from the stored result rather than a run just now. */
      storedAt?: number;
    }
  | { status: "failed"; error: DossierError }
  | { status: "timeout" };

export interface ResearchQueueSettings {
  redisUrl: string;
  /** Prefix of every key (`REDIS_PREFIX`). */
  prefix: string;
  /** How long failed jobs stay inspectable, in seconds. Default 7 days. */
  failedRetentionSeconds?: number;
  /** How long a job's owner is remembered (so that it can be polled), in seconds. Default 7 days. */
  ownerTtlSeconds?: number;
}

/** Priority of a synchronous call; lower numbers run first in BullMQ. */
export const SYNC_PRIORITY = jobPriorities.sync;

const queueUnavailable = (cause: unknown) => unavailable("The job queue", cause);

/**
 * The gateway's side of the research queue: enqueue a job under its derived id, find a stored
 * result, and wait for a job to finish. One QueueEvents stream serves every waiting call.
 */
export class ResearchQueue {
  readonly queue: Queue<ResearchJobData, string, ResearchKind>;
  readonly redis: Redis;
  private readonly events: QueueEvents;
  private readonly waiters = new Map<string, Set<(outcome: JobOutcome) => void>>();
  private readonly prefix: string;

  constructor(private readonly settings: ResearchQueueSettings) {
    this.prefix = settings.prefix;
    this.redis = createRedis(settings.redisUrl, "command");
    this.queue = new Queue<ResearchJobData, string, ResearchKind>(RESEARCH_QUEUE, {
      connection: redisOptions(settings.redisUrl, "command") as ConnectionOptions,
      prefix: settings.prefix,
    });
    this.queue.on("error", () => {});
    this.events = new QueueEvents(RESEARCH_QUEUE, {
      connection: redisOptions(settings.redisUrl, "blocking") as ConnectionOptions,
      prefix: settings.prefix,
    });
    this.events.on("error", () => {});
    this.events.setMaxListeners(0);
    this.events.on("completed", ({ jobId, returnvalue }) => {
      this.settle(jobId, {
        status: "completed",
        body: typeof returnvalue === "string" ? returnvalue : JSON.stringify(returnvalue),
      });
    });
    this.events.on("failed", ({ jobId, failedReason }) => {
      this.settle(jobId, { status: "failed", error: decodeFailure(failedReason) });
    });
  }

  /**
   * The stored response body of a finished job and when it was stored, or null when there is none
   * or it is older than `maxAgeSeconds`. Throws QUEUE_UNAVAILABLE when Redis is down.
   */
  private async readResult(jobId: string, maxAgeSeconds?: number): Promise<StoredResult | null> {
    try {
      const [body, at] = await Promise.all([
        this.redis.get(redisKeys.result(this.prefix, jobId)),
        this.redis.get(redisKeys.resultAt(this.prefix, jobId)),
      ]);
      return usableResult(body, at, maxAgeSeconds);
    } catch (error) {
      throw queueUnavailable(error);
    }
  }

  /**
   * Enqueues the job unless one with the same id exists, and waits for its outcome up to
   * `timeoutMs`. A stored result answers at once; a job that failed earlier is run again rather
   * than handing its old failure to a new caller; a wait that times out leaves the job running so
   * that its result is stored for the next identical request.
   */
  async run(
    kind: ResearchKind,
    jobId: string,
    data: ResearchJobData,
    options: { timeoutMs: number; priority?: number; maxAgeSeconds?: number },
  ): Promise<JobOutcome> {
    // One round trip: the stored result and its time, whether the job exists, and its owner.
    let stored: StoredResult | null;
    let exists: boolean;
    try {
      const replies = await this.redis
        .pipeline()
        .get(redisKeys.result(this.prefix, jobId))
        .get(redisKeys.resultAt(this.prefix, jobId))
        .exists(this.queue.toKey(jobId))
        .set(redisKeys.jobOwner(this.prefix, jobId), data.keyId, "EX", this.settings.ownerTtlSeconds ?? 7 * 86_400)
        .exec();
      const failure = replies?.find(([error]) => error)?.[0];
      if (!replies || failure) throw failure ?? new Error("no reply from Redis");
      stored = usableResult(replies[0]![1] as string | null, replies[1]![1] as string | null, options.maxAgeSeconds);
      exists = replies[2]![1] === 1;
    } catch (error) {
      throw queueUnavailable(error);
    }
    if (stored !== null) return { status: "completed", ...stored };
    const outcome = this.waitFor(jobId, options.timeoutMs);
    try {
      if (exists) await this.reconcile(kind, jobId, data, options.priority ?? SYNC_PRIORITY, options.maxAgeSeconds);
      else await this.add(kind, jobId, data, options.priority ?? SYNC_PRIORITY);
    } catch (error) {
      this.settle(jobId, { status: "failed", error: error instanceof DossierError ? error : queueUnavailable(error) });
    }
    return outcome;
  }

  /** Adds the job (idempotent by id) and reconciles a job that already existed. */
  private async enqueue(
    kind: ResearchKind,
    jobId: string,
    data: ResearchJobData,
    priority: number,
    maxAgeSeconds: number | undefined,
  ): Promise<void> {
    try {
      await this.redis.set(
        redisKeys.jobOwner(this.prefix, jobId),
        data.keyId,
        "EX",
        this.settings.ownerTtlSeconds ?? 7 * 86_400,
      );
    } catch (error) {
      throw queueUnavailable(error);
    }
    await this.reconcile(kind, jobId, data, priority, maxAgeSeconds);
  }

  private async add(kind: ResearchKind, jobId: string, data: ResearchJobData, priority: number): Promise<void> {
    try {
      await this.queue.add(kind, data, {
        jobId,
        priority,
        removeOnComplete: true,
        removeOnFail: { age: this.settings.failedRetentionSeconds ?? 7 * 86_400 },
      });
    } catch (error) {
      throw queueUnavailable(error);
    }
  }

  /**
   * Makes sure a job with this id is queued, running or done: a failed one is run again, one that
   * finished answers from its stored result (when not older than `maxAgeSeconds`), and one that is
   * gone is added anew.
   */
  private async reconcile(
    kind: ResearchKind,
    jobId: string,
    data: ResearchJobData,
    priority: number,
    maxAgeSeconds: number | undefined,
  ): Promise<void> {
    let state: string;
    try {
      state = await this.queue.getJobState(jobId);
    } catch (error) {
      throw queueUnavailable(error);
    }
    if (state === "failed") {
      const job = await Job.fromId<ResearchJobData>(this.queue, jobId);
      // Another caller may have retried it a moment ago; then it is already running again.
      await job?.retry("failed").catch(() => {});
    } else if (state === "completed" || state === "unknown") {
      const stored = await this.readResult(jobId, maxAgeSeconds);
      if (stored !== null) this.settle(jobId, { status: "completed", ...stored });
      else await this.add(kind, jobId, data, priority);
    }
  }

  /**
   * Accepts a job without waiting for it (`Prefer: respond-async`, or a call that follows its
   * events): a stored result (no older than `maxAgeSeconds` when given) or a job already queued or
   * running is reused; a failed one is run again. `priority` defaults to the async calls'.
   */
  async submit(
    kind: ResearchKind,
    jobId: string,
    data: ResearchJobData,
    options: { maxAgeSeconds?: number; priority?: number } = {},
  ): Promise<void> {
    const stored = await this.readResult(jobId, options.maxAgeSeconds);
    if (stored !== null) {
      await this.redis
        .set(redisKeys.jobOwner(this.prefix, jobId), data.keyId, "EX", this.settings.ownerTtlSeconds ?? 7 * 86_400)
        .catch(() => {});
      return;
    }
    await this.enqueue(kind, jobId, data, options.priority ?? jobPriorities.async, options.maxAgeSeconds);
  }

  /** Keeps a job handle's metadata as long as the job's owner is kept, so that polling the handle returns it. */
  async rememberMetadata(handle: string, metadata: Metadata): Promise<void> {
    try {
      await this.redis.set(
        redisKeys.jobMetadata(this.prefix, handle),
        JSON.stringify(metadata),
        "EX",
        this.settings.ownerTtlSeconds ?? 7 * 86_400,
      );
    } catch (error) {
      throw queueUnavailable(error);
    }
  }

  /** The metadata a job handle was given, or null when it has none or it expired. */
  async readMetadata(handle: string): Promise<Metadata | null> {
    try {
      const stored = await this.redis.get(redisKeys.jobMetadata(this.prefix, handle));
      return stored === null ? null : (JSON.parse(stored) as Metadata);
    } catch (error) {
      throw queueUnavailable(error);
    }
  }

  /** A job as its owner sees it; null when it does not exist or belongs to another key. */
  async view(jobId: string, keyId: string): Promise<JobView | null> {
    try {
      const owner = await this.redis.get(redisKeys.jobOwner(this.prefix, jobId));
      if (owner !== keyId) return null;
      const stored = await this.readResult(jobId);
      if (stored !== null) return { id: jobId, status: "done", body: stored.body };
      const job = await Job.fromId<ResearchJobData>(this.queue, jobId);
      if (!job) return null;
      const state = await job.getState();
      if (state === "failed") return { id: jobId, status: "failed", error: decodeFailure(job.failedReason) };
      if (state === "completed") {
        const body = typeof job.returnvalue === "string" ? job.returnvalue : JSON.stringify(job.returnvalue);
        return { id: jobId, status: "done", body };
      }
      return { id: jobId, status: state === "active" ? "running" : "queued" };
    } catch (error) {
      if (error instanceof DossierError) throw error;
      throw queueUnavailable(error);
    }
  }

  /** Failed jobs still kept, newest first, for inspection. */
  async listFailed(
    start = 0,
    count = 50,
  ): Promise<
    Array<{
      id: string;
      kind: string;
      keyId: string;
      failedAt: number | undefined;
      error: DossierError;
      attempts: number;
    }>
  > {
    const jobs = await this.queue.getFailed(start, start + count - 1);
    return jobs.map((job) => ({
      id: job.id!,
      kind: job.name,
      keyId: job.data.keyId,
      failedAt: job.finishedOn,
      error: decodeFailure(job.failedReason),
      attempts: job.attemptsMade,
    }));
  }

  /** Resolves when the job completes or fails, or with `timeout` after `timeoutMs`. */
  private waitFor(jobId: string, timeoutMs: number): Promise<JobOutcome> {
    return new Promise((resolve) => {
      let waiters = this.waiters.get(jobId);
      if (!waiters) {
        waiters = new Set();
        this.waiters.set(jobId, waiters);
      }
      const timer = setTimeout(() => finish({ status: "timeout" }), timeoutMs);
      const finish = (outcome: JobOutcome) => {
        clearTimeout(timer);
        const current = this.waiters.get(jobId);
        current?.delete(finish);
        if (current?.size === 0) this.waiters.delete(jobId);
        resolve(outcome);
      };
      waiters.add(finish);
    });
  }

  /** Number of calls waiting for a job in this process. */
  get waitingCalls(): number {
    let count = 0;
    for (const set of this.waiters.values()) count += set.size;
    return count;
  }

  private settle(jobId: string, outcome: JobOutcome): void {
    const waiters = this.waiters.get(jobId);
    if (!waiters) return;
    for (const finish of [...waiters]) finish(outcome);
  }

  async waitUntilReady(): Promise<void> {
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.events.close(), this.queue.close()]);
    this.redis.disconnect();
  }
}
