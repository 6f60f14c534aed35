import type { ResearchKind } from "@dossier/contract";
import { Job, Queue } from "bullmq";
import type { ResearchJobData } from "../jobs/job-payload.js";
import { readStoredResult } from "../jobs/stored-result.js";
import { jobPriorities, RESEARCH_QUEUE, redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import type { ReplicaConfirmation } from "../replica-confirmation.js";
import type { BatchStore } from "./batch-store.js";
import { type FairEntry, popFairEntries, withFeederLock } from "./fair-feed.js";

export interface BatchFeederSettings {
  prefix: string;
  /** The worker's connection. */
  redis: RedisClient;
  /** The connection of BullMQ's queues (no pipelining). */
  queueConnection: RedisClient;
  batches: BatchStore;
  /** Jobs kept waiting in the queue; the rest wait in per-key lists and are fed in rotation (`BATCH_FEED_AHEAD`). */
  feedAhead: number;
  /** Attempts of a batch item's job (`BATCH_JOB_ATTEMPTS`). */
  attempts: number;
  /** First retry delay, in milliseconds; doubles each attempt, with jitter (`RETRY_BACKOFF_MS`). */
  backoffMs: number;
  /** How long failed jobs stay inspectable, in seconds. */
  failedRetentionSeconds: number;
  /** How often to look for room in the queue, in milliseconds. Default 250. */
  intervalMs?: number;
  /**
   * Behind Sentinel: an entry leaves the feeding list only once a replica holds its job, so that a
   * failover cannot keep the removal and lose the job (see {@link ReplicaConfirmation}).
   */
  confirmation?: ReplicaConfirmation;
  /** Called when a feed round fails (Redis away); the feeder tries again on the next round. */
  onError?: (error: unknown) => void;
  /**
   * Called when fed entries are taken off the feeding list (`released`), or left on it because the
   * connection followed a failover meanwhile (the next round feeds them again). For a debug log.
   */
  onFed?: (jobIds: readonly string[], released: boolean) => void;
}

/**
 * Moves batch items from per-key lists into the research queue, one key at a time in rotation,
 * keeping only `feedAhead` jobs waiting. A key's 10,000 items therefore never stand in front of
 * another key's items for more than a round; synchronous calls overtake them all by priority.
 * Every worker runs a feeder; a Redis lock lets one feed at a time.
 */
export class BatchFeeder {
  private readonly queue: Queue<ResearchJobData, string, ResearchKind>;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private again = false;

  constructor(private readonly settings: BatchFeederSettings) {
    this.queue = new Queue<ResearchJobData, string, ResearchKind>(RESEARCH_QUEUE, {
      connection: settings.queueConnection,
      prefix: settings.prefix,
    });
    this.queue.on("error", () => {});
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.settings.intervalMs ?? 250);
    this.timer.unref();
    this.kick();
  }

  /** Runs a feed round now (or right after the one under way). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.round()
      .catch((error: unknown) => this.settings.onError?.(error))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async round(): Promise<void> {
    const { redis, prefix } = this.settings;
    await withFeederLock(redis, prefix, 15_000, async () => {
      // Entries leave the feeding list only when no failover was followed since their jobs were added.
      const mark = this.settings.confirmation?.mark;
      // Entries a feeder took but may not have queued before it died.
      const recovered = await redis.lrange(redisKeys.fairFeeding(prefix), 0, 99);
      for (const raw of recovered) await this.feed(JSON.parse(raw) as FairEntry);
      if (!(await this.release(recovered, mark))) return;
      const counts = await this.queue.getJobCounts("waiting", "prioritized");
      const room = this.settings.feedAhead - (counts.waiting ?? 0) - (counts.prioritized ?? 0);
      if (room <= 0) return;
      const taken = await popFairEntries(redis, prefix, room);
      for (const { entry } of taken) await this.feed(entry);
      await this.release(
        taken.map(({ raw }) => raw),
        mark,
      );
    });
  }

  /**
   * Takes fed entries off the feeding list once their jobs are safe; false (nothing taken off) when
   * the connection followed a failover meanwhile: the next round feeds them again.
   */
  private async release(raws: readonly string[], mark: number | undefined): Promise<boolean> {
    if (raws.length === 0) return true;
    const { redis, prefix, confirmation, onFed } = this.settings;
    const jobIds = () => raws.map((raw) => (JSON.parse(raw) as FairEntry).jobId);
    if (confirmation && !(await confirmation.confirm(mark))) {
      onFed?.(jobIds(), false);
      return false;
    }
    await Promise.all(raws.map((raw) => redis.lrem(redisKeys.fairFeeding(prefix), 1, raw)));
    onFed?.(jobIds(), true);
    return true;
  }

  /**
   * Queues one item's job, or resolves it at once when its result is already stored; skips it when
   * no batch waits for it any more (each one that asked for it was cancelled, or has its outcome).
   */
  private async feed(entry: FairEntry): Promise<void> {
    const { redis, prefix, batches } = this.settings;
    if (!(await this.awaited(entry.jobId))) return;
    const maxAgeSeconds = entry.data.request.maxAgeSeconds;
    const readStored = () => readStoredResult(redis, prefix, entry.jobId, maxAgeSeconds);
    // The job's time is when no result was found: a worker that takes it answers from a result
    // stored since (a run of the same job that finished between this read and the job's creation:
    // an entry fed again after a failover, whose first job has just completed), not research it again.
    const checkedAt = Date.now();
    const stored = await readStored();
    if (stored !== null) {
      await batches.resolveJob(entry.jobId, { status: "done", body: stored.body });
      return;
    }
    await this.queue.add(entry.kind, entry.data, {
      jobId: entry.jobId,
      timestamp: checkedAt,
      priority: jobPriorities.batch,
      attempts: this.settings.attempts,
      backoff: { type: "exponential", delay: this.settings.backoffMs, jitter: 0.5 },
      removeOnComplete: true,
      removeOnFail: { age: this.settings.failedRetentionSeconds },
    });
    const state = await this.queue.getJobState(entry.jobId);
    if (state === "failed") {
      // The same request failed earlier (another caller's attempt): this item deserves its own run.
      const job = await Job.fromId<ResearchJobData>(this.queue, entry.jobId);
      await job?.retry("failed").catch(() => {});
    } else if (state === "completed" || state === "unknown") {
      const finished = await readStored();
      if (finished !== null) await batches.resolveJob(entry.jobId, { status: "done", body: finished.body });
    }
  }

  /**
   * Whether a batch still waits for the job's outcome. An entry fed again after a failover (its
   * release was lost) may find its job finished and removed, with no result kept for identical
   * requests (an answer withheld after an outside failure): queued again, it would be researched twice.
   */
  private async awaited(jobId: string): Promise<boolean> {
    const { redis, prefix } = this.settings;
    const batchIds = await redis.smembers(redisKeys.jobBatches(prefix, jobId));
    const pending = await Promise.all(
      batchIds.map((batchId) => redis.hexists(redisKeys.batchPending(prefix, batchId), jobId)),
    );
    return pending.some((waiting) => waiting === 1);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.queue.close().catch(() => {});
  }
}
