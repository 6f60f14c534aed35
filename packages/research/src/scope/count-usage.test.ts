import { describe, expect, it } from "vitest";
import { countPageRead, type EvidenceUsage, type PageReadMemory } from "./count-usage.js";

/** A caller's memory of pages read, kept in a set. */
function memoryOf(readBefore: string[]): PageReadMemory {
  const read = new Set(readBefore);
  return {
    async noteRead(url) {
      const before = read.has(url);
      read.add(url);
      return before;
    },
  };
}

const fresh = (): EvidenceUsage => ({ searches: 0, pagesFetched: 0, pagesFromCache: 0, pagesNotModified: 0 });

describe("countPageRead", () => {
  it("counts a cached page as from the cache only when the caller read it before", async () => {
    const usage = fresh();
    const memory = memoryOf(["https://acme.example/"]);
    await countPageRead(usage, memory, "https://acme.example/", true);
    await countPageRead(usage, memory, "https://acme.example/about", true);
    expect(usage).toMatchObject({ pagesFromCache: 1, pagesFetched: 1 });
    // Read now, the second page counts as the caller's own next time.
    await countPageRead(usage, memory, "https://acme.example/about", true);
    expect(usage).toMatchObject({ pagesFromCache: 2, pagesFetched: 1 });
  });

  it("notes a page read from the web, so that the caller's next read of it from the cache counts as cached", async () => {
    const usage = fresh();
    const memory = memoryOf([]);
    await countPageRead(usage, memory, "https://acme.example/", false);
    await countPageRead(usage, memory, "https://acme.example/", true);
    expect(usage).toMatchObject({ pagesFromCache: 1, pagesFetched: 1 });
  });

  it("counts a cached page as fetched when the memory cannot answer, and as cached when no memory is kept", async () => {
    const usage = fresh();
    const failing: PageReadMemory = { noteRead: () => Promise.reject(new Error("OOM command not allowed")) };
    await countPageRead(usage, failing, "https://acme.example/", true);
    expect(usage).toMatchObject({ pagesFromCache: 0, pagesFetched: 1 });
    await countPageRead(usage, undefined, "https://acme.example/", true);
    expect(usage).toMatchObject({ pagesFromCache: 1, pagesFetched: 1 });
  });
});
