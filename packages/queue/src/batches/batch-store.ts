import { randomBytes } from "node:crypto";
import { isRedisFullError, type Metadata } from "@dossier/contract";
import { Queue } from "bullmq";
import type { ResearchJobData } from "../jobs/job-payload.js";
import { usableResult } from "../jobs/stored-result.js";
import { CALLBACK_QUEUE, RESEARCH_QUEUE, redisChannels, redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";
import type { ReplicaConfirmation } from "../replica-confirmation.js";
import { cancelBatch } from "./cancel-batch.js";
import { pushFairEntryTexts } from "./fair-feed.js";
import { type BatchReservation, newBatchId, releaseKeptItems, reserveKeptItems } from "./kept-items.js";
import { packedBytes, packedCount } from "./packed-texts.js";
import type { PreparedBatch } from "./prepare-batch.js";
import { discardBatchParts, registerBatchJobs, revealBatch, writeBatchParts } from "./write-batch.js";

/** A batch's bookkeeping as `GET /v1/batches/{id}` reports it. */
export interface BatchSummary {
  id: string;
  /** Id of the API key that created it. */
  keyId: string;
  status: "queued" | "running" | "done" | "cancelled";
  total: number;
  completed: number;
  failed: number;
  /** Items cancelled before they ran. */
  cancelled: number;
  callbackUrl: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** The batch's own metadata, when it was given some. */
  metadata?: Metadata;
  /** True when at least one item's request carried metadata. */
  itemsHaveMetadata: boolean;
  /** True when an item asked for an answer in its own shape (`outputSchema`): its CSV has an `answerObject` column. */
  itemsHaveOutputSchema: boolean;
}

/** True when no item of the batch will change any more: it is done, or cancelled with nothing left running. */
export function isBatchFinished(summary: Pick<BatchSummary, "status" | "finishedAt">): boolean {
  return summary.status === "done" || (summary.status === "cancelled" && summary.finishedAt !== null);
}

/** How a job ended, as a batch records it. */
export type JobResolution = { status: "done"; body: string } | { status: "failed"; failure: string };

/** One item with its outcome, for the results stream. */
export interface BatchItemOutcome {
  index: number;
  ref?: string;
  /** The item's metadata, when its request had some. */
  metadata?: Metadata;
  /** The item's own problem (it never became a job). */
  problem?: Record<string, unknown>;
  /** The job's outcome, when it has one. */
  resolution?: JobResolution;
  /** True while the batch still waits for the item's job (it is queued or running). */
  waiting: boolean;
}

export interface BatchStoreSettings {
  prefix: string;
  /** Command connection. */
  redis: RedisClient;
  /** The connection of the callback queue (no pipelining). Default `redis`. */
  queueConnection?: RedisClient;
  /** How long a batch and its results are kept, in seconds. */
  ttlSeconds: number;
  /** Delivery attempts of a completion callback. Default 8. */
  callbackAttempts?: number;
  /** First retry delay of a callback, in milliseconds; doubles each time, with jitter. Default 5000. */
  callbackBackoffMs?: number;
  /** Behind Sentinel: a new batch is answered only once a replica holds it (see {@link ReplicaConfirmation}). */
  confirmation?: ReplicaConfirmation;
  /**
   * How long the room reserved for a batch (`reserve`) is held before the batch is made visible, in
   * seconds: a gateway that dies while it writes a batch frees the room after this. Default 600.
   */
  reservationGraceSeconds?: number;
}

/** Default of {@link BatchStoreSettings.reservationGraceSeconds}: far longer than writing any batch takes. */
const RESERVATION_GRACE_SECONDS = 600;

/**
 * Resolves one job for one batch, once: the pending count for the job is moved to `completed` or
 * `failed` and the outcome copied, and the batch's channel is told. Returns 0 when already resolved
 * (or cancelled), 1 when resolved, 2 when this resolution finished the batch (the caller then
 * announces it). A cancelled batch keeps its status when its last running item finishes.
 */
const RESOLVE_SCRIPT = new RedisScript(`
local count = redis.call('HGET', KEYS[2], ARGV[1])
if not count then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then redis.call('PEXPIRE', KEYS[3], ttl) end
if ARGV[2] == 'done' then
  redis.call('HINCRBY', KEYS[1], 'completed', tonumber(count))
else
  redis.call('HINCRBY', KEYS[1], 'failed', tonumber(count))
end
redis.call('PUBLISH', ARGV[7], '')
if redis.call('HLEN', KEYS[2]) == 0 then
  if redis.call('HGET', KEYS[1], 'status') ~= 'cancelled' then redis.call('HSET', KEYS[1], 'status', 'done') end
  redis.call('HSET', KEYS[1], 'finishedAt', ARGV[6])
  local owner = redis.call('HGET', KEYS[1], 'keyId')
  if owner then redis.call('SREM', ARGV[4] .. owner, ARGV[5]) end
  return 2
end
return 1
`);

/** Jobs whose stored results one MGET reads. */
const STORED_CHECK_JOBS = 500;

/** How long a cancelled batch's callback is offered again to a full Redis, in milliseconds (10 minutes). */
const ANNOUNCE_PATIENCE_MS = 600_000;

/** A batch's bookkeeping hash as the API reports it; null when the batch does not exist. */
function summaryOf(raw: Record<string, string>): BatchSummary | null {
  if (!raw.id) return null;
  const completed = Number(raw.completed ?? 0);
  const failed = Number(raw.failed ?? 0);
  const finishedValid = completed + failed - Number(raw.invalid ?? 0);
  const status =
    raw.status === "done" || raw.status === "cancelled" ? raw.status : finishedValid > 0 ? "running" : "queued";
  return {
    id: raw.id,
    keyId: raw.keyId ?? "",
    status,
    total: Number(raw.total ?? 0),
    completed,
    failed,
    cancelled: Number(raw.cancelled ?? 0),
    callbackUrl: raw.callbackUrl || null,
    createdAt: raw.createdAt ?? "",
    finishedAt: raw.finishedAt || null,
    ...(raw.metadata ? { metadata: JSON.parse(raw.metadata) as Metadata } : {}),
    itemsHaveMetadata: raw.itemMetadata === "1",
    itemsHaveOutputSchema: raw.itemShapes === "1",
  };
}

function encodeResolution(resolution: JobResolution): string {
  return resolution.status === "done" ? `R${resolution.body}` : `F${resolution.failure}`;
}

function decodeResolution(value: string | null | undefined): JobResolution | undefined {
  if (!value) return undefined;
  return value.startsWith("R")
    ? { status: "done", body: value.slice(1) }
    : { status: "failed", failure: value.slice(1) };
}

/** Batch bookkeeping in Redis, under the deployment prefix and with a TTL. */
export class BatchStore {
  readonly callbacks: Queue;
  private readonly redis: RedisClient;
  private readonly prefix: string;

  constructor(private readonly settings: BatchStoreSettings) {
    this.redis = settings.redis;
    this.prefix = settings.prefix;
    this.callbacks = new Queue(CALLBACK_QUEUE, {
      connection: settings.queueConnection ?? settings.redis,
      prefix: settings.prefix,
    });
    this.callbacks.on("error", () => {});
  }

  /** Batches of a key that are not done; ids whose bookkeeping expired are dropped. */
  async countOpen(keyId: string): Promise<number> {
    const key = redisKeys.openBatches(this.prefix, keyId);
    const ids = await this.redis.smembers(key);
    let open = 0;
    for (const id of ids) {
      if ((await this.redis.exists(redisKeys.batch(this.prefix, id))) === 1) open += 1;
      else await this.redis.srem(key, id);
    }
    return open;
  }

  /**
   * Makes room for a new batch of `items` in what its key keeps, or refuses it (429
   * `BATCH_STORAGE_LIMIT_REACHED`) when they would take the key past `limit` items (0: no limit). The
   * reservation names the batch: pass it to {@link create}, or to {@link release} when the batch is
   * not made after all.
   */
  reserve(keyId: string, items: number, limit: number): Promise<BatchReservation> {
    return reserveKeptItems(this.redis, this.prefix, {
      keyId,
      items,
      limit,
      ttlSeconds: this.settings.ttlSeconds,
      graceSeconds: this.settings.reservationGraceSeconds ?? RESERVATION_GRACE_SECONDS,
    });
  }

  /** Gives back the room of a reservation whose batch was not made. */
  async release(reservation: BatchReservation): Promise<void> {
    await releaseKeptItems(this.redis, this.prefix, reservation);
  }

  /**
   * Records a batch, registers it as waiting for each distinct job, resolves the jobs whose result
   * is already stored, and hands the rest to the key's fair-share list. Its room is made by
   * `options.reservation`, or here without a limit. `listed: false` makes a batch of the service's
   * own (a list's research): it is fed and resolved as any batch, but the key does not see it in
   * `GET /v1/batches`, and it counts neither against `BATCH_MAX_OPEN` nor in the items the key keeps
   * (`BATCH_MAX_KEPT_ITEMS`): the list's own limits bound it.
   */
  async create(
    keyId: string,
    prepared: PreparedBatch,
    callbackUrl: string | null,
    metadata: Metadata | null = null,
    options: { reservation?: BatchReservation; listed?: boolean } = {},
  ): Promise<BatchSummary> {
    const mark = this.settings.confirmation?.mark;
    if (options.listed === false) {
      return this.write(keyId, newBatchId(), prepared, { callbackUrl, metadata, mark, listed: false });
    }
    const room = options.reservation ?? (await this.reserve(keyId, packedCount(prepared.items), 0));
    try {
      return await this.write(keyId, room.batchId, prepared, { callbackUrl, metadata, mark, listed: true, room });
    } catch (error) {
      // Nothing of it is kept: its items no longer count against the key's bound.
      await this.release(room).catch(() => {});
      throw error;
    }
  }

  /**
   * Writes a batch whose items were counted (see {@link create}), in parts across turns of the event
   * loop (see write-batch.ts): its items and pending jobs, then the batch itself once they are whole,
   * then its registration with each job, the jobs already answered, and the key's fair-share list.
   */
  private async write(
    keyId: string,
    id: string,
    prepared: PreparedBatch,
    written: {
      callbackUrl: string | null;
      metadata: Metadata | null;
      mark: number | undefined;
      listed: boolean;
      room?: BatchReservation;
    },
  ): Promise<BatchSummary> {
    const { callbackUrl, metadata, mark, listed, room } = written;
    const ttl = this.settings.ttlSeconds;
    const pending = prepared.jobs.length;
    const createdAt = Date.now();
    const now = new Date(createdAt).toISOString();
    const discard = async (error: unknown): Promise<never> => {
      await discardBatchParts(this.redis, this.prefix, id).catch(() => {});
      throw error;
    };
    await writeBatchParts(this.redis, this.prefix, id, prepared, ttl).catch(discard);
    // A connection that followed a failover meanwhile may have left parts on the old primary.
    if (this.settings.confirmation !== undefined && this.settings.confirmation.mark !== mark)
      await discard(new Error("the batch's parts were written across a failover"));
    const batch = {
      id,
      keyId,
      createdAt,
      listed,
      ...(room ? { reservation: room } : {}),
      fields: {
        id,
        keyId,
        total: packedCount(prepared.items),
        completed: 0,
        failed: prepared.invalid,
        invalid: prepared.invalid,
        status: pending === 0 ? "done" : "running",
        createdAt: now,
        finishedAt: pending === 0 ? now : "",
        callbackUrl: callbackUrl ?? "",
        metadata: metadata === null ? "" : JSON.stringify(metadata),
        itemMetadata: prepared.itemsHaveMetadata ? 1 : 0,
        itemShapes: prepared.itemsHaveOutputSchema ? 1 : 0,
      },
    };
    // An error here leaves the parts as they are: the batch may have been made visible with them.
    if (!(await revealBatch(this.redis, this.prefix, batch, prepared, ttl)))
      await discard(new Error("the batch's parts were not all in Redis when it was to be made visible"));
    await registerBatchJobs(this.redis, this.prefix, { id, keyId }, prepared.jobs, ttl);

    for (let start = 0; start < pending; start += STORED_CHECK_JOBS) {
      const slice = prepared.jobs.slice(start, start + STORED_CHECK_JOBS);
      const stored = await this.redis.mget(
        ...slice.map((job) => redisKeys.result(this.prefix, job.jobId)),
        ...slice.map((job) => redisKeys.resultAt(this.prefix, job.jobId)),
      );
      const toFeed: Buffer[] = [];
      for (const [offset, job] of slice.entries()) {
        // An item that asks for fresher evidence than the stored result is researched again.
        const usable = usableResult(stored[offset] ?? null, stored[slice.length + offset] ?? null, job.maxAgeSeconds);
        if (usable !== null) await this.resolveJob(job.jobId, { status: "done", body: usable.body });
        else toFeed.push(packedBytes(prepared.entries, start + offset));
      }
      if (toFeed.length > 0) await pushFairEntryTexts(this.redis, this.prefix, keyId, toFeed);
    }
    if (pending === 0 && callbackUrl) await this.announce(id);
    // Written to a primary that a failover has just replaced: the batch is gone, and the caller must ask again.
    if (this.settings.confirmation && !(await this.settings.confirmation.confirm(mark)))
      throw new Error("the batch was written to a Redis primary that a failover replaced");
    return (await this.get(id))!;
  }

  async get(batchId: string): Promise<BatchSummary | null> {
    return summaryOf(await this.redis.hgetall(redisKeys.batch(this.prefix, batchId)));
  }

  /** Several batches at once, in the order asked; null for those that expired. */
  async getMany(batchIds: readonly string[]): Promise<Array<BatchSummary | null>> {
    if (batchIds.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of batchIds) pipeline.hgetall(redisKeys.batch(this.prefix, id));
    const replies = (await pipeline.exec()) ?? [];
    return replies.map(([error, raw]) => {
      if (error) throw error;
      return summaryOf(raw as Record<string, string>);
    });
  }

  /**
   * Records a job's outcome for every batch waiting for it (`batchIds` when the caller read them
   * already); announces the batches it finished.
   */
  async resolveJob(jobId: string, resolution: JobResolution, batchIds?: readonly string[]): Promise<void> {
    batchIds ??= await this.redis.smembers(redisKeys.jobBatches(this.prefix, jobId));
    if (batchIds.length === 0) return;
    const encoded = encodeResolution(resolution);
    for (const batchId of batchIds) {
      const outcome = (await RESOLVE_SCRIPT.run(
        this.redis,
        [
          redisKeys.batch(this.prefix, batchId),
          redisKeys.batchPending(this.prefix, batchId),
          redisKeys.batchOutcomes(this.prefix, batchId),
        ],
        [
          jobId,
          resolution.status,
          encoded,
          redisKeys.openBatches(this.prefix, ""),
          batchId,
          new Date().toISOString(),
          redisChannels.batchEvents(this.prefix, batchId),
        ],
      )) as number;
      if (outcome === 2) await this.announce(batchId);
    }
  }

  /**
   * Cancels a batch (see {@link cancelBatch}) and announces it when nothing is left running. Returns
   * the batch afterwards; a batch already done is returned as it is.
   */
  async cancel(batchId: string, queue: Queue<ResearchJobData>): Promise<BatchSummary | null> {
    const cancelled = await cancelBatch({ redis: this.redis, prefix: this.prefix, queue }, batchId);
    if (cancelled?.finished) {
      await this.announce(batchId).catch((error: unknown) => {
        if (!isRedisFullError(error)) throw error;
        this.announceLater(batchId);
      });
    }
    return this.get(batchId);
  }

  /**
   * Queues a cancelled batch's callback that a full Redis would not take: tried again with backoff
   * (up to 2 s apart) for at most `ANNOUNCE_PATIENCE_MS`, while this process lives.
   */
  private announceLater(batchId: string, tries = 1): void {
    if (tries * 2_000 > ANNOUNCE_PATIENCE_MS) return;
    const retry = () => void this.announce(batchId).catch(() => this.announceLater(batchId, tries + 1));
    setTimeout(retry, Math.min(2_000, 100 * 2 ** tries)).unref();
  }

  /**
   * Cancels every batch of a key that is not done (for a revoked key): their items not started are
   * cancelled, running ones finish. Returns how many batches were cancelled and items with them.
   */
  async cancelAllOf(keyId: string, queue: Queue<ResearchJobData>): Promise<{ batches: number; items: number }> {
    const cancelled = { batches: 0, items: 0 };
    for (const batchId of await this.redis.smembers(redisKeys.openBatches(this.prefix, keyId))) {
      const before = await this.get(batchId);
      if (!before || before.status === "done" || before.status === "cancelled") continue;
      const after = await this.cancel(batchId, queue);
      if (after?.status !== "cancelled") continue;
      cancelled.batches += 1;
      cancelled.items += after.cancelled - before.cancelled;
    }
    return cancelled;
  }

  /**
   * A key's batches, newest first: `limit` of them after the batch `after` (from the newest without
   * it). Null when `after` is not one of the key's batches.
   */
  async list(
    keyId: string,
    options: { limit: number; after?: string },
  ): Promise<{ batches: BatchSummary[]; hasMore: boolean } | null> {
    const key = redisKeys.keyBatches(this.prefix, keyId);
    await this.redis.zremrangebyscore(key, "-inf", `(${Date.now() - this.settings.ttlSeconds * 1000}`);
    let start = 0;
    if (options.after !== undefined) {
      const rank = await this.redis.zrevrank(key, options.after);
      if (rank === null) return null;
      start = rank + 1;
    }
    const ids = await this.redis.zrevrange(key, start, start + options.limit);
    const page = ids.slice(0, options.limit);
    const summaries = await this.getMany(page);
    const gone = page.filter((_id, index) => summaries[index] === null);
    if (gone.length > 0) await this.redis.zrem(key, ...gone);
    return {
      batches: summaries.filter((summary): summary is BatchSummary => summary !== null),
      hasMore: ids.length > options.limit,
    };
  }

  /** Queues the completion callback of a finished batch, once per batch (the job id is the batch id). */
  private async announce(batchId: string): Promise<void> {
    const callbackUrl = await this.redis.hget(redisKeys.batch(this.prefix, batchId), "callbackUrl");
    if (!callbackUrl) return;
    await this.callbacks.add(
      "batch.completed",
      { batchId },
      {
        jobId: `cb-${batchId}`,
        attempts: this.settings.callbackAttempts ?? 8,
        backoff: { type: "exponential", delay: this.settings.callbackBackoffMs ?? 5_000, jitter: 0.5 },
        removeOnComplete: { age: this.settings.ttlSeconds },
        removeOnFail: { age: this.settings.ttlSeconds },
      },
    );
  }

  /** Items `start` to `start + count - 1` with their outcomes, in item order. */
  async readItems(batchId: string, start: number, count: number): Promise<BatchItemOutcome[]> {
    const raw = await this.redis.lrange(redisKeys.batchItems(this.prefix, batchId), start, start + count - 1);
    const items = raw.map(
      (text) => JSON.parse(text) as { r?: string; m?: Metadata; j?: string; p?: Record<string, unknown> },
    );
    const jobIds = items.map((item) => item.j).filter((jobId): jobId is string => jobId !== undefined);
    const [outcomes, waiting] =
      jobIds.length > 0
        ? await Promise.all([
            this.redis.hmget(redisKeys.batchOutcomes(this.prefix, batchId), ...jobIds),
            this.redis.hmget(redisKeys.batchPending(this.prefix, batchId), ...jobIds),
          ])
        : [[], []];
    const byJob = new Map(jobIds.map((jobId, offset) => [jobId, outcomes[offset]]));
    const waitingJobs = new Set(jobIds.filter((_jobId, offset) => waiting[offset] !== null));
    return items.map((item, offset) => {
      const outcome: BatchItemOutcome = {
        index: start + offset,
        waiting: item.j !== undefined && waitingJobs.has(item.j),
      };
      if (item.r !== undefined) outcome.ref = item.r;
      if (item.m) outcome.metadata = item.m;
      if (item.p) outcome.problem = item.p;
      const resolution = item.j ? decodeResolution(byJob.get(item.j)) : undefined;
      if (resolution) outcome.resolution = resolution;
      return outcome;
    });
  }

  /** The secret that signs a key's callbacks; made on first use. */
  async callbackSecret(keyId: string): Promise<string> {
    const key = redisKeys.callbackSecrets(this.prefix);
    await this.redis.hsetnx(key, keyId, `whsec_${randomBytes(24).toString("base64url")}`);
    return (await this.redis.hget(key, keyId))!;
  }

  async close(): Promise<void> {
    await this.callbacks.close().catch(() => {});
  }
}

/**
 * Cancels every open batch of an API key (for a revoked key), with connections of its own to the
 * research queue: see `BatchStore.cancelAllOf`. Returns how many batches and items it cancelled.
 */
export async function cancelBatchesOfKey(
  redis: RedisClient,
  prefix: string,
  keyId: string,
  ttlSeconds: number,
): Promise<{ batches: number; items: number }> {
  const batches = new BatchStore({ prefix, redis, ttlSeconds });
  const queue = new Queue<ResearchJobData>(RESEARCH_QUEUE, { connection: redis, prefix });
  try {
    return await batches.cancelAllOf(keyId, queue);
  } finally {
    await queue.close().catch(() => {});
    await batches.close();
  }
}
