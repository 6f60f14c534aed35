import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it, vi } from "vitest";
import { FleetRateLimiter, PAUSE_CHECK_INTERVAL_MS } from "./fleet-rate-limiter.js";
import { limitChatModel } from "./rate-limited-upstreams.js";

const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
const prefix = `test-limiter-${randomBytes(4).toString("hex")}`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe("FleetRateLimiter", () => {
  it("lets a minute's allowance through at once, then makes the next caller wait", async () => {
    const limiter = new FleetRateLimiter(redis, prefix);
    const limit = { name: "model-requests", perMinute: 60 };
    for (let index = 0; index < 60; index += 1) await limiter.acquire(limit, 1);
    await expect(limiter.acquire(limit, 1, AbortSignal.timeout(200))).rejects.toBeDefined();
  });

  it("is shared by every limiter on the same Redis, as a fleet of workers is", async () => {
    const first = new FleetRateLimiter(redis, prefix);
    const second = new FleetRateLimiter(new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"), prefix);
    const limit = { name: "search-requests", perMinute: 10 };
    for (let index = 0; index < 10; index += 1) await first.acquire(limit, 1);
    await expect(second.acquire(limit, 1, AbortSignal.timeout(200))).rejects.toBeDefined();
  });

  it("holds every taker while an upstream's 429 pause lasts", async () => {
    const limiter = new FleetRateLimiter(redis, prefix);
    const limit = { name: "paused-upstream", perMinute: 1_000 };
    await limiter.pause(limit, 5_000);
    await expect(limiter.acquire(limit, 1, AbortSignal.timeout(200))).rejects.toBeDefined();
  });

  it("charges use known only afterwards, so the next call waits for the debt", async () => {
    const limiter = new FleetRateLimiter(redis, prefix);
    const limit = { name: "model-tokens", perMinute: 6_000 };
    await limiter.charge(limit, 12_000);
    await expect(limiter.acquire(limit, 0, AbortSignal.timeout(200))).rejects.toBeDefined();
  });
});

describe("FleetRateLimiter with no allowance set (unlimited)", () => {
  it("holds this worker at once after its own pause", async () => {
    const limiter = new FleetRateLimiter(redis, prefix);
    const limit = { name: "unlimited-own-pause", perMinute: 0 };
    await limiter.acquire(limit, 1);
    await limiter.pause(limit, 5_000);
    await expect(limiter.acquire(limit, 1, AbortSignal.timeout(200))).rejects.toBeDefined();
  });

  it("asks Redis once for the callers that arrive while a look is under way", async () => {
    const client = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
    const limiter = new FleetRateLimiter(client, prefix);
    const looks = vi.spyOn(client, "evalsha");
    const limit = { name: "unlimited-shared-look", perMinute: 0 };
    await Promise.all(Array.from({ length: 20 }, () => limiter.acquire(limit, 1)));
    expect(looks).toHaveBeenCalledTimes(1);
    client.disconnect();
  });

  it("holds another worker once its next look at the bucket is due", async () => {
    const pausing = new FleetRateLimiter(redis, prefix);
    const other = new FleetRateLimiter(new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"), prefix);
    const limit = { name: "unlimited-fleet-pause", perMinute: 0 };
    await other.acquire(limit, 1);
    await pausing.pause(limit, 10_000);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_CHECK_INTERVAL_MS + 50));
    await expect(other.acquire(limit, 1, AbortSignal.timeout(200))).rejects.toBeDefined();
  });
});

describe("limitChatModel", () => {
  it("returns a reply it has even when Redis goes away before the reply's tokens are charged", async () => {
    const client = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
    const limits = {
      modelRequestsPerMinute: 0,
      modelTokensPerMinute: 100_000,
      searchRequestsPerMinute: 0,
      maxRateLimitWaits: 0,
    };
    let calls = 0;
    const model = limitChatModel(
      {
        id: "model",
        async complete() {
          calls += 1;
          // Redis fails over (or restarts) while the model answers: the connection closes.
          client.disconnect();
          return { text: "the answer", usage: { promptTokens: 1_000, completionTokens: 20 } };
        },
      },
      new FleetRateLimiter(client, prefix),
      limits,
    );
    // The model's work is spent: its reply is the caller's, not an error that makes it ask again.
    await expect(model.complete({})).resolves.toMatchObject({ text: "the answer" });
    expect(calls).toBe(1);
  });
});
