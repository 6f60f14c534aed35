import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { daysBetween, nextMonthStart } from "./usage-calendar.js";
import { admitCalls, readUsageReport, recordRunUsage } from "./usage-ledger.js";

const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
const prefix = `test-usage-${randomBytes(4).toString("hex")}`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const march = Date.parse("2025-03-14T10:00:00Z");
const run = {
  modelCalls: 1,
  promptTokens: 900,
  completionTokens: 100,
  searches: 2,
  pagesFetched: 5,
  pagesFromCache: 1,
  pagesNotModified: 3,
};

describe("the usage calendar", () => {
  it("starts the next month at 00:00 UTC, across a year's end", () => {
    expect(new Date(nextMonthStart(march)).toISOString()).toBe("2025-04-01T00:00:00.000Z");
    expect(new Date(nextMonthStart(Date.parse("2025-12-31T23:59:59Z"))).toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });

  it("lists every day of a period, month ends and leap days included", () => {
    expect(daysBetween("2024-02-28", "2024-03-01")).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
  });
});

describe("admitCalls", () => {
  it("lets calls through up to the monthly call limit and refuses the rest without counting them", async () => {
    const limits = { monthlyCalls: 3, monthlyTokens: null };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => admitCalls(redis, prefix, "key-calls", { count: 1, limits, now: march })),
    );
    expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(3);
    expect(outcomes.find((outcome) => !outcome.allowed)).toMatchObject({
      exceeded: "calls",
      calls: 3,
      resetsAtMs: Date.parse("2025-04-01T00:00:00Z"),
    });
    // A new month starts from zero.
    expect(
      await admitCalls(redis, prefix, "key-calls", { count: 1, limits, now: Date.parse("2025-04-01T00:00:01Z") }),
    ).toMatchObject({ allowed: true, calls: 1 });
  });

  it("refuses a call once the month's tokens are at the limit, and a batch whose estimate would pass it", async () => {
    const limits = { monthlyCalls: null, monthlyTokens: 2_000 };
    expect(await admitCalls(redis, prefix, "key-tokens", { count: 1, limits, now: march })).toMatchObject({
      allowed: true,
    });
    await recordRunUsage(redis, prefix, "key-tokens", run, march);
    expect(
      await admitCalls(redis, prefix, "key-tokens", { count: 2, limits, estimatedTokens: 1_500, now: march }),
    ).toMatchObject({ allowed: false, exceeded: "tokens", tokens: 1_000 });
    expect(await admitCalls(redis, prefix, "key-tokens", { count: 1, limits, now: march })).toMatchObject({
      allowed: true,
    });
    await recordRunUsage(redis, prefix, "key-tokens", run, march);
    expect(await admitCalls(redis, prefix, "key-tokens", { count: 1, limits, now: march })).toMatchObject({
      allowed: false,
      exceeded: "tokens",
      tokens: 2_000,
    });
  });
});

describe("admitCalls once", () => {
  it("counts a charge once however often it is made, and notes it only when it was let through", async () => {
    const limits = { monthlyCalls: 2, monthlyTokens: null };
    const watch = `${prefix}:watch:w-once`;
    await redis.hset(watch, "id", "w-once");
    const charge = (runId: string) =>
      admitCalls(redis, prefix, "key-once", {
        count: 1,
        limits,
        now: march,
        once: { key: watch, field: "chargedRun", value: runId },
      });
    expect(await charge("run-1")).toMatchObject({ allowed: true, calls: 1 });
    // Made again (after a failover, or by a run taken over): allowed, not counted.
    expect(await charge("run-1")).toMatchObject({ allowed: true, calls: 1 });
    expect(await charge("run-2")).toMatchObject({ allowed: true, calls: 2 });
    expect(await charge("run-3")).toMatchObject({ allowed: false, exceeded: "calls", calls: 2 });
    expect(await redis.hget(watch, "chargedRun")).toBe("run-2");
    expect(await charge("run-2")).toMatchObject({ allowed: true, calls: 2 });
  });

  it("notes a charge in a hash it makes only when given the hash's lifetime", async () => {
    const gone = `${prefix}:watch:w-gone`;
    const list = `${prefix}:list:l-once`;
    const charge = (once: { key: string; field: string; value: string; ttlSeconds?: number }) =>
      admitCalls(redis, prefix, "key-once-made", { count: 1, limits: undefined, now: march, once });
    expect(await charge({ key: gone, field: "chargedRun", value: "run-1" })).toMatchObject({ calls: 1 });
    expect(await redis.exists(gone)).toBe(0);
    expect(await charge({ key: list, field: "charged", value: "1", ttlSeconds: 600 })).toMatchObject({ calls: 2 });
    expect(await charge({ key: list, field: "charged", value: "1", ttlSeconds: 600 })).toMatchObject({ calls: 2 });
    expect(await redis.ttl(list)).toBeGreaterThan(590);
  });
});

describe("readUsageReport", () => {
  it("gives every day of the period with its counters, the total and the month's standing", async () => {
    await admitCalls(redis, prefix, "key-report", { count: 2, limits: undefined, now: march });
    await recordRunUsage(redis, prefix, "key-report", run, march);
    const report = await readUsageReport(redis, prefix, "key-report", {
      from: "2025-03-13",
      to: "2025-03-15",
      limits: { monthlyCalls: 100, monthlyTokens: null },
      now: march,
    });
    expect(report.days.map((day) => day.date)).toEqual(["2025-03-13", "2025-03-14", "2025-03-15"]);
    expect(report.days[0]).toMatchObject({ calls: 0, runs: 0, promptTokens: 0 });
    expect(report.days[1]).toEqual({ date: "2025-03-14", calls: 2, runs: 1, ...run });
    expect(report.total).toEqual({ calls: 2, runs: 1, ...run });
    expect(report.quota).toEqual({
      month: "2025-03",
      calls: 2,
      tokens: 1_000,
      monthlyCalls: 100,
      monthlyTokens: null,
      resetsAt: "2025-04-01T00:00:00.000Z",
    });
  });
});
