import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryPageCache, type PageCache } from "./page-cache.js";
import type { FetchedPage } from "./page-fetcher.js";
import { RedisPageCache } from "./redis-page-cache.js";

const page: FetchedPage = {
  url: "https://acme.test/about",
  requestedUrl: "https://acme.test/about-us",
  status: 200,
  contentType: "text/html",
  text: "<h1>About Acme</h1><p>Zoë – ✓</p>",
  fetchedAt: "2025-01-02T03:04:05.000Z",
  fromCache: false,
};

/** The behaviour every page cache shares; `expire` makes stored entries older than `seconds`. */
function pageCacheContract(
  name: string,
  setup: () => { cache: PageCache; expire: (seconds: number) => Promise<void> },
) {
  describe(`${name} page cache`, () => {
    it("returns what was stored, and nothing for other URLs", async () => {
      const { cache } = setup();
      await cache.set("https://acme.test/about-us", page, 60);
      expect(await cache.get("https://acme.test/about-us")).toEqual(page);
      expect(await cache.get("https://acme.test/other")).toBeUndefined();
    });

    it("forgets an entry once its time to live has passed", async () => {
      const { cache, expire } = setup();
      await cache.set("https://acme.test/short", page, 1);
      await expire(2);
      expect(await cache.get("https://acme.test/short")).toBeUndefined();
    });
  });
}

let clock = 0;
pageCacheContract("memory", () => {
  const cache = new MemoryPageCache({ now: () => clock });
  return {
    cache,
    expire: async (seconds) => {
      clock += seconds * 1000;
    },
  };
});

const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;

describe.skipIf(!hasRedis)("redis", () => {
  let directory: string;
  let server: ChildProcess;
  let client: Redis;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), "dossier-page-cache-"));
    const socket = join(directory, "redis.sock");
    server = spawn("redis-server", ["--port", "0", "--unixsocket", socket, "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    for (let attempt = 0; !existsSync(socket) && attempt < 100; attempt += 1) await sleep(50);
    client = new Redis({ path: socket, lazyConnect: true });
    await client.connect();
  });

  afterAll(async () => {
    await client?.quit();
    server?.kill();
    rmSync(directory, { recursive: true, force: true });
  });

  pageCacheContract("redis", () => ({
    cache: new RedisPageCache({ client, keyPrefix: "test:page:" }),
    expire: async (seconds) => {
      for (const key of await client.keys("test:page:*")) await client.pexpire(key, 1);
      await sleep(seconds === 0 ? 0 : 20);
    },
  }));

  it("keeps entries under its key prefix with the requested time to live", async () => {
    await new RedisPageCache({ client, keyPrefix: "dossier:page:" }).set("https://acme.test/", page, 86_400);
    expect(await client.ttl("dossier:page:https://acme.test/")).toBeGreaterThan(86_000);
    expect(JSON.parse((await client.get("dossier:page:https://acme.test/")) ?? "null")).toEqual(page);
  });

  it("treats a value it cannot read as a miss", async () => {
    await client.set("test:page:https://acme.test/broken", "not json");
    expect(
      await new RedisPageCache({ client, keyPrefix: "test:page:" }).get("https://acme.test/broken"),
    ).toBeUndefined();
  });
});
