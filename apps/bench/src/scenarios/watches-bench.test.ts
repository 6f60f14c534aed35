import { randomBytes } from "node:crypto";
import { createRedis, type RedisClient, WatchSchedule } from "@dossier/queue";
import { deleteKeysWithPrefix } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dueInWindow } from "./watches-bench.js";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const HOUR_MS = 3_600_000;

describe("dueInWindow", () => {
  let connection: RedisClient;
  let schedule: WatchSchedule;
  const prefix = `test-watches-bench-${randomBytes(4).toString("hex")}`;

  beforeAll(() => {
    connection = createRedis({ mode: "standalone", url: redisUrl }, "blocking", { pipelining: false });
    schedule = new WatchSchedule({ prefix, queueConnection: connection });
  });
  afterAll(async () => {
    await schedule.close();
    await deleteKeysWithPrefix(connection, prefix);
    connection.disconnect();
  });

  it("finds the due time BullMQ gives each watch's next run, and its job by id", async () => {
    const ids = Array.from({ length: 20 }, (_, index) => `w-bench-${index}`);
    const now = Date.now();
    for (const id of ids) await schedule.schedule(id, HOUR_MS / 1000);
    const due = dueInWindow(ids, now, now + HOUR_MS);
    expect(due.size).toBe(ids.length);
    for (const id of ids) {
      const next = await schedule.nextRunAt(id);
      expect(due.get(id)).toBe(next);
      expect(await (await schedule.queue.getJob(`repeat:${id}:${next}`))?.getState()).toBe("delayed");
    }
    // A window shorter than the hour holds only the runs due in it.
    const firstMinute = dueInWindow(ids, now, now + 60_000);
    for (const [id, at] of firstMinute) expect(at).toBe(due.get(id));
    expect([...due.values()].filter((at) => at < now + 60_000)).toHaveLength(firstMinute.size);
  });
});
