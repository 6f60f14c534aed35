import { afterEach, describe, expect, it } from "vitest";
import { type FakeSearchServer, startFakeSearchServer } from "../../../../testing/src/search/index.js";
import { BraveSearchProvider } from "./brave-search-provider.js";
import { CachedSearchProvider, searchCacheKey } from "./cached-search-provider.js";
import { MemorySearchCache } from "./memory-search-cache.js";

const results = [
  { url: "https://ada.example/", title: "Ada", snippet: "Mathematician" },
  { url: "https://engine.example/", title: "Engine", snippet: "Analytical" },
];

async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 500 && !condition(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!condition()) throw new Error("condition not met");
}

describe("CachedSearchProvider", () => {
  const servers: FakeSearchServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function setUp(options: { latencyMs?: number; now?: () => number } = {}) {
    const fake = await startFakeSearchServer({
      provider: "brave",
      apiKey: "key",
      search: () => results,
      ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
    });
    servers.push(fake);
    const cache = new MemorySearchCache(options.now === undefined ? {} : { now: options.now });
    const inner = new BraveSearchProvider({ apiKey: "key", baseUrl: fake.url });
    return { fake, cache, inner, provider: new CachedSearchProvider(inner, cache, { ttlSeconds: 60 }) };
  }

  it("answers a repeated search from the cache, whatever its case and spacing", async () => {
    const { fake, provider } = await setUp();
    const first = await provider.search("Ada  Lovelace");
    const second = await provider.search("  ada lovelace ");
    expect(second).toEqual(first);
    expect(first.map((hit) => hit.url)).toEqual(["https://ada.example/", "https://engine.example/"]);
    expect(provider.id).toBe("brave");
    expect(fake.requests).toHaveLength(1);
  });

  it("asks the provider again for a caller whose maxAgeSeconds the cached hits exceed, and caches the fresh ones", async () => {
    let now = 1_000_000;
    const { fake, provider } = await setUp({ now: () => now });
    await provider.search("ada");
    now += 30_000;
    await provider.search("ada", { maxAgeSeconds: 60 });
    expect(fake.requests).toHaveLength(1);
    await provider.search("ada", { maxAgeSeconds: 10 });
    expect(fake.requests).toHaveLength(2);
    await provider.search("ada", { maxAgeSeconds: 0 });
    expect(fake.requests).toHaveLength(3);
    // The fresh answer replaced the old one for everybody.
    now += 5_000;
    await provider.search("ada", { maxAgeSeconds: 10 });
    expect(fake.requests).toHaveLength(3);
  });

  it("never lets a caller who wants fresh hits join a search that may answer from the cache", async () => {
    const { fake, provider } = await setUp({ latencyMs: 100 });
    await Promise.all([provider.search("ada"), provider.search("ada", { maxAgeSeconds: 0 })]);
    expect(fake.requests).toHaveLength(2);
  });

  it("keeps different limits apart", async () => {
    const { fake, provider } = await setUp();
    await provider.search("ada", { limit: 1 });
    await provider.search("ada", { limit: 2 });
    expect(fake.requests.map((request) => request.limit)).toEqual([1, 2]);
  });

  it("does not cache errors", async () => {
    const { fake, provider } = await setUp();
    fake.setBehaviour("status-500");
    await expect(provider.search("ada")).rejects.toMatchObject({ code: "SEARCH_PROVIDER_FAILED" });
    fake.setBehaviour("ok");
    await expect(provider.search("ada")).resolves.toHaveLength(2);
    expect(fake.requests).toHaveLength(2);
  });

  it("shares one upstream call between identical searches running at once", async () => {
    const { fake, provider } = await setUp({ latencyMs: 100 });
    const answers = await Promise.all([provider.search("ada"), provider.search("ADA"), provider.search("ada")]);
    expect(fake.requests).toHaveLength(1);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it("lets one caller abort without cancelling the call another caller still waits on", async () => {
    const { fake, provider } = await setUp({ latencyMs: 200 });
    const controller = new AbortController();
    const leaving = provider.search("ada", { signal: controller.signal });
    const staying = provider.search("ada");
    await until(() => fake.requests.length === 1);
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ name: "AbortError" });
    await expect(staying).resolves.toHaveLength(2);
    expect(fake.requests).toHaveLength(1);
  });

  it("cancels the upstream call once every caller has aborted, and starts afresh afterwards", async () => {
    const { fake, provider } = await setUp();
    fake.setBehaviour("hang");
    const first = new AbortController();
    const second = new AbortController();
    const pending = [
      provider.search("ada", { signal: first.signal }),
      provider.search("ada", { signal: second.signal }),
    ];
    await until(() => fake.requests.length === 1);
    first.abort();
    second.abort();
    for (const search of pending) await expect(search).rejects.toMatchObject({ name: "AbortError" });
    fake.setBehaviour("ok");
    await expect(provider.search("ada")).resolves.toHaveLength(2);
    expect(fake.requests).toHaveLength(2);
  });

  it("searches again once the time to live has passed", async () => {
    let now = Date.parse("2025-01-01T00:00:00Z");
    const { fake, provider } = await setUp({ now: () => now });
    await provider.search("ada");
    now += 59_000;
    await provider.search("ada");
    expect(fake.requests).toHaveLength(1);
    now += 2_000;
    await provider.search("ada");
    expect(fake.requests).toHaveLength(2);
  });

  it("hands each caller its own copy of the hits", async () => {
    const { provider } = await setUp();
    const first = await provider.search("ada");
    first[0]!.title = "changed by a caller";
    const second = await provider.search("ada");
    expect(second[0]!.title).toBe("Ada");
  });

  it("keys by provider, limit and normalized query", () => {
    expect(searchCacheKey("brave", "Ada   LOVELACE", 8)).toBe(searchCacheKey("brave", "ada lovelace", 8));
    expect(searchCacheKey("brave", "ada lovelace", 8)).not.toBe(searchCacheKey("serper", "ada lovelace", 8));
    expect(searchCacheKey("brave", "ada lovelace", 8)).not.toBe(searchCacheKey("brave", "ada lovelace", 9));
    expect(searchCacheKey("brave", "ada lovelace", 8)).not.toBe(searchCacheKey("brave", "ada byron", 8));
  });
});

describe("MemorySearchCache", () => {
  it("drops the least recently used entry beyond its size", async () => {
    const cache = new MemorySearchCache({ maxEntries: 2 });
    const hits = [
      { url: "https://a.example/", title: "a", snippet: "", rank: 1, provider: "brave", publishedAt: null },
    ];
    await cache.set("one", hits, 60);
    await cache.set("two", hits, 60);
    await cache.get("one");
    await cache.set("three", hits, 60);
    expect(await cache.get("one")).toEqual(hits);
    expect(await cache.get("two")).toBeUndefined();
    expect(await cache.get("three")).toEqual(hits);
  });
});
