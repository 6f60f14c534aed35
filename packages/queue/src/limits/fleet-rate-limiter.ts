import { isConnectionLost } from "../held-writes.js";
import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";

/**
 * A token bucket per upstream, shared by every process through Redis. Its capacity is one
 * minute's allowance and it refills continuously; `pausedUntil` stops every taker at once when
 * the upstream itself said "too many requests". Time comes from the Redis server, so processes on
 * machines with skewed clocks still agree.
 */
const BUCKET_SCRIPT = new RedisScript(`
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local capacity = tonumber(ARGV[1])
local amount = tonumber(ARGV[2])
local mode = ARGV[3]
local state = redis.call('HMGET', KEYS[1], 'tokens', 'updated', 'pausedUntil')
local tokens = tonumber(state[1]) or capacity
local updated = tonumber(state[2]) or now
local pausedUntil = tonumber(state[3]) or 0
local wait = 0
if capacity > 0 then
  tokens = math.min(capacity, tokens + (now - updated) * capacity / 60000)
end
if mode == 'pause' then
  pausedUntil = math.max(pausedUntil, now + amount)
elseif mode == 'charge' then
  if capacity > 0 then tokens = tokens - amount end
elseif pausedUntil > now then
  wait = pausedUntil - now
elseif capacity > 0 then
  if tokens >= amount then
    tokens = tokens - amount
  else
    wait = math.ceil((amount - tokens) * 60000 / capacity)
  end
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'updated', tostring(now), 'pausedUntil', tostring(pausedUntil))
redis.call('PEXPIRE', KEYS[1], math.max(120000, pausedUntil - now + 60000))
return wait
`);

/** One limit: how much of an upstream the whole fleet may use per minute. */
export interface UpstreamLimit {
  /** Name of the bucket, e.g. `model-requests`. */
  name: string;
  /** Allowance per minute across the fleet; 0 means unlimited (pauses still apply). */
  perMinute: number;
}

const sleep = (milliseconds: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/**
 * How long an unlimited bucket found without a pause is taken as still free, in milliseconds. A
 * 429 seen by another worker reaches this one at most this late; this worker's own pauses at once.
 */
export const PAUSE_CHECK_INTERVAL_MS = 1_000;

/** How long a bucket's call waits in all for its Redis connection to come back, in milliseconds. */
const RECONNECT_MS = 15_000;
/** The pause before a call made again after its connection was lost, in milliseconds. */
const RETRY_PAUSE_MS = 100;

/** Fleet-wide rate limits per upstream, kept in Redis under the deployment prefix. */
export class FleetRateLimiter {
  /** Unlimited buckets last found without a pause, and when. */
  readonly #freeSince = new Map<string, number>();
  /** Looks at unlimited buckets under way, shared by the callers that arrive meanwhile. */
  readonly #looks = new Map<string, Promise<boolean>>();

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  /**
   * Runs the bucket's script. A take Redis cannot answer for its connection (lost, or on a server
   * that a failover made a replica) is made again once the connection is back, for 15 s at most:
   * a failover holds the research that waits on the bucket instead of failing it.
   */
  private async run(
    limit: UpstreamLimit,
    amount: number,
    mode: "take" | "charge" | "pause",
    signal?: AbortSignal,
  ): Promise<number> {
    const giveUpAt = Date.now() + RECONNECT_MS;
    for (;;) {
      try {
        return (await BUCKET_SCRIPT.run(
          this.redis,
          [redisKeys.upstreamLimit(this.prefix, limit.name)],
          [limit.perMinute, Math.max(0, amount), mode],
        )) as number;
      } catch (error) {
        const left = giveUpAt - Date.now();
        // Use charged or a pause recorded after a call is not waited for: the call's reply is ready.
        if (mode !== "take" || !isConnectionLost(error) || left <= 0 || signal?.aborted) throw error;
        // A connection that says it is ready may still be on the demoted primary: a short pause first,
        // then more until the connection is back, each of them ended by a cancelled research.
        await sleep(Math.min(RETRY_PAUSE_MS, left), signal);
        while (this.redis.status !== "ready") {
          if (Date.now() >= giveUpAt) throw error;
          await sleep(RETRY_PAUSE_MS, signal);
        }
      }
    }
  }

  /**
   * Waits until `amount` units may be used, then takes them. An amount of 0 waits only until the
   * bucket is no longer in debt (used for tokens, which are known only after a call).
   */
  async acquire(limit: UpstreamLimit, amount: number, signal?: AbortSignal): Promise<void> {
    const unlimited = limit.perMinute <= 0;
    if (unlimited && (await this.#foundFree(limit))) return;
    for (;;) {
      const waitMs = Number(await this.run(limit, amount, "take", signal));
      if (waitMs <= 0) {
        if (unlimited) this.#freeSince.set(limit.name, performance.now());
        return;
      }
      // Spread the wake-ups so that a fleet waiting on one bucket does not retry in lockstep.
      await sleep(Math.min(waitMs, 2_000) + Math.floor(Math.random() * 50), signal);
    }
  }

  /**
   * An unlimited bucket only ever holds callers during a pause: it is looked at for one at most once
   * a second, and the callers that find the last look too old together wait for one new look. True
   * when the bucket is free; false when it is paused (each caller then waits it out on its own).
   */
  #foundFree(limit: UpstreamLimit): boolean | Promise<boolean> {
    if (performance.now() - (this.#freeSince.get(limit.name) ?? -Infinity) < PAUSE_CHECK_INTERVAL_MS) return true;
    const under = this.#looks.get(limit.name);
    if (under) return under;
    const look: Promise<boolean> = this.run(limit, 0, "take")
      .then((waitMs) => {
        // A pause of this worker's own since the look started wins over what the look found.
        const current = this.#looks.get(limit.name) === look;
        if (current && Number(waitMs) <= 0) this.#freeSince.set(limit.name, performance.now());
        return current && Number(waitMs) <= 0;
      })
      .finally(() => {
        if (this.#looks.get(limit.name) === look) this.#looks.delete(limit.name);
      });
    this.#looks.set(limit.name, look);
    return look;
  }

  /** Records use that was only known afterwards (tokens of a finished call); may leave the bucket in debt. */
  async charge(limit: UpstreamLimit, amount: number): Promise<void> {
    await this.run(limit, amount, "charge");
  }

  /** Stops every taker of this bucket for `milliseconds`, e.g. after the upstream answered 429. */
  async pause(limit: UpstreamLimit, milliseconds: number): Promise<void> {
    this.#freeSince.delete(limit.name);
    this.#looks.delete(limit.name);
    await this.run(limit, milliseconds, "pause");
  }
}
