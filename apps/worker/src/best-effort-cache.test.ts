import { RedisPageCache, RedisPageReads } from "@dossier/research";
import { freePort, hasRedisServer, type RedisServerProcess, redisCommand, startRedisServer } from "@dossier/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bestEffortPageReads, withBestEffortCache } from "./best-effort-cache.js";

const page = {
  url: "https://acme.test/about",
  requestedUrl: "https://acme.test/about",
  status: 200,
  contentType: "text/html",
  text: "<p>Acme makes anvils.</p>",
  fetchedAt: new Date().toISOString(),
  fromCache: false,
};

describe.skipIf(!(await hasRedisServer()))("a page cache whose Redis is full", () => {
  let server: RedisServerProcess;
  let redis: Redis;
  beforeAll(async () => {
    const port = await freePort();
    server = await startRedisServer(port, [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--maxmemory-policy",
      "noeviction",
    ]);
    redis = new Redis({ port, maxRetriesPerRequest: 1 });
    await redisCommand(port, "CONFIG", "SET", "maxmemory", "1");
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.stop("SIGKILL");
  });

  it("drops the write Redis refuses instead of failing the page's read, and says so", async () => {
    const cache = new RedisPageCache({ client: redis, keyPrefix: "test:page:" });
    await expect(cache.set(page.url, page, 60)).rejects.toThrow(/^OOM /);
    const refused: unknown[] = [];
    const bestEffort = withBestEffortCache(cache, (error) => refused.push(error));
    await expect(bestEffort.set(page.url, page, 60)).resolves.toBeUndefined();
    expect(refused).toHaveLength(1);
    // Reads go on as before: a miss.
    expect(await bestEffort.get(page.url)).toBeUndefined();
  });
});

describe.skipIf(!(await hasRedisServer()))("a page cache whose Redis went away", () => {
  let server: RedisServerProcess;
  let redis: Redis;
  beforeAll(async () => {
    const port = await freePort();
    server = await startRedisServer(port, ["--port", String(port), "--bind", "127.0.0.1", "--save", ""]);
    redis = new Redis({ port, maxRetriesPerRequest: 1 });
    redis.on("error", () => {});
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.stop("SIGKILL");
  });

  it("reads a miss and drops the write while the connection is gone, and still throws what is not Redis being away", async () => {
    const cache = new RedisPageCache({ client: redis, keyPrefix: "test:page:" });
    const bestEffort = withBestEffortCache(cache, () => {});
    // A value the cache cannot hold as a page: Redis answers WRONGTYPE, an error of the cache's own.
    await redis.hset("test:page:https://acme.test/broken", "field", "value");
    await expect(bestEffort.get("https://acme.test/broken")).rejects.toThrow(/WRONGTYPE/);
    const memory = bestEffortPageReads(
      new RedisPageReads({ client: redis, keyPrefix: "test:read:", ttlSeconds: 60 }).of("key-1"),
    );
    expect(await memory.noteRead(page.url)).toBe(false);
    expect(await memory.noteRead(page.url)).toBe(true);

    await server.stop("SIGKILL");
    await expect(cache.get(page.url)).rejects.toThrow();
    // The page is read from the web instead: no error reaches the research.
    expect(await bestEffort.get(page.url)).toBeUndefined();
    await expect(bestEffort.set(page.url, page, 60)).resolves.toBeUndefined();
    expect(await memory.noteRead(page.url)).toBe(false);
  });
});
