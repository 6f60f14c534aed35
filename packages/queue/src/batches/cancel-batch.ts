import { Job, type Queue } from "bullmq";
import type { ResearchJobData } from "../jobs/job-payload.js";
import { redisChannels, redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";

/*
 * Cancelling must work when Redis is full (`maxmemory` with `noeviction`): that is when an operator
 * stops work to let Redis drain. Its scripts are flagged `allow-oom`: they change a field or two of
 * existing hashes and delete more than they add.
 */

/**
 * Marks a batch cancelled unless it is done, and takes it out of its key's open batches. Returns
 * the status it has afterwards (`done`, `cancelled`), or nothing when the batch does not exist.
 */
const MARK_SCRIPT = new RedisScript(`#!lua flags=allow-oom
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return false end
if status == 'done' then return 'done' end
redis.call('HSET', KEYS[1], 'status', 'cancelled', 'cancelledAt', ARGV[1])
local owner = redis.call('HGET', KEYS[1], 'keyId')
if owner then redis.call('SREM', ARGV[2] .. owner, ARGV[3]) end
redis.call('PUBLISH', ARGV[4], '')
return 'cancelled'
`);

/**
 * Stops a cancelled batch from waiting for one job: its items become cancelled. Returns 0 when the
 * batch no longer waited for it, 1 when cancelled.
 */
const CANCEL_JOB_SCRIPT = new RedisScript(`#!lua flags=allow-oom
local count = redis.call('HGET', KEYS[2], ARGV[1])
if not count then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HINCRBY', KEYS[1], 'cancelled', tonumber(count))
redis.call('PUBLISH', ARGV[2], '')
return 1
`);

/** Sets `finishedAt` when nothing is left running and it is not set yet; returns 1 when it is set now. */
const FINISH_SCRIPT = new RedisScript(`#!lua flags=allow-oom
if redis.call('HLEN', KEYS[2]) > 0 then return 0 end
local finished = redis.call('HGET', KEYS[1], 'finishedAt')
if finished and finished ~= '' then return 0 end
redis.call('HSET', KEYS[1], 'finishedAt', ARGV[1])
redis.call('PUBLISH', ARGV[2], '')
return 1
`);

/** BullMQ states of a job that has not started: it can be taken out of the queue. */
const NOT_STARTED = new Set(["waiting", "prioritized", "delayed", "waiting-children"]);

export interface CancelSettings {
  redis: RedisClient;
  prefix: string;
  /** The research queue, to see which jobs run and to remove the ones nobody else waits for. */
  queue: Queue<ResearchJobData>;
}

/**
 * Cancels a batch: items whose job has not started are cancelled (and their job leaves the queue
 * when no other batch waits for it and no caller asked for it), running ones finish and keep their
 * results. Safe to call again: a second call finishes what a first one left. Returns whether
 * nothing is left running, or null when the batch was done or does not exist.
 */
export async function cancelBatch(settings: CancelSettings, batchId: string): Promise<{ finished: boolean } | null> {
  const { redis, prefix, queue } = settings;
  const batchKey = redisKeys.batch(prefix, batchId);
  const pendingKey = redisKeys.batchPending(prefix, batchId);
  const channel = redisChannels.batchEvents(prefix, batchId);
  const marked = (await MARK_SCRIPT.run(
    redis,
    [batchKey],
    [new Date().toISOString(), redisKeys.openBatches(prefix, ""), batchId, channel],
  )) as string | null;
  if (marked !== "cancelled") return null;
  for (const jobId of await redis.hkeys(pendingKey)) {
    const state = await queue.getJobState(jobId);
    if (state === "active") continue;
    // A job not started that no other batch waits for leaves the queue before its items count as
    // cancelled: a worker that took it in the meantime runs it (it is locked, and stays), and the
    // batch waits for it as for any item already running, rather than count research as not started.
    if (NOT_STARTED.has(state) && (await redis.scard(redisKeys.jobBatches(prefix, jobId))) <= 1) {
      const job = await Job.fromId<ResearchJobData>(queue, jobId);
      if (
        job?.data.origin === "batch" &&
        !(await job.remove().then(
          () => true,
          () => false,
        ))
      )
        continue;
    }
    await CANCEL_JOB_SCRIPT.run(redis, [batchKey, pendingKey], [jobId, channel]);
    // A job still in its key's fair list is skipped by the feeder once no batch waits for it.
    await redis.srem(redisKeys.jobBatches(prefix, jobId), batchId);
  }
  await FINISH_SCRIPT.run(redis, [batchKey, pendingKey], [new Date().toISOString(), channel]);
  return { finished: (await redis.hlen(pendingKey)) === 0 };
}
