import type { DossierError } from "@dossier/contract";
import { JOB_EVENTS_MAX_ENTRIES, JOB_EVENTS_TTL_SECONDS } from "../events/job-event-log.js";
import type { JobStatsIncrements } from "../fleet/fleet-stats.js";
import { redisChannels, redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";
import type { CallCountKeys, RunUsageIncrements } from "../usage/usage-ledger.js";
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
 * KEYS: result, owner, waiters, job, result time, then (to count the call) the key's usage month and
 * day. ARGV: gateway id ('' registers nobody), key id, owner TTL (seconds), waiters TTL (seconds),
 * oldest result accepted (ms, '' for any), now (ms since epoch), usage TTL (seconds, with the usage
 * keys). The call is counted first (a stored result answers a call too); then a stored result young
 * enough answers without writing anything; otherwise the owner is recorded, the gateway registered,
 * and whether the job exists returned.
 */
const CLAIM_SCRIPT = new RedisScript(`
if KEYS[6] then
  redis.call('HINCRBY', KEYS[6], 'calls', 1)
  redis.call('EXPIRE', KEYS[6], ARGV[7])
  redis.call('HINCRBY', KEYS[7], 'calls', 1)
  redis.call('EXPIRE', KEYS[7], ARGV[7])
end
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
 * KEYS: result, waiters, job batches, fleet counters, result time, job events, unshared result, then
 * (when the usage is recorded) the key's usage day and month. ARGV: notice channel prefix, job id,
 * 'done' or 'failed', payload (body or encoded failure), result TTL (seconds), now (ms since epoch),
 * events cap, events TTL (seconds), job events channel, usage TTL (seconds), tokens for the usage
 * month, then the numbers of whole-number fleet counters, fractional fleet counters and usage day
 * fields, '1' when a body may answer identical requests ('0' when it may not), then the field and
 * increment pairs in that order.
 *
 * Stores a body and its time (a body that may not answer identical requests only under the unshared
 * key, for its owner's poll), appends the job's final event (`done` with the body, `failed` with the
 * failure) to its event stream and announces it, adds to the fleet counters and the key's usage,
 * notifies every waiting gateway, and returns the ids of the batches waiting for the job. Written
 * again (a lost connection, a failover), the final event is not appended a second time when it is
 * already the stream's last.
 */
const NOTIFY_SCRIPT = new RedisScript(`
local status, payload, now = ARGV[3], ARGV[4], ARGV[6]
if status == 'done' and ARGV[15] == '1' then
  redis.call('SET', KEYS[1], payload, 'EX', ARGV[5])
  redis.call('SET', KEYS[5], now, 'EX', ARGV[5])
  redis.call('DEL', KEYS[7])
elseif status == 'done' then
  redis.call('SET', KEYS[7], payload, 'EX', ARGV[5])
end
local repeated = false
local last = redis.call('XREVRANGE', KEYS[6], '+', '-', 'COUNT', 1)[1]
if last then
  local fields, event, detail = last[2], nil, nil
  for index = 1, #fields, 2 do
    if fields[index] == 'e' then event = fields[index + 1] elseif fields[index] == 'd' then detail = fields[index + 1] end
  end
  repeated = event == status and detail == payload
end
if not repeated then
  local id = redis.call('XADD', KEYS[6], 'MAXLEN', '~', ARGV[7], '*', 'e', status, 't', now, 'd', payload)
  redis.call('EXPIRE', KEYS[6], ARGV[8])
  redis.call('PUBLISH', ARGV[9], id .. '\\n' .. status .. '\\n' .. now .. '\\n' .. payload)
end
local counts, sums, days = tonumber(ARGV[12]), tonumber(ARGV[13]), tonumber(ARGV[14])
local index = 16
for _ = 1, counts do
  redis.call('HINCRBY', KEYS[4], ARGV[index], ARGV[index + 1])
  index = index + 2
end
for _ = 1, sums do
  redis.call('HINCRBYFLOAT', KEYS[4], ARGV[index], ARGV[index + 1])
  index = index + 2
end
if days > 0 then
  for _ = 1, days do
    redis.call('HINCRBY', KEYS[8], ARGV[index], ARGV[index + 1])
    index = index + 2
  end
  redis.call('EXPIRE', KEYS[8], ARGV[10])
  if tonumber(ARGV[11]) > 0 then
    redis.call('HINCRBY', KEYS[9], 'tokens', ARGV[11])
    redis.call('EXPIRE', KEYS[9], ARGV[10])
  end
end
local gateways = redis.call('SMEMBERS', KEYS[2])
if #gateways > 0 then
  local notice = ARGV[2] .. '\\n' .. status .. '\\n' .. payload
  for _, gateway in ipairs(gateways) do redis.call('PUBLISH', ARGV[1] .. gateway, notice) end
  redis.call('DEL', KEYS[2])
end
return redis.call('SMEMBERS', KEYS[3])
`);

/**
 * Looks for a job's stored result; when there is none, records the owner and (with a gateway id)
 * registers the gateway for the job's completion notice. With `countCall`, counts the call in the
 * key's usage first (for a key without monthly limits: there is nothing to refuse). One round trip.
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
    /** The key's usage hashes, to count the call in (`callCountKeys`). */
    countCall?: CallCountKeys | undefined;
  },
): Promise<Claim> {
  const now = Date.now();
  const { countCall } = options;
  const keys = [
    redisKeys.result(prefix, jobId),
    redisKeys.jobOwner(prefix, jobId),
    redisKeys.jobWaiters(prefix, jobId),
    redisKeys.researchJob(prefix, jobId),
    redisKeys.resultAt(prefix, jobId),
  ];
  if (countCall) keys.push(countCall.month, countCall.day);
  const [stored, value, at] = (await CLAIM_SCRIPT.run(redis, keys, [
    options.gatewayId,
    options.keyId,
    options.ownerTtlSeconds,
    Math.max(1, Math.ceil(options.waitSeconds)),
    options.maxAgeSeconds === undefined ? "" : options.maxAgeSeconds * 1000,
    now,
    countCall?.ttlSeconds ?? 0,
  ])) as [number, string | number, string | undefined];
  if (stored !== 1) return { status: "missing", jobExists: value === 1 };
  // The script applied the age limit; this only shapes the answer (and its time, when known).
  const result = usableResult(String(value), at || null, undefined, now);
  return { status: "stored", result: result ?? { body: String(value) } };
}

/**
 * A job's final outcome as a worker announces it. A body with `reusable: false` answers the calls
 * waiting now and the job's owner, never an identical request (see `ResearchOutcome`).
 */
export type JobEnd = { status: "done"; body: string; reusable?: boolean } | { status: "failed"; failure: string };

/** What a job's end adds to counters: the fleet's, and the usage of the key that asked for it. */
export interface JobEndCounters extends JobStatsIncrements {
  usage?: RunUsageIncrements;
}

/**
 * Records a job's end: stores a body for `resultTtlSeconds` (one that is not reusable only for its
 * owner's poll), appends the final event to the job's event stream, adds `counters` to the fleet
 * counters and the key's usage, sends the notice to every waiting gateway, and returns the batches
 * waiting for the job. One round trip.
 */
export async function announceJobEnd(
  redis: RedisClient,
  prefix: string,
  jobId: string,
  end: JobEnd,
  resultTtlSeconds: number,
  counters: JobEndCounters = { counts: [], sums: [] },
): Promise<string[]> {
  const { usage } = counters;
  const keys = [
    redisKeys.result(prefix, jobId),
    redisKeys.jobWaiters(prefix, jobId),
    redisKeys.jobBatches(prefix, jobId),
    redisKeys.metrics(prefix),
    redisKeys.resultAt(prefix, jobId),
    redisKeys.jobEvents(prefix, jobId),
    redisKeys.unsharedResult(prefix, jobId),
  ];
  if (usage) keys.push(usage.day, usage.month);
  const dayFields = usage?.dayFields ?? [];
  return (await NOTIFY_SCRIPT.run(redis, keys, [
    redisChannels.notices(prefix, ""),
    jobId,
    end.status,
    end.status === "done" ? end.body : end.failure,
    resultTtlSeconds,
    Date.now(),
    JOB_EVENTS_MAX_ENTRIES,
    JOB_EVENTS_TTL_SECONDS,
    redisChannels.jobEvents(prefix, jobId),
    usage?.ttlSeconds ?? 0,
    usage?.monthTokens ?? 0,
    counters.counts.length,
    counters.sums.length,
    dayFields.length,
    end.status === "done" && end.reusable === false ? "0" : "1",
    ...[...counters.counts, ...counters.sums, ...dayFields].flat(),
  ])) as string[];
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
