import { setTimeout as sleep } from "node:timers/promises";
import { isRedisFullError } from "@dossier/contract";
import { redisChannels, redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";
import type { JobEnd } from "./job-notices.js";

/**
 * A Redis at `maxmemory` (policy `noeviction`) refuses every command that may grow memory, and a
 * script's first such command, but still runs PEXPIRE, SREM and PUBLISH. A worker whose job's
 * outcome cannot be stored keeps it (docs/decisions/0013) with these: it holds the job's lock so
 * that no other worker takes the job over and researches it again, and hands the outcome to the
 * gateways whose callers wait for it, until Redis takes the write.
 */

/**
 * KEYS: the job's lock, the queue's stalled set. ARGV: the worker's lock token, lock time (ms), job id.
 * Extends the lock when it is still this worker's and takes the job off the stalled set, as BullMQ's
 * own renewal does with a SET that a full Redis refuses. Returns 1 when held, 0 when the lock is gone.
 */
const HOLD_LOCK_SCRIPT = new RedisScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('SREM', KEYS[2], ARGV[3])
return 1
`);

/**
 * KEYS: the job's waiters. ARGV: the notice channel prefix, the notice. Publishes the notice to every
 * gateway waiting for the job, without writing anything; returns how many were told.
 */
const HAND_TO_WAITERS_SCRIPT = new RedisScript(`
local gateways = redis.call('SMEMBERS', KEYS[1])
for _, gateway in ipairs(gateways) do redis.call('PUBLISH', ARGV[1] .. gateway, ARGV[2]) end
return #gateways
`);

/** Keeps a running job this worker's while its outcome waits for Redis to take writes again. */
export async function holdJobLock(
  redis: RedisClient,
  prefix: string,
  jobId: string,
  token: string,
  lockMs: number,
): Promise<boolean> {
  const held = await HOLD_LOCK_SCRIPT.run(
    redis,
    [redisKeys.researchJobLock(prefix, jobId), redisKeys.researchStalled(prefix)],
    [token, lockMs, jobId],
  );
  return held === 1;
}

/**
 * Sends a job's outcome to the gateways waiting for it, as the announcement would, without storing
 * it: their callers get their answer although Redis is full. Returns how many gateways were told.
 */
export async function handOutcomeToWaiters(
  redis: RedisClient,
  prefix: string,
  jobId: string,
  end: JobEnd,
): Promise<number> {
  const notice = `${jobId}\n${end.status}\n${end.status === "done" ? end.body : end.failure}`;
  return (await HAND_TO_WAITERS_SCRIPT.run(
    redis,
    [redisKeys.jobWaiters(prefix, jobId)],
    [redisChannels.notices(prefix, ""), notice],
  )) as number;
}

/** Writes a short-lived probe key: rejects with Redis's error when it does not take writes (full, read-only, away). */
export async function probeRedisWrites(redis: RedisClient, prefix: string): Promise<void> {
  await redis.set(redisKeys.writeProbe(prefix), "1", "PX", 10_000);
}

/** Whether Redis takes a write right now: false while it is full, errors for anything else. */
export async function takesWrites(redis: RedisClient, prefix: string): Promise<boolean> {
  try {
    await probeRedisWrites(redis, prefix);
    return true;
  } catch (error) {
    if (isRedisFullError(error)) return false;
    throw error;
  }
}

/** The wait before the `refusals`-th retry of a write a full Redis refused: 200 ms doubling, at most 2 s. */
export function refusedWriteDelay(refusals: number): Promise<void> {
  return sleep(Math.min(2_000, 100 * 2 ** Math.min(Math.max(refusals, 1), 5)));
}
