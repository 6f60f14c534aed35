import type { DossierError } from "@dossier/contract";
import type { JobStatsIncrements } from "../fleet/fleet-stats.js";
import { redisChannels, redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";
import { decodeFailure } from "./job-payload.js";
import { type StoredResult, usableResult } from "./stored-result.js";

/**
 * How a waiting call learns that its job finished. A gateway process subscribes to one channel of
 * its own; a call registers that process in the job's waiter set in the same script that looks for
 * a stored result; the worker that finishes the job stores the result and publishes one notice to
 * each registered process, in one script. No process reads notices of jobs it does not wait for.
 * Both scripts run atomically on the job's slot, so a notice is never published between a
 * gateway's look for the result and its registration.
 *
 * A notice published while a gateway's subscription is down is lost: the gateway checks the jobs
 * it waits for again when its subscription comes back and every few seconds (`ResearchQueue`).
 */

/** What one look for a job's result found. */
export type Claim = { status: "stored"; result: StoredResult } | { status: "missing"; jobExists: boolean };

/**
 * KEYS: result, owner, waiters, job, result time. ARGV: gateway id ('' registers nobody), key id,
 * owner TTL (seconds), waiters TTL (seconds), oldest result accepted (ms, '' for any), now (ms since
 * epoch). A stored result young enough answers without writing anything; otherwise the owner is
 * recorded, the gateway registered, and whether the job exists returned.
 */
const CLAIM_SCRIPT = new RedisScript(`
local body = redis.call('GET', KEYS[1])
if body then
  local at = redis.call('GET', KEYS[5])
  if ARGV[5] == '' or (at and tonumber(ARGV[6]) - tonumber(at) < tonumber(ARGV[5])) then
    return {1, body, at or ''}
  end
end
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
if ARGV[1] ~= '' then
  redis.call('SADD', KEYS[3], ARGV[1])
  redis.call('EXPIRE', KEYS[3], ARGV[4])
end
return {0, redis.call('EXISTS', KEYS[4])}
`);

/**
 * KEYS: result, waiters, job batches, fleet counters, result time. ARGV: notice channel prefix, job
 * id, 'done' or 'failed', payload (body or encoded failure), result TTL (seconds), now (ms since
 * epoch), number of whole-number counters, then field and increment pairs (whole numbers first,
 * then fractions). Stores a body and its time, adds to the fleet counters, notifies every waiting
 * gateway, and returns the ids of the batches waiting for the job.
 */
const NOTIFY_SCRIPT = new RedisScript(`
if ARGV[3] == 'done' then
  redis.call('SET', KEYS[1], ARGV[4], 'EX', ARGV[5])
  redis.call('SET', KEYS[5], ARGV[6], 'EX', ARGV[5])
end
local counts = tonumber(ARGV[7])
for index = 8, #ARGV, 2 do
  if (index - 8) / 2 < counts then
    redis.call('HINCRBY', KEYS[4], ARGV[index], ARGV[index + 1])
  else
    redis.call('HINCRBYFLOAT', KEYS[4], ARGV[index], ARGV[index + 1])
  end
end
local gateways = redis.call('SMEMBERS', KEYS[2])
if #gateways > 0 then
  local notice = ARGV[2] .. '\\n' .. ARGV[3] .. '\\n' .. ARGV[4]
  for _, gateway in ipairs(gateways) do redis.call('PUBLISH', ARGV[1] .. gateway, notice) end
  redis.call('DEL', KEYS[2])
end
return redis.call('SMEMBERS', KEYS[3])
`);

/**
 * Looks for a job's stored result; when there is none, records the owner and (with a gateway id)
 * registers the gateway for the job's completion notice. One round trip.
 */
export async function claimJob(
  redis: RedisClient,
  prefix: string,
  jobId: string,
  options: {
    gatewayId: string;
    keyId: string;
    ownerTtlSeconds: number;
    waitSeconds: number;
    /** The oldest stored result accepted, in seconds; any when undefined. */
    maxAgeSeconds?: number | undefined;
  },
): Promise<Claim> {
  const now = Date.now();
  const [stored, value, at] = (await CLAIM_SCRIPT.run(
    redis,
    [
      redisKeys.result(prefix, jobId),
      redisKeys.jobOwner(prefix, jobId),
      redisKeys.jobWaiters(prefix, jobId),
      redisKeys.researchJob(prefix, jobId),
      redisKeys.resultAt(prefix, jobId),
    ],
    [
      options.gatewayId,
      options.keyId,
      options.ownerTtlSeconds,
      Math.max(1, Math.ceil(options.waitSeconds)),
      options.maxAgeSeconds === undefined ? "" : options.maxAgeSeconds * 1000,
      now,
    ],
  )) as [number, string | number, string | undefined];
  if (stored !== 1) return { status: "missing", jobExists: value === 1 };
  // The script applied the age limit; this only shapes the answer (and its time, when known).
  const result = usableResult(String(value), at || null, undefined, now);
  return { status: "stored", result: result ?? { body: String(value) } };
}

/** A job's final outcome as a worker announces it. */
export type JobEnd = { status: "done"; body: string } | { status: "failed"; failure: string };

/**
 * Records a job's end: stores a body for `resultTtlSeconds`, adds `stats` to the fleet counters,
 * sends the notice to every waiting gateway, and returns the batches waiting for the job. One
 * round trip.
 */
export async function announceJobEnd(
  redis: RedisClient,
  prefix: string,
  jobId: string,
  end: JobEnd,
  resultTtlSeconds: number,
  stats: JobStatsIncrements = { counts: [], sums: [] },
): Promise<string[]> {
  return (await NOTIFY_SCRIPT.run(
    redis,
    [
      redisKeys.result(prefix, jobId),
      redisKeys.jobWaiters(prefix, jobId),
      redisKeys.jobBatches(prefix, jobId),
      redisKeys.metrics(prefix),
      redisKeys.resultAt(prefix, jobId),
    ],
    [
      redisChannels.notices(prefix, ""),
      jobId,
      end.status,
      end.status === "done" ? end.body : end.failure,
      resultTtlSeconds,
      Date.now(),
      stats.counts.length,
      ...[...stats.counts, ...stats.sums].flat(),
    ],
  )) as string[];
}

/** A notice as a gateway reads it. */
export type JobNotice =
  | { jobId: string; status: "completed"; body: string }
  | { jobId: string; status: "failed"; error: DossierError };

/** Reads a notice message; null for a message that is not one. */
export function parseJobNotice(message: string): JobNotice | null {
  const first = message.indexOf("\n");
  const second = message.indexOf("\n", first + 1);
  if (first <= 0 || second < 0) return null;
  const jobId = message.slice(0, first);
  const status = message.slice(first + 1, second);
  const payload = message.slice(second + 1);
  if (status === "done") return { jobId, status: "completed", body: payload };
  if (status === "failed") return { jobId, status: "failed", error: decodeFailure(payload) };
  return null;
}
