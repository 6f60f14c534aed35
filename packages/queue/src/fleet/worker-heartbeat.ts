import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";

/** A worker counts as alive this long after its last heartbeat, in milliseconds. */
export const WORKER_ALIVE_MS = 30_000;

/**
 * A worker process's id: `<host>-<pid>-<random>`. The host comes first so that a health check on
 * the same host (a container, a pod) can find its own worker's heartbeat.
 */
export function createWorkerId(host = hostname()): string {
  return `${host}-${process.pid}-${randomBytes(3).toString("hex")}`;
}

/**
 * KEYS: the workers' sorted set. ARGV: now (ms), worker id, oldest heartbeat kept (ms). Allowed when
 * Redis is full (`allow-oom`): a worker holding outcomes that a full Redis refuses is alive, and a
 * health check that restarted it would throw those outcomes away. The write replaces a score.
 */
const HEARTBEAT_SCRIPT = new RedisScript(`#!lua flags=allow-oom
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, ARGV[3])
return 1
`);

/** Writes the worker's heartbeat every `intervalMs` until stopped. */
export function startHeartbeat(
  redis: RedisClient,
  prefix: string,
  workerId: string,
  intervalMs = 5_000,
): { stop(): Promise<void> } {
  const key = redisKeys.workers(prefix);
  const beat = () =>
    HEARTBEAT_SCRIPT.run(redis, [key], [Date.now(), workerId, Date.now() - 10 * WORKER_ALIVE_MS]).catch(() => {});
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

/** Number of workers on `host` (ids from {@link createWorkerId}) whose heartbeat is younger than WORKER_ALIVE_MS. */
export async function countLiveWorkersOnHost(redis: RedisClient, prefix: string, host: string): Promise<number> {
  const live = await redis.zrangebyscore(redisKeys.workers(prefix), Date.now() - WORKER_ALIVE_MS, "+inf");
  return live.filter((workerId) => workerId.startsWith(`${host}-`)).length;
}
