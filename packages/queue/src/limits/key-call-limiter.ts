import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";

/** What one counted call learned about its key's allowance. */
export interface KeyCallAllowance {
  allowed: boolean;
  /** Calls allowed per window. */
  limit: number;
  /** Calls left in this window after this one. */
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

const WINDOW_SECONDS = 60;

/**
 * Counts a key's calls in fixed one-minute windows, shared by every gateway through Redis. A
 * limit of 0 disables counting.
 */
export async function countKeyCall(
  redis: RedisClient,
  prefix: string,
  keyId: string,
  limit: number,
  now = Date.now(),
): Promise<KeyCallAllowance> {
  const window = Math.floor(now / 1000 / WINDOW_SECONDS);
  const resetSeconds = Math.max(1, (window + 1) * WINDOW_SECONDS - Math.floor(now / 1000));
  if (limit <= 0) return { allowed: true, limit: 0, remaining: 0, resetSeconds };
  const key = redisKeys.keyCallWindow(prefix, keyId, window);
  const [[, used]] = (await redis
    .multi()
    .incr(key)
    .expire(key, WINDOW_SECONDS * 2)
    .exec()) as [[Error | null, number]];
  return { allowed: used <= limit, limit, remaining: Math.max(0, limit - used), resetSeconds };
}
