import { Redis, type RedisOptions } from "ioredis";

/**
 * How a connection behaves when Redis goes away. A `command` connection fails fast so that an HTTP
 * call becomes a 503 at once; a `blocking` connection (workers, queue events) waits and reconnects.
 */
export type ConnectionRole = "command" | "blocking";

export function redisOptions(url: string, role: ConnectionRole): RedisOptions {
  const parsed = new URL(url);
  const options: RedisOptions = {
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: Number(parsed.port || 6379),
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    connectTimeout: 2_000,
    lazyConnect: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 1_000),
  };
  if (parsed.username) options.username = decodeURIComponent(parsed.username);
  if (parsed.password) options.password = decodeURIComponent(parsed.password);
  if (parsed.protocol === "rediss:") options.tls = {};
  if (role === "command") {
    options.enableOfflineQueue = false;
    options.maxRetriesPerRequest = 1;
  } else {
    options.maxRetriesPerRequest = null;
  }
  return options;
}

/**
 * One of Dossier's own connections (BullMQ makes its own from {@link redisOptions}). Commands issued
 * in the same event-loop turn leave as one write (auto-pipelining): under load the gateway's and the
 * workers' many small commands then cost a few socket writes instead of one each.
 */
export function createRedis(url: string, role: ConnectionRole): Redis {
  const redis = new Redis({ ...redisOptions(url, role), enableAutoPipelining: true });
  // Connection errors surface through the commands that fail; the default handler would print them.
  redis.on("error", () => {});
  return redis;
}

/** Resolves once the connection is ready, or rejects after `timeoutMs`. */
export function waitForRedis(redis: Redis, timeoutMs = 5_000): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      reject(new Error(`Redis not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once("ready", onReady);
  });
}
