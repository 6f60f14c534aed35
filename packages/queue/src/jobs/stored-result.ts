import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";

/** A finished job's stored body and when it was stored (ms since epoch). */
export interface StoredResult {
  body: string;
  storedAt?: number;
}

/**
 * A stored body as a result to serve, or null when there is none or it is older than `maxAgeSeconds`.
 * A body without its time (stored before times were kept) is too old for any `maxAgeSeconds`.
 */
export function usableResult(
  body: string | null,
  storedAt: string | null,
  maxAgeSeconds: number | undefined,
  now: number = Date.now(),
): StoredResult | null {
  if (body === null) return null;
  const at = storedAt === null ? Number.NaN : Number(storedAt);
  if (maxAgeSeconds !== undefined && !(now - at < maxAgeSeconds * 1000)) return null;
  return Number.isFinite(at) ? { body, storedAt: at } : { body };
}

/**
 * Reads a job's stored result and when it was stored, as a result to serve: null when there is none
 * or it is older than `maxAgeSeconds`. Redis errors are the caller's to handle.
 */
export async function readStoredResult(
  redis: RedisClient,
  prefix: string,
  jobId: string,
  maxAgeSeconds?: number,
): Promise<StoredResult | null> {
  const [body, at] = await Promise.all([
    redis.get(redisKeys.result(prefix, jobId)),
    redis.get(redisKeys.resultAt(prefix, jobId)),
  ]);
  return usableResult(body, at, maxAgeSeconds);
}
