import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";

/** A worker counts as alive this long after its last heartbeat, in milliseconds. */
export const WORKER_ALIVE_MS = 30_000;

/** Writes the worker's heartbeat every `intervalMs` until stopped. */
export function startHeartbeat(
  redis: RedisClient,
  prefix: string,
  workerId: string,
  intervalMs = 5_000,
): { stop(): Promise<void> } {
  const key = redisKeys.workers(prefix);
  const beat = () =>
    redis
      .multi()
      .zadd(key, Date.now(), workerId)
      .zremrangebyscore(key, 0, Date.now() - 10 * WORKER_ALIVE_MS)
      .exec()
      .catch(() => {});
  void beat();
  const timer = setInterval(beat, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await redis.zrem(key, workerId).catch(() => {});
    },
  };
}

/** Number of workers whose heartbeat is younger than WORKER_ALIVE_MS. */
export function countLiveWorkers(redis: RedisClient, prefix: string): Promise<number> {
  return redis.zcount(redisKeys.workers(prefix), Date.now() - WORKER_ALIVE_MS, "+inf");
}
