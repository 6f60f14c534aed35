import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeSearchServer, startFakeSearchServer } from "../../../../testing/src/search/index.js";
import { BraveSearchProvider } from "./brave-search-provider.js";
import { parseRetryAfter } from "./request-search-json.js";
import { SearxngSearchProvider } from "./searxng-search-provider.js";
import { SerperSearchProvider } from "./serper-search-provider.js";
import { TavilySearchProvider } from "./tavily-search-provider.js";

const many = Array.from({ length: 40 }, (_, index) => ({
  url: `https://r${index}.example/`,
  title: `R${index}`,
  snippet: "",
}));

describe("search provider settings and vendor limits", () => {
  const servers: FakeSearchServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it.each([
    ["brave", (baseUrl: string) => new BraveSearchProvider({ apiKey: "k", baseUrl }), 20],
    ["tavily", (baseUrl: string) => new TavilySearchProvider({ apiKey: "k", baseUrl }), 20],
    ["serper", (baseUrl: string) => new SerperSearchProvider({ apiKey: "k", baseUrl }), 30],
  ] as const)("asks %s for no more results than it allows", async (name, make, expected) => {
    const fake = await startFakeSearchServer({ provider: name, apiKey: "k", search: () => many });
    servers.push(fake);
    const hits = await make(fake.url).search("many", { limit: 30 });
    expect(hits).toHaveLength(expected);
    expect(fake.requests[0]?.limit).toBe(expected);
  });

  it("refuses a missing API key or a base URL that is not http(s) before any request", () => {
    expect(() => new BraveSearchProvider({ apiKey: "" })).toThrow(
      expect.objectContaining({ code: "SEARCH_NOT_CONFIGURED" }),
    );
    expect(() => new TavilySearchProvider({ apiKey: "  " })).toThrow(
      expect.objectContaining({ code: "SEARCH_NOT_CONFIGURED" }),
    );
    expect(() => new SearxngSearchProvider({ baseUrl: "file:///etc" })).toThrow(
      expect.objectContaining({ code: "SEARCH_NOT_CONFIGURED" }),
    );
    expect(() => new SerperSearchProvider({ apiKey: "k", baseUrl: "not a url" })).toThrow(
      expect.objectContaining({ code: "SEARCH_NOT_CONFIGURED" }),
    );
  });

  it("rejects a limit that is not a positive integer", async () => {
    const provider = new SearxngSearchProvider({ baseUrl: "http://127.0.0.1:9" });
    await expect(provider.search("ada", { limit: 0 })).rejects.toBeInstanceOf(RangeError);
    await expect(provider.search("ada", { limit: 2.5 })).rejects.toBeInstanceOf(RangeError);
  });

  it("keeps a path prefix of the SearXNG base URL and does not follow redirects", async () => {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(request.url ?? "");
      response.writeHead(302, { location: "http://127.0.0.1:9/elsewhere" });
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const provider = new SearxngSearchProvider({ baseUrl: `http://127.0.0.1:${port}/searx/` });
      await expect(provider.search("ada")).rejects.toMatchObject({
        code: "SEARCH_PROVIDER_FAILED",
        message: expect.stringContaining("redirects are not followed"),
      });
      expect(seen).toEqual(["/searx/search?q=ada&format=json"]);
    } finally {
      server.close();
    }
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates, and nothing else", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Tue, 31 Dec 2024 23:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
