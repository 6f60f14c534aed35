import { randomBytes } from "node:crypto";
import type { NormalizedResearchRequest } from "@dossier/contract";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResearchJobData } from "../jobs/job-payload.js";
import { RESEARCH_QUEUE, redisKeys } from "../names.js";
import { createRedis, type RedisClient } from "../redis-connection.js";
import { BatchStore } from "./batch-store.js";
import { type FairEntry, popFairEntries } from "./fair-feed.js";
import { packedCount, packedText } from "./packed-texts.js";
import { type PreparedBatch, prepareBatch } from "./prepare-batch.js";
import { type BatchRecord, registerBatchJobs, revealBatch, writeBatchParts } from "./write-batch.js";

const KEY = "key-write";
const TTL_SECONDS = 600;
let redis: RedisClient;
let prefix: string;
let batches: BatchStore;
let queue: Queue<ResearchJobData>;

beforeAll(() => {
  redis = createRedis({ mode: "standalone", url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" }, "blocking");
  prefix = `test-write-batch-${randomBytes(4).toString("hex")}`;
  batches = new BatchStore({ prefix, redis, ttlSeconds: TTL_SECONDS });
  queue = new Queue(RESEARCH_QUEUE, { connection: redis, prefix });
});
afterAll(async () => {
  await queue.close();
  await batches.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

/** A prepared batch of `count` items, each its own job (`<name>-<index>`), the last one invalid. */
function preparedBatch(name: string, count: number): PreparedBatch {
  return prepareBatch(
    Array.from({ length: count }, (_, index) => {
      if (index === count - 1) return { ref: `row-${index}`, problem: { status: 422, detail: "is invalid" } };
      const request = {
        question: `Is item ${index} of ${name} hiring?`,
        company: { name: "Example Co" },
      } as unknown as NormalizedResearchRequest;
      return {
        ref: `row-${index}`,
        kind: "company" as const,
        jobId: `${name}-${index}`,
        data: { request, requestId: "request-1", keyId: KEY, enqueuedAt: 0, origin: "batch" as const },
      };
    }),
  );
}

function recordOf(id: string, prepared: PreparedBatch): BatchRecord {
  const now = Date.now();
  return {
    id,
    keyId: KEY,
    createdAt: now,
    listed: true,
    fields: {
      id,
      keyId: KEY,
      total: packedCount(prepared.items),
      completed: 0,
      failed: prepared.invalid,
      invalid: prepared.invalid,
      status: "running",
      createdAt: new Date(now).toISOString(),
      finishedAt: "",
      callbackUrl: "",
      metadata: "",
      itemMetadata: 0,
      itemShapes: 0,
    },
  };
}

describe("writing a batch in parts", () => {
  it("keeps the parts of a batch its gateway never finished out of sight: not readable, counting nothing, expiring", async () => {
    const prepared = preparedBatch("unfinished", 1_200);
    // What a gateway that died after writing the parts leaves behind.
    await writeBatchParts(redis, prefix, "b-unfinished", prepared, TTL_SECONDS);

    expect(await redis.llen(redisKeys.batchItems(prefix, "b-unfinished"))).toBe(1_200);
    expect(await batches.get("b-unfinished")).toBeNull();
    expect(await batches.list(KEY, { limit: 10 })).toEqual({ batches: [], hasMore: false });
    expect(await batches.countOpen(KEY)).toBe(0);
    // No job knows the batch: a job that ends resolves nothing of it, and the feeder has nothing of it.
    await batches.resolveJob("unfinished-0", { status: "done", body: "{}" });
    expect(await batches.get("b-unfinished")).toBeNull();
    expect(await redis.hlen(redisKeys.batchPending(prefix, "b-unfinished"))).toBe(1_199);
    expect(await popFairEntries(redis, prefix, 10)).toEqual([]);
    for (const key of [redisKeys.batchItems(prefix, "b-unfinished"), redisKeys.batchPending(prefix, "b-unfinished")]) {
      const ttl = await redis.ttl(key);
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(TTL_SECONDS);
    }
  });

  it("never makes visible a batch one of whose parts is missing (written to a primary a failover replaced)", async () => {
    const prepared = preparedBatch("torn", 1_200);
    await writeBatchParts(redis, prefix, "b-torn-items", prepared, TTL_SECONDS);
    await redis.rpop(redisKeys.batchItems(prefix, "b-torn-items"), 500);
    expect(await revealBatch(redis, prefix, recordOf("b-torn-items", prepared), prepared, TTL_SECONDS)).toBe(false);
    expect(await batches.get("b-torn-items")).toBeNull();

    await writeBatchParts(redis, prefix, "b-torn-pending", prepared, TTL_SECONDS);
    await redis.hdel(redisKeys.batchPending(prefix, "b-torn-pending"), "torn-3");
    expect(await revealBatch(redis, prefix, recordOf("b-torn-pending", prepared), prepared, TTL_SECONDS)).toBe(false);
    expect(await batches.get("b-torn-pending")).toBeNull();
    expect(await batches.list(KEY, { limit: 10 })).toEqual({ batches: [], hasMore: false });
    expect(await batches.countOpen(KEY)).toBe(0);
  });

  it("does not register a visible batch with the jobs a cancel took before their turn came", async () => {
    const prepared = preparedBatch("cancelled", 1_200);
    await writeBatchParts(redis, prefix, "b-cancelled", prepared, TTL_SECONDS);
    expect(await revealBatch(redis, prefix, recordOf("b-cancelled", prepared), prepared, TTL_SECONDS)).toBe(true);
    // The key cancels the batch (or is revoked) while the gateway is still registering its jobs.
    const cancelled = await batches.cancel("b-cancelled", queue);
    expect(cancelled).toMatchObject({ status: "cancelled", cancelled: 1_199 });
    await registerBatchJobs(redis, prefix, { id: "b-cancelled", keyId: KEY }, prepared.jobs, TTL_SECONDS);

    // No job waits for the batch, so the feeder would skip every one of its entries.
    const waiting = await Promise.all(prepared.jobs.map((job) => redis.scard(redisKeys.jobBatches(prefix, job.jobId))));
    expect(waiting.filter((count) => count > 0)).toEqual([]);
    expect(await batches.get("b-cancelled")).toMatchObject({ status: "cancelled", cancelled: 1_199, completed: 0 });
  });
  it("frees the room reserved for a batch its gateway never made visible, and keeps a made batch's room", async () => {
    const store = new BatchStore({ prefix, redis, ttlSeconds: TTL_SECONDS, reservationGraceSeconds: 1 });
    const key = "key-room";
    try {
      // A batch made: its 3 items count for as long as it is kept.
      const room = await store.reserve(key, 3, 5);
      await store.create(key, preparedBatch("room-made", 3), null, null, { reservation: room });
      // A submission whose gateway died after its room was reserved and its parts written.
      const lost = await store.reserve(key, 2, 5);
      await writeBatchParts(redis, prefix, lost.batchId, preparedBatch("room-lost", 2), TTL_SECONDS);

      // Once the grace is over the lost one counts no more: 2 more items fit beside the made batch.
      let admitted: Awaited<ReturnType<BatchStore["reserve"]>> | undefined;
      for (const deadline = Date.now() + 30_000; !admitted && Date.now() < deadline; ) {
        admitted = await store.reserve(key, 2, 5).catch(() => undefined);
        if (!admitted) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(admitted).toBeDefined();
      await store.release(admitted!);
      // The made batch still holds its room, past the grace.
      await expect(store.reserve(key, 3, 5)).rejects.toMatchObject({ code: "BATCH_STORAGE_LIMIT_REACHED" });
    } finally {
      await store.close();
    }
  });
});

describe("BatchStore.create", () => {
  it("shows a batch only whole: whenever it can be read, all of its items and jobs are there", async () => {
    const prepared = preparedBatch("whole", 3_000);
    const reservation = await batches.reserve(KEY, packedCount(prepared.items), 0);
    const id = reservation.batchId;
    let created = false;
    const made = batches.create(KEY, prepared, null, null, { reservation }).finally(() => {
      created = true;
    });
    // Read as a client would while the gateway writes it, between each of its commands.
    const seen: Array<{ total: number; items: number; pending: number }> = [];
    while (!created) {
      const summary = await batches.get(id);
      if (summary) {
        const [items, pending] = await Promise.all([
          redis.llen(redisKeys.batchItems(prefix, id)),
          redis.hlen(redisKeys.batchPending(prefix, id)),
        ]);
        seen.push({ total: summary.total, items, pending });
      }
    }
    await made;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((view) => view.items !== 3_000 || view.pending !== 2_999)).toEqual([]);
    expect(seen.every((view) => view.total === 3_000)).toBe(true);

    // Its items read back in order, and every job went to the key's fair-share list once.
    const items = await batches.readItems(id, 0, 3_000);
    expect(items.map((item) => item.ref)).toEqual(Array.from({ length: 3_000 }, (_, index) => `row-${index}`));
    expect(items.at(-1)?.problem).toEqual({ status: 422, detail: "is invalid" });
    const fed = await redis.lrange(redisKeys.fairPending(prefix, KEY), 0, -1);
    expect(fed.map((raw) => (JSON.parse(raw) as FairEntry).jobId)).toEqual(prepared.jobs.map((job) => job.jobId));
    expect(fed[0]).toBe(packedText(prepared.entries, 0));
    await batches.cancel(id, queue);
  });
});
