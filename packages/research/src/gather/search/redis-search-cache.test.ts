import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSearchServer } from "../../../../testing/src/search/index.js";
import { CachedSearchProvider } from "./cached-search-provider.js";
import { RedisSearchCache } from "./redis-search-cache.js";
import { SearxngSearchProvider } from "./searxng-search-provider.js";

const hits = [
  {
    url: "https://ada.example/",
    title: "Ada",
    snippet: "Mathematician",
    rank: 1,
    provider: "searxng",
    publishedAt: "2024-05-01T00:00:00.000Z",
  },
  { url: "https://engine.example/", title: "Engine", snippet: "", rank: 2, provider: "searxng", publishedAt: null },
];

describe("RedisSearchCache", () => {
  let client: Redis;
  const keyPrefix = `test:search:${randomUUID()}:`;

  beforeAll(() => {
    client = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await client.keys(`${keyPrefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });

  it("stores hits under its prefix with an expiry and reads them back", async () => {
    const cache = new RedisSearchCache(client, { keyPrefix });
    expect(await cache.get("round-trip")).toBeUndefined();
    await cache.set("round-trip", hits, 120);
    expect(await cache.get("round-trip")).toEqual(hits);
    const [key] = await client.keys(`${keyPrefix}*round-trip`);
    expect(key).toBeDefined();
    const ttl = await client.ttl(key!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(120);
  });

  it("answers a caller with maxAgeSeconds only with hits stored within it", async () => {
    const cache = new RedisSearchCache(client, { keyPrefix });
    await cache.set("aged", hits, 120);
    const [key] = await client.keys(`${keyPrefix}*aged`);
    await client.set(key!, JSON.stringify({ storedAt: Date.now() - 90_000, hits }), "EX", 120);
    expect(await cache.get("aged")).toEqual(hits);
    expect(await cache.get("aged", { maxAgeSeconds: 120 })).toEqual(hits);
    expect(await cache.get("aged", { maxAgeSeconds: 60 })).toBeUndefined();
  });

  it("treats an unreadable entry as a miss", async () => {
    const cache = new RedisSearchCache(client, { keyPrefix });
    await cache.set("corrupt", hits, 120);
    const [key] = await client.keys(`${keyPrefix}*corrupt`);
    await client.set(key!, "{not json");
    expect(await cache.get("corrupt")).toBeUndefined();
    await client.set(key!, JSON.stringify([{ url: 1 }]));
    expect(await cache.get("corrupt")).toBeUndefined();
  });

  it("lets a second worker reuse the first worker's search", async () => {
    const fake = await startFakeSearchServer({
      provider: "searxng",
      search: () => [{ url: "https://ada.example/", title: "Ada", snippet: "Mathematician" }],
    });
    try {
      const worker = () =>
        new CachedSearchProvider(
          new SearxngSearchProvider({ baseUrl: fake.url }),
          new RedisSearchCache(client, { keyPrefix }),
        );
      const first = await worker().search("ada lovelace");
      const second = await worker().search("Ada Lovelace");
      expect(second).toEqual(first);
      expect(first).toHaveLength(1);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });
});
