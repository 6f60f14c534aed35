import { randomBytes } from "node:crypto";
import { hashTagged, parseRedisNodes } from "@dossier/config";
import { Queue } from "bullmq";
import { Cluster } from "ioredis";
import { afterAll, describe, expect, inject, it } from "vitest";
import { RESEARCH_QUEUE, redisKeys } from "./names.js";

const redis = new Cluster(parseRedisNodes(inject("redisClusterNodes"), 6379).nodes);
afterAll(() => redis.disconnect());

describe("Dossier's keys on a Redis Cluster", () => {
  it("hash to the slot of BullMQ's own queue keys, as the cluster computes it", async () => {
    const prefix = hashTagged(`slot-${randomBytes(3).toString("hex")}`);
    const queue = new Queue(RESEARCH_QUEUE, { connection: redis, prefix });
    try {
      const slotOf = (key: string) => redis.call("CLUSTER", "KEYSLOT", key) as Promise<number>;
      const queueSlot = await slotOf(queue.toKey("wait"));
      for (const [name, build] of Object.entries(redisKeys)) {
        const key = (build as (...args: unknown[]) => string)(prefix, "id-1", 7);
        expect(await slotOf(key), `${name}: ${key}`).toBe(queueSlot);
      }
    } finally {
      await queue.close();
    }
  });
});
