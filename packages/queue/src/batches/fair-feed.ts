import { randomBytes } from "node:crypto";
import type { ResearchKind } from "@dossier/contract";
import type { ResearchJobData } from "../jobs/job-payload.js";
import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";

/** A batch item waiting in its key's list until the feeder hands it to the queue. */
export interface FairEntry {
  jobId: string;
  kind: ResearchKind;
  data: ResearchJobData;
}

const PUSH_SCRIPT = new RedisScript(`
for index = 2, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[index]) end
if redis.call('SADD', KEYS[3], ARGV[1]) == 1 then redis.call('RPUSH', KEYS[2], ARGV[1]) end
return #ARGV - 1
`);

/**
 * Takes up to ARGV[2] entries, one per key in turn, and parks them in the feeding list so that an
 * entry taken by a feeder that dies before queueing it is found again.
 */
const POP_SCRIPT = new RedisScript(`
local taken = {}
local wanted = tonumber(ARGV[2])
while #taken < wanted do
  local keyId = redis.call('LPOP', KEYS[1])
  if not keyId then break end
  local pendingKey = ARGV[1] .. keyId
  local entry = redis.call('LPOP', pendingKey)
  if entry then
    redis.call('RPUSH', KEYS[3], entry)
    table.insert(taken, entry)
  end
  if redis.call('LLEN', pendingKey) > 0 then
    redis.call('RPUSH', KEYS[1], keyId)
  else
    redis.call('SREM', KEYS[2], keyId)
  end
end
return taken
`);

const RELEASE_SCRIPT = new RedisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

/**
 * Appends entries (each a {@link FairEntry} as JSON text, or its UTF-8 bytes) to a key's list and
 * puts the key in the rotation if it was not there.
 */
export async function pushFairEntryTexts(
  redis: RedisClient,
  prefix: string,
  keyId: string,
  entries: ReadonlyArray<string | Buffer>,
): Promise<void> {
  // Up to 500 entries or about 256 KB a call: a 3 MB call keeps the event loop busy while it is written.
  for (let start = 0; start < entries.length; ) {
    let end = start;
    for (let bytes = 0; end < entries.length && end - start < 500 && bytes < 262_144; end += 1)
      bytes += entries[end]!.length;
    const slice = entries.slice(start, end);
    start = end;
    await PUSH_SCRIPT.run(
      redis,
      [redisKeys.fairPending(prefix, keyId), redisKeys.fairRotation(prefix), redisKeys.fairActive(prefix)],
      [keyId, ...slice],
    );
  }
}

/** Takes up to `count` entries in rotation across keys (one per key per turn). */
export async function popFairEntries(
  redis: RedisClient,
  prefix: string,
  count: number,
): Promise<Array<{ raw: string; entry: FairEntry }>> {
  const taken = (await POP_SCRIPT.run(
    redis,
    [redisKeys.fairRotation(prefix), redisKeys.fairActive(prefix), redisKeys.fairFeeding(prefix)],
    [redisKeys.fairPending(prefix, ""), count],
  )) as string[];
  return taken.map((raw) => ({ raw, entry: JSON.parse(raw) as FairEntry }));
}

/** A lock that at most one process holds at a time; released only by its holder. */
export async function withFeederLock<T>(
  redis: RedisClient,
  prefix: string,
  holdMs: number,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const token = randomBytes(8).toString("hex");
  const key = redisKeys.fairFeederLock(prefix);
  const acquired = await redis.set(key, token, "PX", holdMs, "NX");
  if (acquired !== "OK") return undefined;
  try {
    return await work();
  } finally {
    await RELEASE_SCRIPT.run(redis, [key], [token]).catch(() => {});
  }
}

/**
 * Batch items not yet in the research queue: those in the keys' lists and those a feeder has taken
 * but not queued yet. The queue holds at most `BATCH_FEED_AHEAD` batch items, so this is the rest of
 * the batches' work.
 */
export async function countUnfedBatchItems(redis: RedisClient, prefix: string): Promise<number> {
  const keyIds = await redis.smembers(redisKeys.fairActive(prefix));
  const lengths = await Promise.all([
    redis.llen(redisKeys.fairFeeding(prefix)),
    ...keyIds.map((keyId) => redis.llen(redisKeys.fairPending(prefix, keyId))),
  ]);
  return lengths.reduce((sum, length) => sum + length, 0);
}
