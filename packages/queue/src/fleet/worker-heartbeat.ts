import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";
import type { WorkerDependencyReport } from "./dependency-report.js";

/** A worker counts as alive this long after its last heartbeat, in milliseconds. */
export const WORKER_ALIVE_MS = 30_000;

/**
 * A worker process's id: `<host>-<pid>-<random>`. The host comes first so that a health check on
 * the same host (a container, a pod) can find its own worker's heartbeat.
 */
export function createWorkerId(host = hostname()): string {
  return `${host}-${process.pid}-${randomBytes(3).toString("hex")}`;
}

/** A worker's heartbeat, written until stopped. */
export interface Heartbeat {
  /** Writes a beat now, so that a new dependency report need not wait for the next one. */
  beat(): Promise<void>;
  /** Stops beating and removes the worker and its report at once. */
  stop(): Promise<void>;
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

/**
 * Writes the worker's heartbeat every `intervalMs` (default 5000) until stopped, with what
 * `checks` returns then (the worker's last look at its outside services), kept as long as the beat.
 */
export function startHeartbeat(
  redis: RedisClient,
  prefix: string,
  workerId: string,
  options: { intervalMs?: number; checks?: () => WorkerDependencyReport | undefined } = {},
): Heartbeat {
  const key = redisKeys.workers(prefix);
  const checksKey = redisKeys.workerChecks(prefix, workerId);
  const beat = async () => {
    const now = Date.now();
    const report = options.checks?.();
    await HEARTBEAT_SCRIPT.run(redis, [key], [now, workerId, now - 10 * WORKER_ALIVE_MS]).catch(() => {});
    // The report is a plain write: a full Redis refuses it, and the last one stays until it expires.
    if (report) await redis.set(checksKey, JSON.stringify(report), "PX", WORKER_ALIVE_MS).catch(() => {});
  };
  void beat();
  const timer = setInterval(beat, options.intervalMs ?? 5_000);
  timer.unref();
  return {
    beat,
    async stop() {
      clearInterval(timer);
      await redis
        .multi()
        .zrem(key, workerId)
        .del(checksKey)
        .exec()
        .catch(() => {});
    },
  };
}

/**
 * The live workers (heartbeat younger than WORKER_ALIVE_MS) and the dependency report each last
 * published (undefined for one that has not checked yet). Two round trips.
 */
export async function readLiveWorkers(
  redis: RedisClient,
  prefix: string,
): Promise<Array<{ workerId: string; checks: WorkerDependencyReport | undefined }>> {
  const live = await redis.zrangebyscore(redisKeys.workers(prefix), Date.now() - WORKER_ALIVE_MS, "+inf");
  if (live.length === 0) return [];
  const reports = await redis.mget(...live.map((workerId) => redisKeys.workerChecks(prefix, workerId)));
  return live.map((workerId, index) => {
    const raw = reports[index];
    if (typeof raw !== "string") return { workerId, checks: undefined };
    try {
      return { workerId, checks: JSON.parse(raw) as WorkerDependencyReport };
    } catch {
      return { workerId, checks: undefined };
    }
  });
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
