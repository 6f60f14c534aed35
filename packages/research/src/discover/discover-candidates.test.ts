import { describe, expect, it } from "vitest";
import type { FetchedPage, PageFetcher } from "../gather/fetch/page-fetcher.js";
import type { SearchHit, SearchProvider } from "../gather/search/search-provider.js";
import { discoverCandidates } from "./discover-candidates.js";

const DIRECTORY = "https://index.example/companies";

/** A search that finds the directory for any query. */
const search: SearchProvider = {
  id: "in-memory",
  async search(): Promise<SearchHit[]> {
    return [{ url: DIRECTORY, title: "List of listed companies", snippet: "", rank: 1, provider: "in-memory" }];
  },
};

/** A web of one page: a table of 300 companies, the only one in Farland last. */
function fetcherOf(html: string): PageFetcher {
  return {
    id: "in-memory",
    async fetch(url: string): Promise<FetchedPage> {
      return {
        url,
        requestedUrl: url,
        status: 200,
        contentType: "text/html",
        text: html,
        fetchedAt: "2026-01-01T00:00:00.000Z",
        fromCache: false,
      };
    },
  };
}

describe("discoverCandidates", () => {
  it("keeps the entries of a page longer than the list may keep that share the objective's words, wherever they stand", async () => {
    const rows = Array.from(
      { length: 299 },
      (_, index) => `<tr><td>Example Holdings ${index + 1}</td><td>Springfield, Examplestate</td></tr>`,
    );
    rows.push("<tr><td>Zeta Works</td><td>Capital City, Farland</td></tr>");
    const html = `<html><head><title>List of listed companies</title></head><body><main><h1>List of listed companies</h1>
      <table><tr><th>Company</th><th>Headquarters</th></tr>${rows.join("\n")}</table></main></body></html>`;
    const discovery = await discoverCandidates(
      {
        objective: "companies headquartered in Farland",
        entityType: "company",
        criteria: [{ id: "farland", description: "is headquartered in Farland" }],
        effort: "lite",
        maxCandidates: 50,
      },
      { search, fetcher: fetcherOf(html) },
    );
    expect(discovery.candidates).toHaveLength(50);
    expect(discovery.candidates[0]?.name).toBe("Zeta Works");
  });
});
