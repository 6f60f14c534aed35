import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis, type RedisClient } from "./redis-connection.js";
import { RedisScript } from "./redis-script.js";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

describe("RedisScript", () => {
  let redis: RedisClient;
  const key = `redis-script-test:${randomBytes(4).toString("hex")}`;

  beforeAll(() => {
    redis = createRedis({ mode: "standalone", url: redisUrl }, "blocking");
  });
  afterAll(async () => {
    await redis.del(key);
    redis.disconnect();
  });

  it("runs a script Redis has never seen, and then by its hash alone", async () => {
    // A script unique to this run, so Redis cannot have it cached from earlier.
    const script = new RedisScript(`-- ${key}\nreturn redis.call('INCRBY', KEYS[1], ARGV[1])`);
    expect(await redis.script("EXISTS", script.sha)).toEqual([0]);
    expect(await script.run(redis, [key], [2])).toBe(2);
    expect(await redis.script("EXISTS", script.sha)).toEqual([1]);
    expect(await script.run(redis, [key], [3])).toBe(5);
  });

  it("passes the script's own errors through", async () => {
    const script = new RedisScript(`-- ${key} failing\nreturn redis.error_reply('BROKEN on purpose')`);
    await expect(script.run(redis, [], [])).rejects.toThrow(/BROKEN on purpose/);
  });
});
