import { randomBytes } from "node:crypto";
import { DossierError } from "@dossier/contract";
import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";

/** Room made for a new batch in what its key keeps (`BatchStore.reserve`). */
export interface BatchReservation {
  keyId: string;
  /** The new batch's id. */
  batchId: string;
  /** Its items. */
  items: number;
}

/** A new batch id: `b-` and 16 random characters. */
export function newBatchId(): string {
  return `b-${randomBytes(12).toString("base64url")}`;
}

/**
 * KEYS: a key's kept batches (members `<batch id>:<items>` scored by expiry, ms), their item total.
 * ARGV: now (ms), items, limit (0: none), member, expiry (ms), TTL (s). Forgets the batches that
 * expired, then adds the new one unless the total would pass the limit (a key keeping nothing may
 * keep any one batch). Returns {1, total} when added, else {0, total, the oldest one's expiry}.
 */
const KEEP_SCRIPT = new RedisScript(`
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local kept = tonumber(redis.call('GET', KEYS[2]) or '0')
if #expired > 0 then
  for _, member in ipairs(expired) do kept = kept - tonumber(string.match(member, ':(%d+)$') or '0') end
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
end
if kept < 0 or redis.call('ZCARD', KEYS[1]) == 0 then kept = 0 end
local items, limit = tonumber(ARGV[2]), tonumber(ARGV[3])
if limit > 0 and kept > 0 and kept + items > limit then
  redis.call('SET', KEYS[2], kept, 'EX', ARGV[6])
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, kept, oldest[2] or ARGV[1]}
end
redis.call('ZADD', KEYS[1], ARGV[5], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[6])
redis.call('SET', KEYS[2], kept + items, 'EX', ARGV[6])
return {1, kept + items}
`);

/** KEYS: as {@link KEEP_SCRIPT}. ARGV: member, items. Takes back a batch that was counted but not stored. */
const UNKEEP_SCRIPT = new RedisScript(`
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return 0 end
if redis.call('DECRBY', KEYS[2], ARGV[2]) <= 0 then redis.call('DEL', KEYS[2]) end
return 1
`);

/** A reservation's member in its key's kept batches: `<batch id>:<items>`. */
export function keptMember(reservation: BatchReservation): string {
  return `${reservation.batchId}:${reservation.items}`;
}

/**
 * Makes room for a new batch of `items` in what its key keeps over `ttlSeconds` (its batches'
 * lifetime), or refuses it (429 `BATCH_STORAGE_LIMIT_REACHED`, with the time until the oldest
 * expires) when they would take the key past `limit` items (0: no limit). The reservation names the
 * new batch. It holds the room for `graceSeconds` only (at most `ttlSeconds`): the batch, once made
 * visible, holds it for its lifetime (`revealBatch`), and a reservation whose batch never was (its
 * gateway died while writing it) stops counting.
 */
export async function reserveKeptItems(
  redis: RedisClient,
  prefix: string,
  request: { keyId: string; items: number; limit: number; ttlSeconds: number; graceSeconds: number },
): Promise<BatchReservation> {
  const { keyId, items, limit, ttlSeconds, graceSeconds } = request;
  const now = Date.now();
  const batchId = newBatchId();
  const member = keptMember({ keyId, batchId, items });
  const [admitted, kept, oldestExpiry] = (await KEEP_SCRIPT.run(
    redis,
    [redisKeys.keyKeptBatches(prefix, keyId), redisKeys.keyKeptItems(prefix, keyId)],
    [now, items, limit, member, now + Math.min(graceSeconds, ttlSeconds) * 1000, ttlSeconds],
  )) as [number, number, string | number];
  if (admitted === 1) return { keyId, batchId, items };
  const retryAfterSeconds = Math.max(1, Math.ceil((Number(oldestExpiry) - now) / 1000));
  const count = (value: number) => value.toLocaleString("en-US");
  throw new DossierError("BATCH_STORAGE_LIMIT_REACHED", {
    detail: `This key's batches kept now hold ${count(kept)} items; these ${count(items)} would pass its limit of ${count(limit)}. Nothing was stored. Batches are kept ${count(ttlSeconds)} s; the oldest expires in ${count(retryAfterSeconds)} s.`,
    retryable: true,
    retryAfterSeconds,
  });
}

/** Gives back the room of a reservation whose batch was not made. */
export async function releaseKeptItems(
  redis: RedisClient,
  prefix: string,
  reservation: BatchReservation,
): Promise<void> {
  const { keyId, items } = reservation;
  await UNKEEP_SCRIPT.run(
    redis,
    [redisKeys.keyKeptBatches(prefix, keyId), redisKeys.keyKeptItems(prefix, keyId)],
    [keptMember(reservation), items],
  );
}
