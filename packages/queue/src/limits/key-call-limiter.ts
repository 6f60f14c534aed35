import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";

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

/** What counting a batch's items against its key's allowance per minute found. */
export interface BatchItemAllowance {
  allowed: boolean;
  /** Items allowed per window. */
  limit: number;
  /** Items counted in this window, with these when allowed. */
  used: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/**
 * KEYS: the key's item window. ARGV: items, limit, window TTL (s). Adds the items only when they
 * fit, so a refused batch uses nothing up; a window with nothing in it takes any one batch.
 */
const ITEMS_SCRIPT = new RedisScript(`
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 0 and used + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return {0, used} end
used = redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return {1, used}
`);

/**
 * Counts a batch's items against its key's allowance per minute (`RATE_LIMIT_BATCH_ITEMS_PER_MINUTE`),
 * in the same fixed windows as {@link countKeyCall}. A limit of 0 disables counting.
 */
export async function countBatchItems(
  redis: RedisClient,
  prefix: string,
  keyId: string,
  items: number,
  limit: number,
  now = Date.now(),
): Promise<BatchItemAllowance> {
  const window = Math.floor(now / 1000 / WINDOW_SECONDS);
  const resetSeconds = Math.max(1, (window + 1) * WINDOW_SECONDS - Math.floor(now / 1000));
  if (limit <= 0) return { allowed: true, limit: 0, used: 0, resetSeconds };
  const [allowed, used] = (await ITEMS_SCRIPT.run(
    redis,
    [redisKeys.keyItemWindow(prefix, keyId, window)],
    [items, limit, WINDOW_SECONDS * 2],
  )) as [number, number];
  return { allowed: allowed === 1, limit, used, resetSeconds };
}
