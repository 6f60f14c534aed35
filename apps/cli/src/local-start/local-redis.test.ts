import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, hasRedisServer } from "@dossier/testing";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { redisAnswers, startLocalRedis } from "./local-redis.js";

const folder = mkdtempSync(join(tmpdir(), "dossier-local-redis-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.skipIf(!(await hasRedisServer()))("the Redis that dossier start starts", () => {
  it("keeps its data in its folder across a stop and a start", async () => {
    const port = await freePort();
    const target = { mode: "standalone" as const, url: `redis://127.0.0.1:${port}` };
    expect(await redisAnswers(target, 500)).toBe(false);

    const first = await startLocalRedis({ port, folder: join(folder, "redis") });
    try {
      const client = new Redis(target.url);
      await client.set("dossier:apikeys-check", "kept");
      client.disconnect();
    } finally {
      await first.stop();
    }
    expect(await redisAnswers(target, 500)).toBe(false);

    const second = await startLocalRedis({ port, folder: join(folder, "redis") });
    try {
      const again = new Redis(target.url);
      expect(await again.get("dossier:apikeys-check")).toBe("kept");
      again.disconnect();
    } finally {
      await second.stop();
    }
  });
});
