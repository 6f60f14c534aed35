import { describe, expect, it } from "vitest";
import { ExtractedPageCache } from "./extracted-page-cache.js";
import { extractPage } from "./extract-page.js";

const page = (url: string) => extractPage({ url, contentType: "text/html", text: `<html><head><title>${url}</title></head><body><main><p>Hello.</p></main></body></html>` });

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
