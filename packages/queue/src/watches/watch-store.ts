import { randomBytes } from "node:crypto";
import type { WatchEvent } from "@dossier/contract";
import { redisChannels, redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";
import { newWatchFields, parseWatchRecord, type RunRecord, type WatchRecord } from "./watch-record.js";

export interface WatchStoreSettings {
  prefix: string;
  /** A command connection. */
  redis: RedisClient;
  /** Watches one key may hold (`WATCH_MAX_PER_KEY`). */
  maxPerKey: number;
  /** Change events kept per watch, newest first (`WATCH_EVENTS_KEPT`). */
  eventsKept: number;
}

/**
 * KEYS: the key's watches, the new watch's hash. ARGV: the cap, the watch id, its creation time (ms),
 * the hash's fields as a JSON object. Makes the watch unless the key holds the cap already, in one
 * step, so that keys racing for their last watch never pass it. A watch the key holds already is
 * made again as it was (its creation written again after a failover). Returns {made (1 or 0), count}.
 */
const CREATE_SCRIPT = new RedisScript(`
local count = redis.call('ZCARD', KEYS[1])
if redis.call('ZSCORE', KEYS[1], ARGV[2]) then return {1, count} end
if count >= tonumber(ARGV[1]) then return {0, count} end
for field, value in pairs(cjson.decode(ARGV[4])) do redis.call('HSET', KEYS[2], field, value) end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
return {1, count + 1}
`);

/**
 * KEYS: the watch's hash, its events. ARGV: the run id, fields to set (JSON object), fields to
 * remove (JSON array), the event (JSON, or empty), events kept, counter increments (JSON object),
 * the watch's channel, the message announcing the run. Records one run once: nothing when the
 * watch is gone (deleted meanwhile: a run under way records nothing) and nothing again for a run
 * already recorded, and announces it to the gateways following the watch. Returns 1, 0 (gone) or
 * -1 (already).
 */
const RECORD_SCRIPT = new RedisScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HGET', KEYS[1], 'lastRunId') == ARGV[1] then return -1 end
for field, value in pairs(cjson.decode(ARGV[2])) do redis.call('HSET', KEYS[1], field, value) end
for _, field in ipairs(cjson.decode(ARGV[3])) do redis.call('HDEL', KEYS[1], field) end
redis.call('HSET', KEYS[1], 'lastRunId', ARGV[1])
if ARGV[4] ~= '' then
  redis.call('LPUSH', KEYS[2], ARGV[4])
  redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[5]) - 1)
end
for field, increment in pairs(cjson.decode(ARGV[6])) do redis.call('HINCRBY', KEYS[1], 'usage:' .. field, increment) end
redis.call('PUBLISH', ARGV[7], ARGV[8])
return 1
`);

/**
 * KEYS: the watch's hash. ARGV: the skipped run's id. Counts one skipped scheduled run off the
 * watch's back-off, never below 0, and each run once (a skip written again after a failover).
 */
const SKIP_SCRIPT = new RedisScript(`
if redis.call('HGET', KEYS[1], 'skippedRunId') == ARGV[1] then return 0 end
if tonumber(redis.call('HGET', KEYS[1], 'skipRuns') or '0') > 0 then
  redis.call('HSET', KEYS[1], 'skippedRunId', ARGV[1])
  return redis.call('HINCRBY', KEYS[1], 'skipRuns', -1)
end
return 0
`);

/** What a watch's channel carries: a recorded run (with its change event, if any), or the watch's deletion. */
export type WatchAnnouncement = { type: "run"; lastRun?: unknown; event?: WatchEvent } | { type: "deleted" };

/** Where a page of watches or events starts. */
export interface PageRequest {
  limit: number;
  /** The id of the last entry of the previous page. */
  after?: string;
}

/** The outcome of making a watch. */
export type WatchCreation = { status: "created"; record: WatchRecord } | { status: "limit"; count: number };

/** A new watch's id. */
export function newWatchId(): string {
  return `w-${randomBytes(12).toString("base64url")}`;
}

/** The new watch's fields, as the gateway validated them. */
export type NewWatch = Omit<Parameters<typeof newWatchFields>[0], "id" | "createdAt">;

/**
 * Watches in Redis: one hash per watch, a sorted set of each key's watches, a list of each watch's
 * change events. Every key of one watch is built from the deployment prefix (one cluster slot).
 */
export class WatchStore {
  private readonly prefix: string;
  private readonly redis: RedisClient;

  constructor(private readonly settings: WatchStoreSettings) {
    this.prefix = settings.prefix;
    this.redis = settings.redis;
  }

  /**
   * Makes a watch unless its key holds `WATCH_MAX_PER_KEY` already. Made again with the same `id`
   * and `now`, it is the same watch (its creation written again on the primary a failover chose).
   */
  async create(watch: NewWatch, now: number = Date.now(), id: string = newWatchId()): Promise<WatchCreation> {
    const fields = newWatchFields({ ...watch, id, createdAt: now });
    const [made, count] = (await CREATE_SCRIPT.run(
      this.redis,
      [redisKeys.keyWatches(this.prefix, watch.keyId), redisKeys.watch(this.prefix, id)],
      [this.settings.maxPerKey, id, now, JSON.stringify(fields)],
    )) as [number, number];
    if (made !== 1) return { status: "limit", count };
    return { status: "created", record: parseWatchRecord(fields)! };
  }

  /** A watch, or null when there is none with this id. */
  async get(id: string): Promise<WatchRecord | null> {
    return parseWatchRecord(await this.redis.hgetall(redisKeys.watch(this.prefix, id)));
  }

  /** How many watches a key holds. */
  async count(keyId: string): Promise<number> {
    return this.redis.zcard(redisKeys.keyWatches(this.prefix, keyId));
  }

  /** A page of a key's watches, newest first; null when `after` is not one of its watches. */
  async list(keyId: string, page: PageRequest): Promise<{ watches: WatchRecord[]; hasMore: boolean } | null> {
    const key = redisKeys.keyWatches(this.prefix, keyId);
    let start = 0;
    if (page.after !== undefined) {
      const rank = await this.redis.zrevrank(key, page.after);
      if (rank === null) return null;
      start = rank + 1;
    }
    const ids = await this.redis.zrevrange(key, start, start + page.limit);
    const records = await Promise.all(ids.slice(0, page.limit).map((id) => this.get(id)));
    return {
      watches: records.filter((record): record is WatchRecord => record !== null),
      hasMore: ids.length > page.limit,
    };
  }

  /** Deletes a watch, its events and its run lock; true when it existed. */
  async delete(record: Pick<WatchRecord, "id" | "keyId">): Promise<boolean> {
    const results = await this.redis
      .multi()
      .del(
        redisKeys.watch(this.prefix, record.id),
        redisKeys.watchEvents(this.prefix, record.id),
        redisKeys.watchRunLock(this.prefix, record.id),
      )
      .zrem(redisKeys.keyWatches(this.prefix, record.keyId), record.id)
      .publish(redisChannels.watchEvents(this.prefix, record.id), JSON.stringify({ type: "deleted" }))
      .exec();
    return Number(results?.[0]?.[1] ?? 0) > 0;
  }

  /**
   * Records one run: its outcome fields, its event and its spending. Returns `recorded`, `gone` when
   * the watch was deleted meanwhile, or `already` when this run was recorded before.
   */
  async recordRun(watchId: string, runId: string, run: RunRecord): Promise<"recorded" | "gone" | "already"> {
    const reply = (await RECORD_SCRIPT.run(
      this.redis,
      [redisKeys.watch(this.prefix, watchId), redisKeys.watchEvents(this.prefix, watchId)],
      [
        runId,
        JSON.stringify(run.set),
        JSON.stringify(run.remove ?? []),
        run.event ? JSON.stringify(run.event) : "",
        this.settings.eventsKept,
        JSON.stringify(run.usage ?? {}),
        redisChannels.watchEvents(this.prefix, watchId),
        JSON.stringify({
          type: "run",
          ...(run.set.lastRun ? { lastRun: JSON.parse(run.set.lastRun) as unknown } : {}),
          ...(run.event ? { event: run.event } : {}),
        } satisfies WatchAnnouncement),
      ],
    )) as number;
    return reply === 1 ? "recorded" : reply === 0 ? "gone" : "already";
  }

  /** Counts one scheduled run (`runId`) skipped while the watch backs off; once, however often it is written. */
  async skipScheduledRun(watchId: string, runId: string): Promise<void> {
    await SKIP_SCRIPT.run(this.redis, [redisKeys.watch(this.prefix, watchId)], [runId]);
  }

  /** Whether the watch still exists (a run under way asks, cheaply, to stop when it was deleted). */
  async exists(watchId: string): Promise<boolean> {
    return (await this.redis.exists(redisKeys.watch(this.prefix, watchId))) === 1;
  }

  /** Sets fields of a watch that still exists (its status, when it stops). */
  async update(watchId: string, fields: Record<string, string>): Promise<void> {
    const key = redisKeys.watch(this.prefix, watchId);
    if ((await this.redis.exists(key)) === 1) await this.redis.hset(key, fields);
  }

  /** A page of a watch's change events, newest first; null when `after` is not one of them. */
  async events(watchId: string, page: PageRequest): Promise<{ events: WatchEvent[]; hasMore: boolean } | null> {
    const all = (await this.redis.lrange(redisKeys.watchEvents(this.prefix, watchId), 0, -1)).map(
      (text) => JSON.parse(text) as WatchEvent,
    );
    let start = 0;
    if (page.after !== undefined) {
      const index = all.findIndex((event) => event.id === page.after);
      if (index < 0) return null;
      start = index + 1;
    }
    return { events: all.slice(start, start + page.limit), hasMore: all.length > start + page.limit };
  }

  /** One event of a watch, or null. */
  async event(watchId: string, eventId: string): Promise<WatchEvent | null> {
    const all = await this.redis.lrange(redisKeys.watchEvents(this.prefix, watchId), 0, -1);
    for (const text of all) {
      const event = JSON.parse(text) as WatchEvent;
      if (event.id === eventId) return event;
    }
    return null;
  }

  /** The secret that signs a key's callbacks: the same one as its batch callbacks'. */
  async callbackSecret(keyId: string): Promise<string> {
    const key = redisKeys.callbackSecrets(this.prefix);
    await this.redis.hsetnx(key, keyId, `whsec_${randomBytes(24).toString("base64url")}`);
    return (await this.redis.hget(key, keyId))!;
  }
}
