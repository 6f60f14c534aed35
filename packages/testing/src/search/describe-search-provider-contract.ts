import { afterEach, describe, expect, it } from "vitest";
import type { FakeSearchProviderName, FakeSearchResult } from "./fake-search-wire.js";
import {
  FAKE_SEARCH_RETRY_AFTER_SECONDS,
  type FakeSearchBehaviour,
  type FakeSearchServer,
  startFakeSearchServer,
} from "./start-fake-search-server.js";

/** The part of research's `SearchProvider` the contract exercises (kept structural: no dependency on research). */
export interface ContractSearchProvider {
  readonly id: string;
  search(
    query: string,
    options?: {
      signal?: AbortSignal;
      limit?: number;
      includeDomains?: readonly string[];
      excludeDomains?: readonly string[];
    },
  ): Promise<
    Array<{ url: string; title: string; snippet: string; rank: number; provider: string; publishedAt?: string | null }>
  >;
}

/** What the contract hands to `makeProvider` for each case. */
export interface SearchProviderContractSettings {
  /** Base URL of the fake vendor server started for the case. */
  baseUrl: string;
  /** API key to configure (ignored by providers without one). */
  apiKey: string;
  /** Time-out to configure, in milliseconds; small in the time-out case. */
  timeoutMs: number;
}

const RIGHT_KEY = "contract-key-5f3a9c7e";
const WRONG_KEY = "contract-wrong-key-81b2d4";

function numbered(count: number): FakeSearchResult[] {
  return Array.from({ length: count }, (_, index) => ({
    url: `https://site-${index + 1}.example/page`,
    title: `Result ${index + 1}`,
    snippet: `Snippet ${index + 1}`,
  }));
}

async function rejectionOf(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error("expected the search to fail, but it returned hits");
}

async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 500 && !condition(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!condition()) throw new Error("condition not met");
}

/**
 * The behaviour every `SearchProvider` adapter must show against its vendor's fake server.
 * Call it from one small test file per adapter.
 */
export function describeSearchProviderContract(
  name: FakeSearchProviderName,
  makeProvider: (settings: SearchProviderContractSettings) => ContractSearchProvider,
): void {
  const hasApiKey = name !== "searxng";

  describe(`${name} search provider contract`, () => {
    const servers: FakeSearchServer[] = [];
    afterEach(async () => {
      await Promise.all(servers.splice(0).map((server) => server.close()));
    });

    async function setUp(
      results: FakeSearchResult[] | ((query: string, limit: number) => FakeSearchResult[]),
      settings: Partial<SearchProviderContractSettings> = {},
    ) {
      const fake = await startFakeSearchServer({
        provider: name,
        apiKey: RIGHT_KEY,
        search: typeof results === "function" ? results : () => results,
      });
      servers.push(fake);
      const provider = makeProvider({ baseUrl: fake.url, apiKey: RIGHT_KEY, timeoutMs: 5_000, ...settings });
      return { fake, provider };
    }

    async function failureWith(behaviour: FakeSearchBehaviour, settings: Partial<SearchProviderContractSettings> = {}) {
      const { fake, provider } = await setUp(numbered(3), settings);
      fake.setBehaviour(behaviour);
      return { fake, error: await rejectionOf(provider.search("ada lovelace")) };
    }

    it("maps the vendor's results to hits in rank order", async () => {
      const { fake, provider } = await setUp([
        {
          url: "https://ada.example/bio",
          title: "Ada Lovelace",
          snippet: "Mathematician",
          publishedAt: "2024-05-01T00:00:00.000Z",
        },
        { url: "https://engine.example/", title: "Analytical Engine", snippet: "A design" },
        { url: "http://notes.example/g", title: "Note G", snippet: "The first program" },
      ]);
      const hits = await provider.search("ada lovelace", { limit: 5 });
      expect(hits).toEqual([
        {
          url: "https://ada.example/bio",
          title: "Ada Lovelace",
          snippet: "Mathematician",
          rank: 1,
          provider: name,
          publishedAt: "2024-05-01T00:00:00.000Z",
        },
        {
          url: "https://engine.example/",
          title: "Analytical Engine",
          snippet: "A design",
          rank: 2,
          provider: name,
          publishedAt: null,
        },
        {
          url: "http://notes.example/g",
          title: "Note G",
          snippet: "The first program",
          rank: 3,
          provider: name,
          publishedAt: null,
        },
      ]);
      expect(provider.id).toBe(name);
      expect(fake.requests).toHaveLength(1);
    });

    it("sends the query to the vendor unchanged", async () => {
      const { fake, provider } = await setUp([]);
      const query = `"Ada Lovelace" & Babbage/Engine ?#100% — Müller`;
      await provider.search(query);
      expect(fake.requests.map((request) => request.query)).toEqual([query]);
    });

    it("keeps to the wanted domains and their subdomains, telling the vendor in its own terms", async () => {
      const { fake, provider } = await setUp([
        { url: "https://acme.example/about", title: "About Acme", snippet: "a" },
        { url: "https://elsewhere.example/acme", title: "Elsewhere", snippet: "b" },
        { url: "https://news.acme.example/2024", title: "Acme news", snippet: "c" },
        { url: "https://jobs.acme.example/", title: "Acme jobs", snippet: "d" },
        { url: "https://www.press.example/acme", title: "Press", snippet: "e" },
      ]);
      const hits = await provider.search("acme funding", {
        includeDomains: ["acme.example", "press.example"],
        excludeDomains: ["jobs.acme.example"],
      });
      expect(hits.map((hit) => hit.url)).toEqual([
        "https://acme.example/about",
        "https://news.acme.example/2024",
        "https://www.press.example/acme",
      ]);
      expect(fake.requests.at(-1)).toMatchObject({
        terms: "acme funding",
        includeDomains: ["acme.example", "press.example"],
        excludeDomains: ["jobs.acme.example"],
      });
      await provider.search("acme funding", { excludeDomains: ["acme.example"] });
      expect(fake.requests.at(-1)).toMatchObject({ includeDomains: [], excludeDomains: ["acme.example"] });
    });

    it("honours the limit, and returns 8 hits when none is given", async () => {
      const { fake, provider } = await setUp(numbered(15));
      const five = await provider.search("many results", { limit: 5 });
      expect(five.map((hit) => hit.rank)).toEqual([1, 2, 3, 4, 5]);
      expect(five.map((hit) => hit.url)).toEqual(numbered(5).map((result) => result.url));
      const byDefault = await provider.search("many results");
      expect(byDefault).toHaveLength(8);
      if (hasApiKey) expect(fake.requests.map((request) => request.limit)).toEqual([5, 8]);
    });

    it("returns an empty list when the vendor has no results", async () => {
      const { provider } = await setUp([]);
      await expect(provider.search("nothing matches this")).resolves.toEqual([]);
    });

    it("keeps only http(s) URLs, drops repeated URLs and strips HTML from titles and snippets", async () => {
      const { provider } = await setUp([
        { url: "javascript:alert(1)", title: "Script", snippet: "x" },
        {
          url: "https://ada.example/a",
          title: "<b>Ada</b> &amp; Charles",
          snippet: "<strong>Ada</strong> wrote\n <em>Note G</em>",
        },
        { url: "https://ada.example/a#section", title: "Same page again", snippet: "y" },
        { url: "ftp://files.example/ada.txt", title: "FTP", snippet: "z" },
        { url: "/relative/path", title: "Relative", snippet: "z" },
        { url: "https://ada.example/b", title: "Second", snippet: "" },
      ]);
      const hits = await provider.search("ada");
      expect(hits.map(({ url, title, snippet, rank }) => ({ url, title, snippet, rank }))).toEqual([
        { url: "https://ada.example/a", title: "Ada & Charles", snippet: "Ada wrote Note G", rank: 1 },
        { url: "https://ada.example/b", title: "Second", snippet: "", rank: 2 },
      ]);
    });

    it("turns a 500 into a retryable SEARCH_PROVIDER_FAILED naming the provider and origin", async () => {
      const { fake, error } = await failureWith("status-500");
      expect(error).toMatchObject({ code: "SEARCH_PROVIDER_FAILED", retryable: true });
      expect(error.message).toContain(name);
      expect(error.message).toContain(new URL(fake.url).origin);
    });

    it("turns a 429 into SEARCH_PROVIDER_RATE_LIMITED with the Retry-After seconds", async () => {
      const { error } = await failureWith("status-429");
      expect(error).toMatchObject({
        code: "SEARCH_PROVIDER_RATE_LIMITED",
        retryable: true,
        retryAfterSeconds: FAKE_SEARCH_RETRY_AFTER_SECONDS,
      });
    });

    it("turns a rejected key into SEARCH_PROVIDER_UNAUTHORIZED", async () => {
      if (hasApiKey) {
        const { provider } = await setUp(numbered(3), { apiKey: WRONG_KEY });
        const error = await rejectionOf(provider.search("ada"));
        expect(error).toMatchObject({ code: "SEARCH_PROVIDER_UNAUTHORIZED", retryable: false });
      }
      const { error } = await failureWith("unauthorized");
      expect(error).toMatchObject({ code: "SEARCH_PROVIDER_UNAUTHORIZED", retryable: false });
    });

    it("turns a body that is not JSON into SEARCH_PROVIDER_FAILED", async () => {
      const { error } = await failureWith("garbage");
      expect(error).toMatchObject({ code: "SEARCH_PROVIDER_FAILED" });
    });

    it("turns JSON of another shape into SEARCH_PROVIDER_FAILED rather than an empty list", async () => {
      const { error } = await failureWith("wrong-shape");
      expect(error).toMatchObject({ code: "SEARCH_PROVIDER_FAILED" });
    });

    it("gives up on a server that never answers with a retryable time-out error", async () => {
      const { error } = await failureWith("hang", { timeoutMs: 150 });
      expect(error).toMatchObject({ code: "SEARCH_PROVIDER_FAILED", retryable: true });
      expect(error.message).toMatch(/timed out/);
    });

    it("turns a refused connection into a retryable SEARCH_PROVIDER_FAILED", async () => {
      const closed = await startFakeSearchServer({ provider: name, search: () => [] });
      await closed.close();
      const provider = makeProvider({ baseUrl: closed.url, apiKey: RIGHT_KEY, timeoutMs: 5_000 });
      const error = await rejectionOf(provider.search("ada"));
      expect(error).toMatchObject({ code: "SEARCH_PROVIDER_FAILED", retryable: true });
    });

    it("stops when the caller aborts, rejecting with the caller's reason", async () => {
      const { fake, provider } = await setUp(numbered(3));
      fake.setBehaviour("hang");
      const controller = new AbortController();
      const pending = provider.search("ada", { signal: controller.signal });
      await until(() => fake.requests.length === 1);
      controller.abort();
      const error = await rejectionOf(pending);
      expect(error.name).toBe("AbortError");
      // The caller's own abort is not a provider failure (a DOMException's legacy numeric code aside).
      expect(String(error.code)).not.toMatch(/^SEARCH_/);

      const before = fake.requests.length;
      const early = await rejectionOf(provider.search("ada", { signal: AbortSignal.abort() }));
      expect(early.name).toBe("AbortError");
      expect(fake.requests).toHaveLength(before);
    });

    it("never puts the API key in an error", async () => {
      const behaviours: FakeSearchBehaviour[] = [
        "status-500",
        "status-429",
        "unauthorized",
        "garbage",
        "wrong-shape",
        "hang",
      ];
      for (const behaviour of behaviours) {
        const { error } = await failureWith(behaviour, { timeoutMs: 150 });
        const shown = [
          error.message,
          String(error.detail),
          String(error),
          JSON.stringify(error),
          String(error.cause),
        ].join("\n");
        expect(shown).not.toContain(RIGHT_KEY);
      }
      if (hasApiKey) {
        const { provider } = await setUp(numbered(3), { apiKey: WRONG_KEY });
        const error = await rejectionOf(provider.search("ada"));
        expect([error.message, String(error), JSON.stringify(error)].join("\n")).not.toContain(WRONG_KEY);
      }
    });
  });
}
