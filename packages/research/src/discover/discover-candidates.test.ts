import { DossierError } from "@dossier/contract";
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

  it("follows the sponsors and team pages of the sites its search finds", async () => {
    const shell = (title: string, main: string) =>
      `<html><head><title>${title}</title></head><body><header><nav><a href="/">Home</a> <a href="/blog">Blog</a> <a href="/supporters/">Supporters</a> <a href="/about-us">About us</a></nav></header><main>${main}</main></body></html>`;
    const table = (names: string[]) =>
      `<table><tr><th>Sponsor</th><th>Tier</th></tr>${names.map((name) => `<tr><td>${name}</td><td>Gold</td></tr>`).join("")}</table>`;
    const people = (names: string[]) =>
      names.map((name) => `<div class="person"><h3>${name}</h3><p>Board Director</p></div>`).join("");
    const web: Record<string, string> = {
      "https://alpha.example/sponsors": shell("Sponsors | Alpha", table(["Acme Rockets", "Globex", "Initech"])),
      "https://beta.example/blog/thanks": shell("Thank you | Beta", "<p>Thanks to everyone who gave this year.</p>"),
      "https://beta.example/supporters/": shell(
        "Supporters | Beta",
        table(["Hooli", "Vandelay Imports", "Umbrella Works"]),
      ),
      "https://beta.example/about-us": shell("About | Beta", people(["Ada Quill", "Bram Oakes", "Cora Vance"])),
    };
    const fetcher: PageFetcher = {
      id: "in-memory",
      async fetch(url: string): Promise<FetchedPage> {
        const html = web[url];
        if (!html) throw new Error(`not on this web: ${url}`);
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
    const hits: SearchProvider = {
      id: "in-memory",
      async search(): Promise<SearchHit[]> {
        return ["https://alpha.example/sponsors", "https://beta.example/blog/thanks"].map((url, index) => ({
          url,
          title: "",
          snippet: "",
          rank: index + 1,
          provider: "in-memory",
        }));
      },
    };
    const companies = await discoverCandidates(
      {
        objective: "gold sponsors of open-source projects",
        entityType: "company",
        criteria: [],
        effort: "standard",
        maxCandidates: 100,
      },
      { search: hits, fetcher },
    );
    expect(companies.candidates.map((candidate) => candidate.name).sort()).toEqual([
      "Acme Rockets",
      "Globex",
      "Hooli",
      "Initech",
      "Umbrella Works",
      "Vandelay Imports",
    ]);
    const board = await discoverCandidates(
      {
        objective: "board directors of Beta",
        entityType: "person",
        criteria: [],
        effort: "standard",
        maxCandidates: 100,
      },
      { search: hits, fetcher },
    );
    expect(board.candidates.map((candidate) => candidate.name)).toEqual(["Ada Quill", "Bram Oakes", "Cora Vance"]);
  });

  it("does not take the sections of the named organisation's pages for companies because the page names it", async () => {
    const section = (title: string, text: string) =>
      `<div class="section"><h3>${title}</h3><p>${text} <a href="mailto:team@acme-foundation.example">Email us</a></p></div>`;
    const html = `<html><head><title>Reach the Acme Foundation</title></head><body><main><h1>Contact</h1>
      ${section("Media Desk", "For interviews, write to us.")}${section("Helping Out", "To lend a hand, write to us.")}${section("Trustee Office", "To reach the trustees, write to us.")}</main></body></html>`;
    const discovery = await discoverCandidates(
      {
        objective: "platinum sponsors of the Acme Foundation",
        entityType: "company",
        criteria: [{ id: "platinum", description: "is a platinum sponsor of the Acme Foundation" }],
        effort: "lite",
        maxCandidates: 50,
      },
      { search, fetcher: fetcherOf(html) },
    );
    expect(discovery.candidates.map((candidate) => candidate.name)).toEqual([]);
  });

  it("leaves out the entries listed as former ones unless the objective asks for them", async () => {
    const table = (names: string[]) =>
      `<table><tr><th>Sponsor</th><th>Level</th></tr>${names.map((name) => `<tr><td>${name}</td><td>Gold</td></tr>`).join("")}</table>`;
    const html = `<html><head><title>Sponsors</title></head><body><main><h1>Sponsors</h1><section><h2>Current sponsors</h2>${table(["Globex", "Initech", "Hooli"])}</section>
      <section><h2>Former sponsors</h2>${table(["Umbrella Works", "Vandelay Imports", "Soylent"])}</section></main></body></html>`;
    const names = async (objective: string) =>
      (
        await discoverCandidates(
          { objective, entityType: "company", criteria: [], effort: "lite", maxCandidates: 50 },
          { search, fetcher: fetcherOf(html) },
        )
      ).candidates
        .map((candidate) => candidate.name)
        .sort();
    expect(await names("gold sponsors of open-source projects")).toEqual(["Globex", "Hooli", "Initech"]);
    expect(await names("former gold sponsors of open-source projects")).toHaveLength(6);
  });

  it("tells the pages it could not read for a reason that may pass from those the web refuses", async () => {
    const listing = `<html><head><title>Member directory</title></head><body><main><h1>Members</h1>
      <table><tr><th>Company</th></tr><tr><td>Globex</td></tr><tr><td>Initech</td></tr><tr><td>Hooli</td></tr></table></main></body></html>`;
    const pages = {
      read: "https://read.example/members",
      down: "https://down.example/members",
      slow: "https://slow.example/members",
      forbidden: "https://forbidden.example/members",
      gone: "https://gone.example/members",
    };
    const hits: SearchProvider = {
      id: "in-memory",
      async search(): Promise<SearchHit[]> {
        return Object.values(pages).map((url, rank) => ({
          url,
          title: "Members",
          snippet: "",
          rank,
          provider: "in-memory",
        }));
      },
    };
    const web = fetcherOf(listing);
    const fetcher: PageFetcher = {
      id: "in-memory",
      async fetch(url, options) {
        if (url === pages.down)
          throw new DossierError("FETCH_HTTP_ERROR", {
            detail: `${url} answered 503`,
            retryable: true,
            extensions: { upstreamStatus: 503 },
          });
        if (url === pages.slow)
          throw new DossierError("FETCH_TIMEOUT", { detail: `${url} took too long`, retryable: true });
        if (url === pages.forbidden)
          throw new DossierError("FETCH_DISALLOWED_BY_ROBOTS", { detail: `robots.txt forbids ${url}` });
        if (url === pages.gone)
          throw new DossierError("FETCH_HTTP_ERROR", {
            detail: `${url} answered 404`,
            retryable: false,
            extensions: { upstreamStatus: 404 },
          });
        return web.fetch(url, options);
      },
    };
    const discovery = await discoverCandidates(
      { objective: "member companies", entityType: "company", criteria: [], effort: "standard", maxCandidates: 50 },
      { search: hits, fetcher },
    );
    expect(discovery.candidates.map((candidate) => candidate.name).sort()).toEqual(["Globex", "Hooli", "Initech"]);
    expect(discovery.pagesRead).toEqual([pages.read]);
    const byUrl = (left: { url: string }, right: { url: string }) => left.url.localeCompare(right.url);
    expect(discovery.pagesUnread.sort(byUrl)).toEqual([
      { url: pages.down, code: "FETCH_HTTP_ERROR", status: 503 },
      { url: pages.slow, code: "FETCH_TIMEOUT" },
    ]);
    expect(discovery.pagesRefused.sort(byUrl)).toEqual([
      { url: pages.forbidden, code: "FETCH_DISALLOWED_BY_ROBOTS" },
      { url: pages.gone, code: "FETCH_HTTP_ERROR", status: 404 },
    ]);
    expect(discovery.failedSearches).toEqual([]);
  });
});
