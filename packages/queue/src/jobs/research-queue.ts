import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { RedisTarget } from "@dossier/config";
import { DossierError, isRedisFullError, type Metadata, type ResearchKind, unavailable } from "@dossier/contract";
import { Job, Queue } from "bullmq";
import { jobPriorities, RESEARCH_QUEUE, redisChannels, redisKeys } from "../names.js";
import { createRedis, type RedisClient } from "../redis-connection.js";
import { admitCalls, callCountKeys } from "../usage/usage-ledger.js";
import { claimJob, parseJobNotice } from "./job-notices.js";
import { decodeFailure, type ResearchJobData } from "./job-payload.js";
import { readStoredResult, type StoredResult } from "./stored-result.js";

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
  | { status: "timeout" }
  /** The wait ran out while Redis refused writes (it is full): the job goes on, and a retry may find it done. */
  | { status: "unavailable"; error: DossierError };

export interface ResearchQueueSettings {
  /** Where Redis is (`REDIS_URL`, `REDIS_SENTINELS` or `REDIS_CLUSTER_NODES`). */
  target: RedisTarget;
  /** Prefix of every key (`config.redisPrefix`). */
  prefix: string;
  /** How long failed jobs stay inspectable, in seconds. Default 7 days. */
  failedRetentionSeconds?: number;
  /** How long a job's owner is remembered (so that it can be polled), in seconds. Default 7 days. */
  ownerTtlSeconds?: number;
  /**
   * How often the calls that have waited this long are checked against Redis, in milliseconds:
   * the safety net for a completion notice lost while a connection was down. Default 2000.
   */
  recheckIntervalMs?: number;
}

/** Priority of a synchronous call; lower numbers run first in BullMQ. */
export const SYNC_PRIORITY = jobPriorities.sync;

const queueUnavailable = (cause: unknown) => unavailable("The job queue", cause);

/** The calls of this process waiting for one job, and what is needed to queue the job again. */
interface WaitingJob {
  kind: ResearchKind;
  data: ResearchJobData;
  priority: number;
  /** The oldest stored result the first call accepts, in seconds (its `maxAgeSeconds`). */
  maxAgeSeconds: number | undefined;
  /** When the first call started waiting, ms since epoch. */
  since: number;
  /** Longest wait of its calls, in milliseconds (how long the job's waiter registration must live). */
  waitMs: number;
  /** Each waiting call's way to finish, with the oldest stored result it accepts (`maxAgeSeconds`). */
  finishers: Map<(outcome: JobOutcome) => void, number | undefined>;
}

/**
 * The gateway's side of the research queue: enqueue a job under its derived id, find a stored
 * result, and wait for a job to finish. Each gateway process receives the completion notices of
 * the jobs its calls wait for (see `job-notices.ts`), never the events of every job.
 */
export class ResearchQueue {
  readonly queue: Queue<ResearchJobData, string, ResearchKind>;
  /** The command connection (fails fast). */
  readonly redis: RedisClient;
  /** The BullMQ queue's command connection (see `ConnectionOptions.pipelining`). */
  readonly queueConnection: RedisClient;
  /** This process's id among the gateways: the name of its notice channel. */
  readonly gatewayId = `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  private readonly subscriber: RedisClient;
  private readonly waiting = new Map<string, WaitingJob>();
  private readonly prefix: string;
  private readonly ownerTtlSeconds: number;
  private readonly recheckTimer: NodeJS.Timeout;
  private subscribed: Promise<unknown>;
  /** The last time Redis refused one of this process's writes because it is full, with its error. */
  private lastRefusal: { at: number; error: unknown } | undefined;
  private readonly recheckIntervalMs: number;

  constructor(private readonly settings: ResearchQueueSettings) {
    this.prefix = settings.prefix;
    this.ownerTtlSeconds = settings.ownerTtlSeconds ?? 7 * 86_400;
    this.redis = createRedis(settings.target, "command");
    this.queueConnection = createRedis(settings.target, "command", { pipelining: false });
    this.queue = new Queue<ResearchJobData, string, ResearchKind>(RESEARCH_QUEUE, {
      connection: this.queueConnection,
      prefix: settings.prefix,
    });
    this.queue.on("error", () => {});
    this.subscriber = createRedis(settings.target, "blocking");
    const channel = redisChannels.notices(this.prefix, this.gatewayId);
    this.subscriber.on("message", (from: string, message: string) => {
      if (from !== channel) return;
      const notice = parseJobNotice(message);
      if (notice?.status === "completed") this.settle(notice.jobId, { status: "completed", body: notice.body });
      else if (notice?.status === "failed") this.settle(notice.jobId, { status: "failed", error: notice.error });
    });
    this.subscribed = this.subscriber.subscribe(channel).catch(() => {});
    // ioredis subscribes again after a reconnect; what was published meanwhile is looked up instead.
    let connectedBefore = false;
    this.subscriber.on("ready", () => {
      if (connectedBefore) void this.recheck(0);
      connectedBefore = true;
    });
    const interval = settings.recheckIntervalMs ?? 2_000;
    this.recheckIntervalMs = interval;
    this.recheckTimer = setInterval(() => void this.recheck(interval), interval);
    this.recheckTimer.unref();
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
    options: {
      timeoutMs: number;
      priority?: number;
      maxAgeSeconds?: number;
      /**
       * Counts the call in its key's usage (`data.keyId`), for a key without monthly limits: in the
       * script that claims the job, or on its own for a call that joins calls already waiting.
       */
      countCall?: boolean;
    },
  ): Promise<JobOutcome> {
    const priority = options.priority ?? SYNC_PRIORITY;
    // A call that accepts the same stored results as the calls already waiting needs nothing more.
    const joinable = () => {
      const current = this.waiting.get(jobId);
      return current !== undefined && current.maxAgeSeconds === options.maxAgeSeconds;
    };
    let countCall = options.countCall === true;
    if (countCall && joinable()) {
      try {
        await admitCalls(this.redis, this.prefix, data.keyId, { count: 1, limits: undefined });
      } catch (error) {
        return { status: "failed", error: unavailable("The usage ledger", error) };
      }
      countCall = false;
    }
    const joined = joinable();
    // Registered before Redis is asked, so that a notice that overtakes the answer is not missed.
    const outcome = this.waitFor(kind, jobId, data, priority, options.timeoutMs, options.maxAgeSeconds);
    // This process already waits for the job: its notice will come here, and the owner is the same key.
    if (joined) return outcome;
    try {
      const claim = await claimJob(this.redis, this.prefix, jobId, {
        gatewayId: this.gatewayId,
        keyId: data.keyId,
        ownerTtlSeconds: this.ownerTtlSeconds,
        waitSeconds: options.timeoutMs / 1000 + 60,
        maxAgeSeconds: options.maxAgeSeconds,
        countCall: countCall ? callCountKeys(this.prefix, data.keyId) : undefined,
      });
      if (claim.status === "stored") this.settle(jobId, { status: "completed", ...claim.result });
      else if (claim.jobExists) await this.reconcile(kind, jobId, data, priority, options.maxAgeSeconds);
      else await this.add(kind, jobId, data, priority);
    } catch (error) {
      this.noteRefusal(error);
      this.settle(jobId, { status: "failed", error: error instanceof DossierError ? error : queueUnavailable(error) });
    }
    return outcome;
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
   * The stored response body of a finished job and when it was stored, or null when there is none
   * or it is older than `maxAgeSeconds`. Throws QUEUE_UNAVAILABLE when Redis is down.
   */
  private async readResult(jobId: string, maxAgeSeconds?: number): Promise<StoredResult | null> {
    try {
      return await readStoredResult(this.redis, this.prefix, jobId, maxAgeSeconds);
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
    let claim: Awaited<ReturnType<typeof claimJob>>;
    try {
      claim = await claimJob(this.redis, this.prefix, jobId, {
        gatewayId: "",
        keyId: data.keyId,
        ownerTtlSeconds: this.ownerTtlSeconds,
        waitSeconds: 0,
        maxAgeSeconds: options.maxAgeSeconds,
      });
    } catch (error) {
      throw queueUnavailable(error);
    }
    if (claim.status === "stored") return;
    const priority = options.priority ?? jobPriorities.async;
    if (claim.jobExists) await this.reconcile(kind, jobId, data, priority, options.maxAgeSeconds);
    else await this.add(kind, jobId, data, priority);
  }

  /** Keeps a job handle's metadata as long as the job's owner is kept, so that polling the handle returns it. */
  async rememberMetadata(handle: string, metadata: Metadata): Promise<void> {
    try {
      await this.redis.set(
        redisKeys.jobMetadata(this.prefix, handle),
        JSON.stringify(metadata),
        "EX",
        this.ownerTtlSeconds,
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

  /**
   * A job as its owner sees it; null when it does not exist or belongs to another key. A body kept
   * only for its owner (not reusable) is the job's latest end, unless the job runs again meanwhile.
   */
  async view(jobId: string, keyId: string): Promise<JobView | null> {
    try {
      const [owner, stored, unshared] = await Promise.all([
        this.redis.get(redisKeys.jobOwner(this.prefix, jobId)),
        this.readResult(jobId),
        this.redis.get(redisKeys.unsharedResult(this.prefix, jobId)),
      ]);
      if (owner !== keyId) return null;
      if (stored !== null && unshared === null) return { id: jobId, status: "done", body: stored.body };
      const job = await Job.fromId<ResearchJobData>(this.queue, jobId);
      if (!job) return unshared === null ? null : { id: jobId, status: "done", body: unshared };
      const state = await job.getState();
      if (state === "failed") return { id: jobId, status: "failed", error: decodeFailure(job.failedReason) };
      if (state === "completed") {
        // Finished a moment ago (its result was read just before), or its result has expired.
        const [body, latest] = await Promise.all([
          this.redis.get(redisKeys.result(this.prefix, jobId)),
          this.redis.get(redisKeys.unsharedResult(this.prefix, jobId)),
        ]);
        const found = latest ?? body;
        return found === null ? null : { id: jobId, status: "done", body: found };
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
  private waitFor(
    kind: ResearchKind,
    jobId: string,
    data: ResearchJobData,
    priority: number,
    timeoutMs: number,
    maxAgeSeconds: number | undefined,
  ): Promise<JobOutcome> {
    return new Promise((resolve) => {
      let waiting = this.waiting.get(jobId);
      if (!waiting) {
        waiting = { kind, data, priority, maxAgeSeconds, since: Date.now(), waitMs: timeoutMs, finishers: new Map() };
        this.waiting.set(jobId, waiting);
      }
      waiting.waitMs = Math.max(waiting.waitMs, Date.now() - waiting.since + timeoutMs);
      const timer = setTimeout(() => finish(this.refusedOutcome() ?? { status: "timeout" }), timeoutMs);
      const finish = (outcome: JobOutcome) => {
        clearTimeout(timer);
        const current = this.waiting.get(jobId);
        current?.finishers.delete(finish);
        if (current?.finishers.size === 0) this.waiting.delete(jobId);
        resolve(outcome);
      };
      waiting.finishers.set(finish, maxAgeSeconds);
    });
  }

  /**
   * Looks again at the jobs that calls have waited on for at least `minimumWaitMs`: a stored result
   * answers them, a job that failed fails them, and a job that is gone (a Redis failover can lose
   * the last writes) is queued again. The registration for the notice is renewed on the way.
   */
  private async recheck(minimumWaitMs: number): Promise<void> {
    const now = Date.now();
    const due = [...this.waiting.entries()].filter(([, waiting]) => now - waiting.since >= minimumWaitMs);
    await Promise.all(
      due.map(async ([jobId, waiting]) => {
        try {
          const claim = await claimJob(this.redis, this.prefix, jobId, {
            gatewayId: this.gatewayId,
            keyId: waiting.data.keyId,
            ownerTtlSeconds: this.ownerTtlSeconds,
            waitSeconds: (waiting.since + waiting.waitMs - now) / 1000 + 60,
            maxAgeSeconds: waiting.maxAgeSeconds,
          });
          if (claim.status === "stored") {
            this.settle(jobId, { status: "completed", ...claim.result });
          } else if (!claim.jobExists) {
            await this.add(waiting.kind, jobId, waiting.data, waiting.priority);
          } else if ((await this.queue.getJobState(jobId)) === "failed") {
            const job = await Job.fromId<ResearchJobData>(this.queue, jobId);
            // A failure older than the wait is an earlier caller's: this one deserves a run of its own.
            if ((job?.finishedOn ?? 0) < waiting.since) await job?.retry("failed").catch(() => {});
            else this.settle(jobId, { status: "failed", error: decodeFailure(job?.failedReason) });
          }
        } catch (error) {
          // Redis is away or full: the next round, or the subscription coming back, tries again.
          this.noteRefusal(error);
        }
      }),
    );
  }

  /** Remembers a refusal of a full Redis (other errors are not refusals). */
  private noteRefusal(error: unknown): void {
    if (isRedisFullError(error) || (error instanceof DossierError && isRedisFullError(error.cause)))
      this.lastRefusal = { at: Date.now(), error: error instanceof DossierError ? error.cause : error };
  }

  /**
   * How a wait ends that runs out while Redis is full (a refusal seen within the last two rechecks):
   * a retryable 503 that says so, rather than a time-out; the worker that holds the job stores its
   * outcome once Redis has room.
   */
  private refusedOutcome(): JobOutcome | undefined {
    const refusal = this.lastRefusal;
    if (!refusal || Date.now() - refusal.at > 2 * this.recheckIntervalMs + 1_000) return undefined;
    return { status: "unavailable", error: queueUnavailable(refusal.error) };
  }

  /** Number of calls waiting for a job in this process. */
  get waitingCalls(): number {
    let count = 0;
    for (const waiting of this.waiting.values()) count += waiting.finishers.size;
    return count;
  }

  /** Finishes the calls waiting for the job, except those for which a stored result is too old. */
  private settle(jobId: string, outcome: JobOutcome): void {
    const waiting = this.waiting.get(jobId);
    if (!waiting) return;
    const now = Date.now();
    for (const [finish, maxAgeSeconds] of [...waiting.finishers]) {
      const storedAt = outcome.status === "completed" ? outcome.storedAt : undefined;
      if (storedAt !== undefined && maxAgeSeconds !== undefined && now - storedAt >= maxAgeSeconds * 1000) continue;
      finish(outcome);
    }
  }

  async waitUntilReady(): Promise<void> {
    await Promise.all([this.queue.waitUntilReady(), this.subscribed]);
  }

  async close(): Promise<void> {
    clearInterval(this.recheckTimer);
    await this.queue.close().catch(() => {});
    this.subscriber.disconnect();
    this.redis.disconnect();
    this.queueConnection.disconnect();
  }
}
