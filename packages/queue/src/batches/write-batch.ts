import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";
import { type BatchReservation, keptMember } from "./kept-items.js";
import { type PackedTexts, packedBytes, packedCount, packedRuns } from "./packed-texts.js";
import type { PreparedBatch, PreparedJob } from "./prepare-batch.js";

/*
 * A batch is written in parts, so that no single step holds the gateway's event loop: written as
 * one MULTI, 10,000 items took 25-45 ms of the loop's CPU while ioredis encoded them (and up to
 * 140 ms of wall time on a loaded machine), during which no other call was answered.
 *
 * 1. `writeBatchParts`: the item list and the pending hash, a few hundred entries a command. Nothing
 *    reads them before the batch's hash exists: `GET /v1/batches/{id}` and its results read the
 *    hash first, a job's resolution and a cancel reach a batch only through the hash and the job's
 *    registration (step 3). They expire with the batch's TTL, so a gateway that dies here leaves
 *    keys that nobody sees, that count nothing, and that go away.
 * 2. `revealBatch`: one script makes the batch visible (its hash, its key's batch list and open
 *    batches) only when both parts are whole on the server. A part lost on the way (the connection
 *    followed a Sentinel failover and the new primary never had it) is a refusal, never a batch
 *    with items missing. The room reserved for the batch in what its key keeps becomes the batch's
 *    for its lifetime: until then it is held for a while only (`reserveKeptItems`), so that a
 *    gateway that died before this step leaves nothing counted either, once that while is over.
 * 3. `registerBatchJobs`: the batch is registered with each of its jobs, a few hundred a command.
 *    A job whose pending entry a cancel took meanwhile is skipped, so the feeder never queues it.
 *    A job that finished before its registration is found by the stored-result check that follows
 *    (`BatchStore.create`), or queued again by the feeder, as before.
 */

/** Texts one command carries at most. */
const PART_TEXTS = 500;
/** About the bytes one command carries at most (a part holds at least one text). */
const PART_BYTES = 256 * 1024;

/** KEYS: a batch's item list. ARGV: TTL (s), then items. Appends them; the list expires with the batch. */
const APPEND_ITEMS_SCRIPT = new RedisScript(`
redis.call('RPUSH', KEYS[1], unpack(ARGV, 2))
redis.call('EXPIRE', KEYS[1], ARGV[1])
return 1
`);

/** KEYS: a batch's pending hash. ARGV: TTL (s), then job id and item count pairs. */
const ADD_PENDING_SCRIPT = new RedisScript(`
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
redis.call('EXPIRE', KEYS[1], ARGV[1])
return 1
`);

/**
 * KEYS: the batch's hash, item list, pending hash, its key's batches (sorted set), its key's open
 * batches, its key's kept batches and their item total. ARGV: items expected, pending jobs expected,
 * TTL (s), listed ("1" or ""), batch id, created at (ms), the batch's reservation in the kept batches
 * (`<batch id>:<items>`, or ""), its expiry (ms), then the hash's field and value pairs. Returns 0,
 * and writes nothing, when a part is not whole.
 */
const REVEAL_SCRIPT = new RedisScript(`
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[1]) then return 0 end
if redis.call('HLEN', KEYS[3]) ~= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 9))
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
if tonumber(ARGV[2]) > 0 then redis.call('EXPIRE', KEYS[3], ARGV[3]) end
if ARGV[4] == '1' then
  redis.call('ZADD', KEYS[4], ARGV[6], ARGV[5])
  redis.call('EXPIRE', KEYS[4], ARGV[3])
  if tonumber(ARGV[2]) > 0 then redis.call('SADD', KEYS[5], ARGV[5]) end
end
if ARGV[7] ~= '' then
  -- The room reserved for the submission is now the batch's, for as long as the batch is kept;
  -- counted again if the reservation lapsed meanwhile.
  if redis.call('ZADD', KEYS[6], ARGV[8], ARGV[7]) == 1 then
    redis.call('INCRBY', KEYS[7], tonumber(string.match(ARGV[7], ':(%d+)$')))
  end
  redis.call('EXPIRE', KEYS[6], ARGV[3])
  redis.call('EXPIRE', KEYS[7], ARGV[3])
end
return 1
`);

/**
 * KEYS: the batch's pending hash. ARGV: the job-batches key prefix, the job-owner key prefix, batch
 * id, key id, TTL (s), then job ids. Registers the batch as waiting for each job it still waits for
 * (a cancel may have taken some), and the key as the job's owner. The keys it builds share the
 * batch's hash tag (names.ts).
 */
const REGISTER_JOBS_SCRIPT = new RedisScript(`
local registered = 0
for index = 6, #ARGV do
  if redis.call('HEXISTS', KEYS[1], ARGV[index]) == 1 then
    local batches = ARGV[1] .. ARGV[index]
    redis.call('SADD', batches, ARGV[3])
    redis.call('EXPIRE', batches, ARGV[5])
    redis.call('SET', ARGV[2] .. ARGV[index], ARGV[4], 'EX', ARGV[5])
    registered = registered + 1
  end
end
return registered
`);

/** Views of texts `start` to `end - 1`. */
function viewsOf(packed: PackedTexts, start: number, end: number): Buffer[] {
  const views: Buffer[] = [];
  for (let index = start; index < end; index += 1) views.push(packedBytes(packed, index));
  return views;
}

/** Runs of at most {@link PART_TEXTS} jobs. */
function* jobRuns(jobs: readonly PreparedJob[]): Generator<readonly PreparedJob[]> {
  for (let start = 0; start < jobs.length; start += PART_TEXTS) yield jobs.slice(start, start + PART_TEXTS);
}

/** Step 1: the batch's item list and pending hash, a part a command, expiring after `ttlSeconds`. */
export async function writeBatchParts(
  redis: RedisClient,
  prefix: string,
  batchId: string,
  prepared: PreparedBatch,
  ttlSeconds: number,
): Promise<void> {
  const itemsKey = redisKeys.batchItems(prefix, batchId);
  for (const [start, end] of packedRuns(prepared.items, PART_TEXTS, PART_BYTES)) {
    await APPEND_ITEMS_SCRIPT.run(redis, [itemsKey], [ttlSeconds, ...viewsOf(prepared.items, start, end)]);
  }
  const pendingKey = redisKeys.batchPending(prefix, batchId);
  for (const run of jobRuns(prepared.jobs)) {
    await ADD_PENDING_SCRIPT.run(redis, [pendingKey], [ttlSeconds, ...run.flatMap((job) => [job.jobId, job.items])]);
  }
}

/** What a batch's hash holds when it is made visible. */
export interface BatchRecord {
  id: string;
  keyId: string;
  /** When it was made, ms since epoch. */
  createdAt: number;
  /** False for a batch of the service's own (a list's research): not in its key's batches. */
  listed: boolean;
  /** The room reserved for it in what its key keeps, if any (see `reserveKeptItems`). */
  reservation?: BatchReservation;
  /** The hash's fields. */
  fields: Record<string, string | number>;
}

/**
 * Step 2: makes a batch visible, when its parts are whole on the server; false (nothing made
 * visible) when one is not.
 */
export async function revealBatch(
  redis: RedisClient,
  prefix: string,
  batch: BatchRecord,
  prepared: PreparedBatch,
  ttlSeconds: number,
): Promise<boolean> {
  const revealed = await REVEAL_SCRIPT.run(
    redis,
    [
      redisKeys.batch(prefix, batch.id),
      redisKeys.batchItems(prefix, batch.id),
      redisKeys.batchPending(prefix, batch.id),
      redisKeys.keyBatches(prefix, batch.keyId),
      redisKeys.openBatches(prefix, batch.keyId),
      redisKeys.keyKeptBatches(prefix, batch.keyId),
      redisKeys.keyKeptItems(prefix, batch.keyId),
    ],
    [
      packedCount(prepared.items),
      prepared.jobs.length,
      ttlSeconds,
      batch.listed ? "1" : "",
      batch.id,
      batch.createdAt,
      batch.reservation ? keptMember(batch.reservation) : "",
      batch.createdAt + ttlSeconds * 1000,
      ...Object.entries(batch.fields).flat(),
    ],
  );
  return revealed === 1;
}

/** Step 3: registers a visible batch with the jobs it still waits for, a few hundred a command. */
export async function registerBatchJobs(
  redis: RedisClient,
  prefix: string,
  batch: Pick<BatchRecord, "id" | "keyId">,
  jobs: readonly PreparedJob[],
  ttlSeconds: number,
): Promise<void> {
  for (const run of jobRuns(jobs)) {
    await REGISTER_JOBS_SCRIPT.run(
      redis,
      [redisKeys.batchPending(prefix, batch.id)],
      [
        redisKeys.jobBatches(prefix, ""),
        redisKeys.jobOwner(prefix, ""),
        batch.id,
        batch.keyId,
        ttlSeconds,
        ...run.map((job) => job.jobId),
      ],
    );
  }
}

/** Deletes the parts of a batch that was not made visible (they would expire anyway). */
export async function discardBatchParts(redis: RedisClient, prefix: string, batchId: string): Promise<void> {
  await redis.del(redisKeys.batchItems(prefix, batchId));
  await redis.del(redisKeys.batchPending(prefix, batchId));
}
