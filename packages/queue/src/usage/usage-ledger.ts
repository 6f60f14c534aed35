import { MAX_USAGE_REPORT_DAYS, type UsageCounters, type UsageReport, usageCounterNames } from "@dossier/contract";
import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";
import { daysBetween, nextMonthStart, utcDay, utcMonth } from "./usage-calendar.js";

/** A key's monthly limits; null means none. */
export interface KeyLimits {
  /** Research calls per UTC month (`keys create --monthly-calls`). */
  monthlyCalls: number | null;
  /** Model tokens, prompt and completion, per UTC month (`keys create --monthly-tokens`). */
  monthlyTokens: number | null;
}

/** What a research run spent, as the worker counted it. */
export interface RunCounters {
  modelCalls: number;
  promptTokens: number;
  completionTokens: number;
  searches: number;
  pagesFetched: number;
  pagesFromCache: number;
  pagesNotModified: number;
}

/** The outcome of asking to make calls against a key's monthly limits. */
export type CallAdmission =
  | { allowed: true; month: string; calls: number; tokens: number }
  | {
      allowed: false;
      /** Which limit the calls would pass. */
      exceeded: "calls" | "tokens";
      month: string;
      /** Calls and tokens counted this month before the refused calls. */
      calls: number;
      tokens: number;
      /** When the month's counters start again, ms since epoch. */
      resetsAtMs: number;
    };

/** Usage counters are kept about thirteen months, so that a year can be reported. */
const USAGE_TTL_SECONDS = 400 * 86_400;

/**
 * Checks and counts calls in one step, so that gateways racing for a key's last calls never let
 * more through than the limit. KEYS: month hash, day hash, and optionally the hash that notes the
 * charge (see {@link ChargeNote}). ARGV: calls wanted, call limit, token limit, tokens the calls are
 * expected to spend (0: refuse only once the month's tokens are at the limit), TTL, then the note's
 * field, value and lifetime in seconds (0: noted only in a hash that exists). Returns {allowed,
 * exceeded, calls before, tokens before}; a charge already noted is allowed again without counting
 * (exceeded `noted`).
 */
const ADMIT_SCRIPT = new RedisScript(`
local calls = tonumber(redis.call('HGET', KEYS[1], 'calls') or '0')
local tokens = tonumber(redis.call('HGET', KEYS[1], 'tokens') or '0')
local noted = KEYS[3] ~= nil
if noted and redis.call('HGET', KEYS[3], ARGV[6]) == ARGV[7] then return {1, 'noted', calls, tokens} end
local wanted = tonumber(ARGV[1])
local callLimit = tonumber(ARGV[2])
local tokenLimit = tonumber(ARGV[3])
local estimate = tonumber(ARGV[4])
if callLimit > 0 and calls + wanted > callLimit then return {0, 'calls', calls, tokens} end
if tokenLimit > 0 and (tokens >= tokenLimit or (estimate > 0 and tokens + estimate > tokenLimit)) then
  return {0, 'tokens', calls, tokens}
end
redis.call('HINCRBY', KEYS[1], 'calls', wanted)
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('HINCRBY', KEYS[2], 'calls', wanted)
redis.call('EXPIRE', KEYS[2], ARGV[5])
if noted then
  local lifetime = tonumber(ARGV[8])
  if lifetime > 0 or redis.call('EXISTS', KEYS[3]) == 1 then
    redis.call('HSET', KEYS[3], ARGV[6], ARGV[7])
    if lifetime > 0 and redis.call('TTL', KEYS[3]) < 0 then redis.call('EXPIRE', KEYS[3], lifetime) end
  end
end
return {1, '', calls, tokens}
`);

/**
 * Where a charge is noted, so that it is counted once however often it is made (a held write made
 * again after a failover, a watch's run taken over after its worker died): a field of the hash of
 * what is charged, whose value names the charge (a watch's hash and its run id, a list's hash).
 */
export interface ChargeNote {
  /** The hash, under the deployment prefix (in the slot of the usage keys on a cluster). */
  key: string;
  field: string;
  /** The charge's name: a charge whose field holds it already is not counted again. */
  value: string;
  /**
   * The lifetime, in seconds, of the hash when the note makes it (a list's, noted before the list is
   * written); absent, the note is made only in a hash that exists (a watch deleted meanwhile is not
   * made again).
   */
  ttlSeconds?: number;
}

/** Where a key's calls are counted now: its month and day hashes, and the lifetime they get again. */
export interface CallCountKeys {
  month: string;
  day: string;
  ttlSeconds: number;
}

/**
 * The hashes that count a key's call made now. A key without monthly limits has no call to refuse,
 * so its call can be counted in the script that claims its job (`claimJob`) instead of on its own.
 */
export function callCountKeys(prefix: string, keyId: string, now: number = Date.now()): CallCountKeys {
  return {
    month: redisKeys.usageMonth(prefix, keyId, utcMonth(now)),
    day: redisKeys.usageDay(prefix, keyId, utcDay(now)),
    ttlSeconds: USAGE_TTL_SECONDS,
  };
}

/** True when a key has a monthly limit, so that its calls must be admitted before they are counted. */
export function hasMonthlyLimits(limits: KeyLimits | undefined): boolean {
  return (limits?.monthlyCalls ?? 0) > 0 || (limits?.monthlyTokens ?? 0) > 0;
}

/**
 * Counts `count` research calls for a key, unless they would pass one of its monthly limits: the
 * calls limit, or the tokens limit (tokens are known only after a run, so single calls are refused
 * once the month's tokens are at or past the limit; a batch passes `estimatedTokens` and is refused
 * when the estimate would pass it). Refused calls are not counted. With `once`, the charge is noted
 * where it says, in the same step: made again, it is allowed and not counted twice.
 */
export async function admitCalls(
  redis: RedisClient,
  prefix: string,
  keyId: string,
  request: {
    count: number;
    limits: KeyLimits | undefined;
    estimatedTokens?: number;
    now?: number;
    once?: ChargeNote;
  },
): Promise<CallAdmission> {
  const now = request.now ?? Date.now();
  const month = utcMonth(now);
  const { once } = request;
  const reply = (await ADMIT_SCRIPT.run(
    redis,
    [
      redisKeys.usageMonth(prefix, keyId, month),
      redisKeys.usageDay(prefix, keyId, utcDay(now)),
      ...(once ? [once.key] : []),
    ],
    [
      request.count,
      request.limits?.monthlyCalls ?? 0,
      request.limits?.monthlyTokens ?? 0,
      request.estimatedTokens ?? 0,
      USAGE_TTL_SECONDS,
      ...(once ? [once.field, once.value, once.ttlSeconds ?? 0] : []),
    ],
  )) as [number, string, number, number];
  const [allowed, exceeded, calls, tokens] = reply;
  if (allowed === 1)
    return { allowed: true, month, calls: exceeded === "noted" ? calls : calls + request.count, tokens };
  return {
    allowed: false,
    exceeded: exceeded === "tokens" ? "tokens" : "calls",
    month,
    calls,
    tokens,
    resetsAtMs: nextMonthStart(now),
  };
}

/** What one run adds to its key's usage: fields of the day's hash, and tokens to the month's. */
export interface RunUsageIncrements {
  /** The key's day hash (`redisKeys.usageDay`). */
  day: string;
  /** The key's month hash (`redisKeys.usageMonth`). */
  month: string;
  /** Fields of the day hash and their increments: `runs` and every counter above zero. */
  dayFields: Array<[field: string, increment: number]>;
  /** Tokens added to the month (0: the month is left alone). */
  monthTokens: number;
  /** Lifetime both hashes get again, in seconds. */
  ttlSeconds: number;
}

/** The usage one finished (or failed) run adds to its key; counters at zero add nothing. */
export function runUsageIncrements(
  prefix: string,
  keyId: string,
  counters: RunCounters,
  now: number = Date.now(),
): RunUsageIncrements {
  const dayFields: Array<[string, number]> = [["runs", 1]];
  for (const name of [
    "modelCalls",
    "promptTokens",
    "completionTokens",
    "searches",
    "pagesFetched",
    "pagesFromCache",
    "pagesNotModified",
  ] as const) {
    if (counters[name] > 0) dayFields.push([name, counters[name]]);
  }
  return {
    day: redisKeys.usageDay(prefix, keyId, utcDay(now)),
    month: redisKeys.usageMonth(prefix, keyId, utcMonth(now)),
    dayFields,
    monthTokens: counters.promptTokens + counters.completionTokens,
    ttlSeconds: USAGE_TTL_SECONDS,
  };
}

/** Adds one finished (or failed) run's spending to its key's day, and its tokens to the key's month. */
export async function recordRunUsage(
  redis: RedisClient,
  prefix: string,
  keyId: string,
  counters: RunCounters,
  now: number = Date.now(),
): Promise<void> {
  await writeRunUsage(redis, runUsageIncrements(prefix, keyId, counters, now));
}

/**
 * Adds increments made by {@link runUsageIncrements} to their hashes, in one transaction. A job's
 * final outcome records them in the script that announces it (`announceJobEnd`); this serves a run
 * that ends otherwise (one retried later).
 */
export async function writeRunUsage(redis: RedisClient, increments: RunUsageIncrements): Promise<void> {
  const { day, month, dayFields, monthTokens, ttlSeconds } = increments;
  const multi = redis.multi();
  for (const [field, increment] of dayFields) multi.hincrby(day, field, increment);
  multi.expire(day, ttlSeconds);
  if (monthTokens > 0) {
    multi.hincrby(month, "tokens", monthTokens);
    multi.expire(month, ttlSeconds);
  }
  await multi.exec();
}

function zeroCounters(): UsageCounters {
  return Object.fromEntries(usageCounterNames.map((name) => [name, 0])) as UsageCounters;
}

/**
 * A key's daily usage from `from` to `to` (inclusive, `YYYY-MM-DD`, at most
 * {@link MAX_USAGE_REPORT_DAYS} days), with the current month's standing against its limits.
 */
export async function readUsageReport(
  redis: RedisClient,
  prefix: string,
  keyId: string,
  period: { from: string; to: string; limits: KeyLimits | undefined; now?: number },
): Promise<UsageReport> {
  const now = period.now ?? Date.now();
  const dates = daysBetween(period.from, period.to).slice(0, MAX_USAGE_REPORT_DAYS);
  const month = utcMonth(now);
  const pipeline = redis.pipeline();
  for (const date of dates) pipeline.hgetall(redisKeys.usageDay(prefix, keyId, date));
  pipeline.hmget(redisKeys.usageMonth(prefix, keyId, month), "calls", "tokens");
  const replies = (await pipeline.exec()) ?? [];
  const failure = replies.find(([error]) => error)?.[0];
  if (failure) throw failure;
  const total = zeroCounters();
  const days = dates.map((date, index) => {
    const stored = (replies[index]?.[1] ?? {}) as Record<string, string>;
    const counters = zeroCounters();
    for (const name of usageCounterNames) {
      counters[name] = Number(stored[name] ?? 0);
      total[name] += counters[name];
    }
    return { date, ...counters };
  });
  const [calls, tokens] = (replies[dates.length]?.[1] ?? []) as Array<string | null>;
  return {
    from: period.from,
    to: period.to,
    days,
    total,
    quota: {
      month,
      calls: Number(calls ?? 0),
      tokens: Number(tokens ?? 0),
      monthlyCalls: period.limits?.monthlyCalls ?? null,
      monthlyTokens: period.limits?.monthlyTokens ?? null,
      resetsAt: new Date(nextMonthStart(now)).toISOString(),
    },
  };
}
