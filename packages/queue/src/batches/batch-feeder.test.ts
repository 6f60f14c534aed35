import { randomBytes } from "node:crypto";
import type { NormalizedResearchRequest } from "@dossier/contract";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResearchJobData } from "../jobs/job-payload.js";
import { RESEARCH_QUEUE, redisKeys } from "../names.js";
import { createRedis, type RedisClient } from "../redis-connection.js";
import { BatchFeeder } from "./batch-feeder.js";
import { BatchStore } from "./batch-store.js";
import { popFairEntries } from "./fair-feed.js";
import { prepareBatch } from "./prepare-batch.js";

const KEY = "key-feeder";
let redis: RedisClient;
let prefix: string;
let batches: BatchStore;
let queue: Queue<ResearchJobData>;

beforeAll(() => {
  redis = createRedis({ mode: "standalone", url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" }, "blocking");
  prefix = `test-feeder-${randomBytes(4).toString("hex")}`;
  batches = new BatchStore({ prefix, redis, ttlSeconds: 600 });
  queue = new Queue(RESEARCH_QUEUE, { connection: redis, prefix });
});
afterAll(async () => {
  await queue.close();
  await batches.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

/** A batch of one item per job id. */
function batchOf(jobIds: readonly string[]) {
  return prepareBatch(
    jobIds.map((jobId) => ({
      ref: jobId,
      kind: "company" as const,
      jobId,
      data: {
        request: {
          question: `Is ${jobId} hiring?`,
          company: { name: "Example Co" },
        } as unknown as NormalizedResearchRequest,
        requestId: "request-1",
        keyId: KEY,
        enqueuedAt: 0,
        origin: "batch" as const,
      },
    })),
  );
}

async function feedingListEmptied(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await redis.llen(redisKeys.fairFeeding(prefix))) > 0) {
    if (Date.now() > deadline) throw new Error("the feeder left entries on its feeding list");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the batch feeder", () => {
  it("does not queue again an item whose outcome its batch already has, though no result was kept", async () => {
    const batch = await batches.create(KEY, batchOf(["feed-answered", "feed-open"]), null);
    // A feeder took both entries and queued their jobs; a failover then lost its release, so the
    // entries are still on the feeding list when the next round recovers them.
    expect(await popFairEntries(redis, prefix, 2)).toHaveLength(2);
    // Meanwhile one job finished with an answer that is not kept for identical requests (withheld
    // after an outside failure), recorded for the batch, and left the queue.
    await batches.resolveJob("feed-answered", { status: "done", body: JSON.stringify({ answerText: null }) });

    const feeder = new BatchFeeder({
      prefix,
      redis,
      queueConnection: redis,
      batches,
      feedAhead: 10,
      attempts: 1,
      backoffMs: 100,
      failedRetentionSeconds: 60,
      intervalMs: 50,
    });
    feeder.start();
    try {
      await feedingListEmptied();
    } finally {
      await feeder.close();
    }

    // The open item is queued; the answered one is not researched a second time.
    expect(await queue.getJobState("feed-open")).toBe("prioritized");
    expect(await queue.getJobState("feed-answered")).toBe("unknown");
    expect(await batches.get(batch.id)).toMatchObject({ completed: 1, status: "running" });
  });
});
