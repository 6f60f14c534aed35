import { createHash, randomBytes } from "node:crypto";
import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";

/** Where a client address stands with its failed keys. */
export interface AuthFailureStanding {
  /** True when the address is past its allowance and the key it sent is not one it used before. */
  throttled: boolean;
  /** True when this address used the key successfully within {@link KNOWN_KEY_SECONDS}. */
  known: boolean;
  /** Seconds until the address is back under its allowance. */
  retryAfterSeconds: number;
}

/** The sliding window failures are counted over, in milliseconds. */
const WINDOW_MS = 60_000;

/** How long a key accepted from an address stays known there, in seconds (24 h). */
export const KNOWN_KEY_SECONDS = 86_400;

/**
 * Milliseconds until the failures of a sorted set (scored by time) fall back under the limit: the
 * entry whose expiry does it is the one `count - limit` places after the oldest still counted.
 */
const RETRY_LUA = `
local function retry_ms(key, since, count, limit, now, window)
  if count < limit then return 0 end
  local entry = redis.call('ZRANGEBYSCORE', key, '(' .. since, '+inf', 'WITHSCORES', 'LIMIT', count - limit, 1)
  return tonumber(entry[2]) + window - now
end
`;

/**
 * KEYS: the address's failures, the key's known marker. ARGV: now (ms), window (ms), limit.
 * Returns the failures within the window, whether the key is known there, and the wait (ms).
 */
const STANDING_SCRIPT = new RedisScript(`${RETRY_LUA}
local now, window, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local since = now - window
local count = redis.call('ZCOUNT', KEYS[1], '(' .. since, '+inf')
return {count, redis.call('EXISTS', KEYS[2]), retry_ms(KEYS[1], since, count, limit, now, window)}
`);

/**
 * KEYS: the address's failures. ARGV: now (ms), window (ms), limit, a unique member. Drops the
 * failures that left the window, adds this one, and returns the count and the wait (ms).
 */
const COUNT_SCRIPT = new RedisScript(`${RETRY_LUA}
local now, window, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local since = now - window
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', since)
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
local count = redis.call('ZCARD', KEYS[1])
return {count, retry_ms(KEYS[1], since, count, limit, now, window)}
`);

/** Settings of an {@link AuthFailureLimiter}. */
export interface AuthFailureLimiterSettings {
  redis: RedisClient;
  /** The deployment's key prefix (`REDIS_PREFIX`). */
  prefix: string;
  /** Unknown or revoked keys one address may send per minute (`RATE_LIMIT_AUTH_FAILURES_PER_MINUTE`); 0 disables. */
  failuresPerMinute: number;
}

/**
 * Counts unknown and revoked API keys per client address over a sliding minute, shared by every
 * gateway through Redis. Past the allowance, the address is refused until it is back under it,
 * whatever key it sends, except a key it has used successfully in the last 24 hours: a caller that
 * shares its address with a prober keeps working, and a prober learns nothing about keys it
 * guesses. Refused attempts are not counted, so an address's set holds about `failuresPerMinute`
 * entries. Addresses and keys are kept only as digests.
 */
export class AuthFailureLimiter {
  constructor(private readonly settings: AuthFailureLimiterSettings) {}

  /** Whether a request from `address` with `presentedKey` may be checked at all. */
  async standing(address: string, presentedKey: string, now = Date.now()): Promise<AuthFailureStanding> {
    const limit = this.settings.failuresPerMinute;
    if (limit <= 0) return { throttled: false, known: false, retryAfterSeconds: 0 };
    const [count, known, retryMs] = (await STANDING_SCRIPT.run(
      this.settings.redis,
      [this.failureKey(address), this.knownKey(address, presentedKey)],
      [now, WINDOW_MS, limit],
    )) as [number, number, number];
    return { throttled: count >= limit && known !== 1, known: known === 1, retryAfterSeconds: toSeconds(retryMs) };
  }

  /** Counts one unknown or revoked key from `address`; `throttled` once that puts it past its allowance. */
  async countFailure(address: string, now = Date.now()): Promise<AuthFailureStanding> {
    const limit = this.settings.failuresPerMinute;
    if (limit <= 0) return { throttled: false, known: false, retryAfterSeconds: 0 };
    const [count, retryMs] = (await COUNT_SCRIPT.run(
      this.settings.redis,
      [this.failureKey(address)],
      [now, WINDOW_MS, limit, `${now}-${randomBytes(6).toString("hex")}`],
    )) as [number, number];
    return { throttled: count > limit, known: false, retryAfterSeconds: toSeconds(retryMs) };
  }

  /** Notes that `address` used `presentedKey` successfully, so that a throttle on the address lets it by. */
  async remember(address: string, presentedKey: string): Promise<void> {
    if (this.settings.failuresPerMinute <= 0) return;
    await this.settings.redis.set(this.knownKey(address, presentedKey), "1", "EX", KNOWN_KEY_SECONDS);
  }

  private failureKey(address: string): string {
    return redisKeys.authFailures(this.settings.prefix, digest(address));
  }

  private knownKey(address: string, presentedKey: string): string {
    return redisKeys.authKnownKey(this.settings.prefix, digest(address), digest(presentedKey));
  }
}

function toSeconds(milliseconds: number): number {
  return Math.max(1, Math.ceil(milliseconds / 1000));
}

/** A short digest, so that Redis holds neither client addresses nor keys. */
function digest(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 32);
}
