import { RedisPageCache } from "@dossier/research";
import { freePort, hasRedisServer, type RedisServerProcess, redisCommand, startRedisServer } from "@dossier/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withBestEffortWrites } from "./best-effort-cache-writes.js";

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
    const bestEffort = withBestEffortWrites(cache, (error) => refused.push(error));
    await expect(bestEffort.set(page.url, page, 60)).resolves.toBeUndefined();
    expect(refused).toHaveLength(1);
    // Reads go on as before: a miss.
    expect(await bestEffort.get(page.url)).toBeUndefined();
  });
});
