import { describe, expect, it } from "vitest";
import { extractPage } from "./extract-page.js";
import { ExtractedPageCache } from "./extracted-page-cache.js";

const page = (url: string) =>
  extractPage({
    url,
    contentType: "text/html",
    text: `<html><head><title>${url}</title></head><body><main><p>Hello.</p></main></body></html>`,
  });

describe("ExtractedPageCache", () => {
  it("returns the extraction of the same fetch, and not of another fetch of the same URL", () => {
    const cache = new ExtractedPageCache();
    const extracted = page("https://a.test/");
    cache.set("https://a.test/", "2026-11-21T10:00:00.000Z", extracted);
    expect(cache.get("https://a.test/", "2026-11-21T10:00:00.000Z")).toBe(extracted);
    expect(cache.get("https://a.test/", "2026-11-22T10:00:00.000Z")).toBeUndefined();
  });

  it("drops the least recently used page past its size", () => {
    const cache = new ExtractedPageCache(2);
    cache.set("https://a.test/", "t", page("https://a.test/"));
    cache.set("https://b.test/", "t", page("https://b.test/"));
    cache.get("https://a.test/", "t");
    cache.set("https://c.test/", "t", page("https://c.test/"));
    expect(cache.size).toBe(2);
    expect(cache.get("https://b.test/", "t")).toBeUndefined();
    expect(cache.get("https://a.test/", "t")).toBeDefined();
    expect(cache.get("https://c.test/", "t")).toBeDefined();
  });
});

describe("ExtractedPageCache.recent", () => {
  const fetchedAt = "2026-11-21T10:00:00.000Z";
  const fetchedAtMs = Date.parse(fetchedAt);

  it("serves a URL read recently, by the URL asked for, until the reuse period ends", () => {
    const cache = new ExtractedPageCache(500, { reuseForMs: 60_000 });
    const extracted = page("https://a.test/about");
    // Asked for over http, redirected to https.
    cache.set("https://a.test/about", fetchedAt, extracted, "http://a.test/about");
    expect(cache.recent("http://a.test/about", fetchedAtMs + 59_999)).toBe(extracted);
    expect(cache.recent("https://a.test/about", fetchedAtMs + 1)).toBeUndefined();
    expect(cache.recent("http://a.test/about", fetchedAtMs + 60_000)).toBeUndefined();
    // Once expired it stays gone, even for an earlier clock.
    expect(cache.recent("http://a.test/about", fetchedAtMs + 1)).toBeUndefined();
  });

  it("serves nothing without a reuse period, and nothing once the page itself was dropped", () => {
    const plain = new ExtractedPageCache();
    plain.set("https://a.test/", fetchedAt, page("https://a.test/"), "https://a.test/");
    expect(plain.recent("https://a.test/", fetchedAtMs + 1)).toBeUndefined();

    const small = new ExtractedPageCache(1, { reuseForMs: 60_000 });
    small.set("https://a.test/", fetchedAt, page("https://a.test/"), "https://a.test/");
    small.set("https://b.test/", fetchedAt, page("https://b.test/"), "https://b.test/");
    expect(small.recent("https://a.test/", fetchedAtMs + 1)).toBeUndefined();
    expect(small.recent("https://b.test/", fetchedAtMs + 1)?.url).toBe("https://b.test/");
  });

  it("follows a newer fetch of the same URL", () => {
    const cache = new ExtractedPageCache(500, { reuseForMs: 60_000 });
    cache.set("https://a.test/", fetchedAt, page("https://a.test/"), "https://a.test/");
    const newer = page("https://a.test/");
    cache.set("https://a.test/", "2026-11-21T10:00:30.000Z", newer, "https://a.test/");
    expect(cache.recent("https://a.test/", fetchedAtMs + 70_000)).toBe(newer);
  });
});

describe("ExtractedPageCache.extract", () => {
  const fetchedAt = "2026-11-21T10:00:00.000Z";

  it("parses a document once for jobs that ask for it at the same time, then serves the kept page", async () => {
    const cache = new ExtractedPageCache(500, { reuseForMs: 60_000 });
    let parses = 0;
    const produce = async () => {
      parses += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return page("https://a.test/about");
    };
    const pages = await Promise.all(
      Array.from({ length: 5 }, () => cache.extract("https://a.test/about", fetchedAt, produce, "http://a.test/about")),
    );
    expect(parses).toBe(1);
    expect(new Set(pages).size).toBe(1);
    expect(await cache.extract("https://a.test/about", fetchedAt, produce)).toBe(pages[0]);
    expect(parses).toBe(1);
    // The URL asked for is served from memory afterwards.
    expect(cache.recent("http://a.test/about", Date.parse(fetchedAt) + 1)).toBe(pages[0]);
    // Another fetch of the same URL is another document.
    await cache.extract("https://a.test/about", "2026-11-22T10:00:00.000Z", produce);
    expect(parses).toBe(2);
  });

  it("keeps nothing from a failed extraction, so the next job tries again", async () => {
    const cache = new ExtractedPageCache();
    const failing = async () => {
      throw new Error("unreadable");
    };
    await expect(cache.extract("https://a.test/", fetchedAt, failing)).rejects.toThrow("unreadable");
    expect(cache.size).toBe(0);
    const extracted = await cache.extract("https://a.test/", fetchedAt, async () => page("https://a.test/"));
    expect(extracted.url).toBe("https://a.test/");
  });
});
