import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis, type RedisClient } from "../redis-connection.js";
import { onDemandRunJobIds, scheduleOffsetMs, WatchSchedule } from "./watch-schedule.js";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const HOUR_MS = 3_600_000;

describe("WatchSchedule", () => {
  let connection: RedisClient;
  let schedule: WatchSchedule;
  const prefix = `test-watch-schedule-${randomBytes(4).toString("hex")}`;

  beforeAll(() => {
    connection = createRedis({ mode: "standalone", url: redisUrl }, "blocking", { pipelining: false });
    schedule = new WatchSchedule({ prefix, queueConnection: connection });
  });
  afterAll(async () => {
    await schedule.close();
    let cursor = "0";
    do {
      const [next, keys] = await connection.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      if (keys.length > 0) await connection.del(...keys);
      cursor = next;
    } while (cursor !== "0");
    connection.disconnect();
  });

  it("places each watch at an offset of its own, the same every time, inside its interval", () => {
    expect(scheduleOffsetMs("w-abc", HOUR_MS)).toBe(scheduleOffsetMs("w-abc", HOUR_MS));
    expect(scheduleOffsetMs("w-abc", HOUR_MS)).not.toBe(scheduleOffsetMs("w-abd", HOUR_MS));
    for (let index = 0; index < 1_000; index += 1) {
      const offset = scheduleOffsetMs(`w-${index}`, HOUR_MS);
      expect(offset).toBeGreaterThanOrEqual(1);
      expect(offset).toBeLessThan(HOUR_MS);
    }
  });

  it("spreads a thousand hourly watches made at once over the hour, one scheduler and one due run each", async () => {
    const ids = Array.from({ length: 1_000 }, (_, index) => `w-spread-${index}`);
    const before = Date.now();
    for (let start = 0; start < ids.length; start += 100)
      await Promise.all(ids.slice(start, start + 100).map((id) => schedule.schedule(id, 3_600)));
    const schedulers = await schedule.queue.getJobSchedulers(0, -1);
    expect(schedulers).toHaveLength(1_000);
    expect(await schedule.queue.getDelayedCount()).toBe(1_000);

    // Every watch's next run falls within the coming hour, at its own offset.
    const minutes = new Array<number>(60).fill(0);
    for (const scheduler of schedulers) {
      expect(scheduler.every).toBe(HOUR_MS);
      expect(scheduler.next!).toBeGreaterThan(before - 1_000);
      expect(scheduler.next!).toBeLessThanOrEqual(Date.now() + HOUR_MS);
      expect(scheduler.next! % HOUR_MS).toBe(scheduleOffsetMs(scheduler.key, HOUR_MS) % HOUR_MS);
      minutes[Math.floor((scheduler.next! % HOUR_MS) / 60_000)]! += 1;
    }
    // About 17 a minute; at once, all 1,000 would be in one minute.
    expect(Math.max(...minutes)).toBeLessThanOrEqual(40);
    expect(Math.min(...minutes)).toBeGreaterThanOrEqual(3);
  });

  it("keeps one scheduler per watch when the schedules are made again (a restart), and the same due times", async () => {
    const ids = Array.from({ length: 50 }, (_, index) => `w-spread-${index}`);
    const dueBefore = await Promise.all(ids.map((id) => schedule.nextRunAt(id)));
    await Promise.all(ids.map((id) => schedule.schedule(id, 3_600)));
    expect(await schedule.queue.getJobSchedulersCount()).toBe(1_000);
    expect(await schedule.queue.getDelayedCount()).toBe(1_000);
    expect(await Promise.all(ids.map((id) => schedule.nextRunAt(id)))).toEqual(dueBefore);
  });

  it("moves a watch to a new interval when it is scheduled with another one", async () => {
    await schedule.schedule("w-spread-7", 86_400);
    const scheduler = await schedule.queue.getJobScheduler("w-spread-7");
    expect(scheduler?.every).toBe(86_400_000);
    expect(scheduler!.next! % 86_400_000).toBe(scheduleOffsetMs("w-spread-7", 86_400_000));
    expect(await schedule.queue.getDelayedCount()).toBe(1_000);
  });

  it("queues one run on demand at a time, and removes a watch's scheduler, next run and run waiting", async () => {
    await schedule.runNow("w-spread-3", "manual");
    await schedule.runNow("w-spread-3", "manual");
    expect(await schedule.queue.getWaitingCount()).toBe(1);
    expect((await schedule.queue.getJob(onDemandRunJobIds("w-spread-3")[0]))?.data).toEqual({
      watchId: "w-spread-3",
      trigger: "manual",
    });

    await schedule.unschedule("w-spread-3");
    expect(await schedule.queue.getJobScheduler("w-spread-3")).toBeUndefined();
    expect(await schedule.nextRunAt("w-spread-3")).toBeNull();
    expect(await schedule.queue.getWaitingCount()).toBe(0);
    expect(await schedule.queue.getDelayedCount()).toBe(999);
    expect(await schedule.queue.getJobSchedulersCount()).toBe(999);
  });
});
