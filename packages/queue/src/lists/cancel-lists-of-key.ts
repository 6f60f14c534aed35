import { Queue } from "bullmq";
import { BatchStore } from "../batches/batch-store.js";
import type { ResearchJobData } from "../jobs/job-payload.js";
import { RESEARCH_QUEUE, redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { ListStore } from "./list-store.js";

/**
 * Cancels every running list of an API key (for a revoked key), with connections of its own to the
 * research queue: each list stops looking, keeps the items it decided, and its research not started
 * is cancelled (running research finishes). A list's research batches are not among the key's open
 * batches (`cancelBatchesOfKey`), so they are cancelled here. Returns how many lists it cancelled.
 */
export async function cancelListsOfKey(
  redis: RedisClient,
  prefix: string,
  keyId: string,
  ttlSeconds: number,
): Promise<{ lists: number }> {
  // Only cancels: the candidate bound of new lists plays no part.
  const lists = new ListStore({ prefix, redis, ttlSeconds, maxCandidates: 0 });
  const batches = new BatchStore({ prefix, redis, ttlSeconds });
  const queue = new Queue<ResearchJobData>(RESEARCH_QUEUE, { connection: redis, prefix });
  try {
    let cancelled = 0;
    for (const listId of await redis.smembers(redisKeys.openLists(prefix, keyId))) {
      if (!(await lists.cancel(listId))) continue;
      cancelled += 1;
      for (const wave of await lists.waves(listId)) await batches.cancel(wave.batchId, queue);
    }
    return { lists: cancelled };
  } finally {
    await queue.close().catch(() => {});
    await batches.close();
    await lists.close();
  }
}
