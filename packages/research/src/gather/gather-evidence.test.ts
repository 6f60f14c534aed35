import { readFileSync } from "node:fs";
import { DossierError, type NormalizedResearchRequest } from "@dossier/contract";
import { parseConnectTo } from "@dossier/egress";
import {
  type FakeSearchServer,
  type SimulatedWeb,
  type SimulatedWebRequest,
  startFakeSearchServer,
  startSimulatedWeb,
} from "@dossier/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { planResearch } from "../plan/plan-research.js";
import type { PageFetcher } from "./fetch/page-fetcher.js";
import { UndiciPageFetcher } from "./fetch/undici-page-fetcher.js";
import { type GatheredEvidence, gatherEvidence, startGathering } from "./gather-evidence.js";
import { SearxngSearchProvider } from "./search/searxng-search-provider.js";

const HOST = "northwind-robotics.test";

let web: SimulatedWeb;
let searchServer: FakeSearchServer;
let fetcher: UndiciPageFetcher | undefined;

beforeAll(async () => {
  web = await startSimulatedWeb();
  searchServer = await startFakeSearchServer({
    provider: "searxng",
    search: (query, limit) => web.search(query, limit),
  });
});

afterAll(async () => {
  await Promise.all([web?.close(), searchServer?.close()]);
});

afterEach(async () => {
  searchServer.setBehaviour("ok");
  await fetcher?.close();
  fetcher = undefined;
});

function companyRequest(question: string): NormalizedResearchRequest {
  return {
    kind: "company",
    question,
    responseType: "TEXT",
    responseOptions: [],
    context: null,
    subject: { name: "Northwind Robotics", website: HOST },
  };
}

/** Gathers with a fresh fetcher (no shared robots or page cache) and returns the web requests it made. */
async function gather(
  question: string,
  pageBudget: number,
  withSearch = true,
): Promise<{ evidence: GatheredEvidence; requests: SimulatedWebRequest[] }> {
  const fresh = new UndiciPageFetcher({
    connectTo: parseConnectTo(web.connectTo),
    perHostDelayMs: 0,
    ...(web.caPath ? { ca: readFileSync(web.caPath, "utf8") } : {}),
  });
  fetcher = fresh;
  const search = withSearch ? new SearxngSearchProvider({ baseUrl: searchServer.url }) : null;
  const before = web.requests.length;
  const request = companyRequest(question);
  const evidence = await gatherEvidence(
    planResearch(request),
    request.question,
    { fetcher: fresh, search },
    { pageBudget },
  );
  return { evidence, requests: web.requests.slice(before) };
}

const isPageRequest = (request: SimulatedWebRequest) =>
  request.path !== "/robots.txt" && !/\.xml(\?|$)/.test(request.path);
const pathOf = (url: string) => new URL(url).pathname;

describe("gatherEvidence against the simulated web", () => {
  it("crawls the own site's about, team, security and pricing pages", async () => {
    const { evidence } = await gather(
      "What does the pricing look like, and which security certifications and team does it have?",
      12,
      false,
    );
    const ownPaths = evidence.pages
      .filter((page) => new URL(page.url).hostname === HOST)
      .map((page) => pathOf(page.url));
    expect(ownPaths).toContain("/");
    expect(ownPaths).toEqual(expect.arrayContaining(["/security", "/pricing", "/team"]));
    expect(evidence.ownSites).toEqual([`https://${HOST}`]);
    expect(evidence.unreachable.join(" ")).toMatch(/No search provider is configured/);
  });

  it("reads the pages the question is about first", async () => {
    const { evidence } = await gather("Is Northwind Robotics SOC 2 Type II certified? security", 4, false);
    expect(evidence.pages.map((page) => pathOf(page.url))).toContain("/security");
  });

  it.each([3, 5, 8])("holds a page budget of %i", async (pageBudget) => {
    const { evidence, requests } = await gather(
      "What does Northwind Robotics charge per robot, and who is on the team?",
      pageBudget,
    );
    expect(evidence.pages.length).toBeGreaterThan(0);
    expect(evidence.pages.length).toBeLessThanOrEqual(pageBudget);
    expect(requests.filter(isPageRequest).length).toBeLessThanOrEqual(pageBudget);
  });

  it("reads a page once when search says http and the crawl https", async () => {
    const { evidence, requests } = await gather("Northwind Robotics pricing per robot", 12);
    const identities = evidence.pages.map((page) => page.url.replace(/^https?:\/\//, "").replace(/\/$/, ""));
    expect(new Set(identities).size).toBe(identities.length);
    const pageRequests = requests.filter(isPageRequest).map((request) => `${request.host}${request.path}`);
    expect(new Set(pageRequests).size).toBe(pageRequests.length);
    // Both the search (over http) and the crawl (over https) want the pricing page: it is read once.
    expect(evidence.searchHits.some((hit) => hit.url === `http://${HOST}/pricing`)).toBe(true);
    expect(
      evidence.pages.filter((page) => new URL(page.url).hostname === HOST && pathOf(page.url) === "/pricing"),
    ).toHaveLength(1);
    expect(requests.filter((request) => request.host === HOST && request.path === "/pricing")).toHaveLength(1);
  });

  it("names a failing search provider in unreachable and still returns the crawl's pages", async () => {
    searchServer.setBehaviour("status-500");
    const { evidence } = await gather("Is Northwind Robotics SOC 2 certified?", 8);
    expect(evidence.searchHits).toEqual([]);
    expect(evidence.unreachable.some((note) => note.includes("searxng"))).toBe(true);
    expect(evidence.pages.length).toBeGreaterThan(0);
    expect(evidence.pages.every((page) => new URL(page.url).hostname === HOST)).toBe(true);
  });

  it("never requests a page robots.txt disallows, even when search finds it", async () => {
    const { evidence, requests } = await gather(
      "Northwind Robotics pricing draft Robots-as-a-Service free tier 2025",
      12,
    );
    expect(evidence.searchHits.some((hit) => pathOf(hit.url).startsWith("/internal/"))).toBe(true);
    expect(requests.some((request) => request.path.startsWith("/internal/"))).toBe(false);
    expect(evidence.pages.some((page) => pathOf(page.url).startsWith("/internal/"))).toBe(false);
    expect(evidence.unreachable.join(" ")).toMatch(/robots\.txt/);
  });
});

describe("gatherEvidence at the host as given", () => {
  /** A web where only `liveOrigin` answers, with a home page linking to its team page; every other host fails to connect. */
  function webAt(liveOrigin: string): PageFetcher & { asked: string[] } {
    const asked: string[] = [];
    const pages: Record<string, string> = {
      "/": `<html><body><main><h1>Acme</h1><p>Acme builds survey tools.</p><a href="${liveOrigin}/team">Team</a></main></body></html>`,
      "/team": "<html><body><main><h1>Team</h1><p>Noor Haddad, Head of Research.</p></main></body></html>",
    };
    return {
      id: "web-in-memory",
      asked,
      async fetch(url) {
        asked.push(url);
        const parsed = new URL(url);
        if (parsed.origin !== liveOrigin)
          throw new DossierError("FETCH_FAILED", { detail: `${parsed.hostname} did not answer` });
        const text = pages[parsed.pathname];
        if (text === undefined)
          throw new DossierError("FETCH_HTTP_ERROR", { detail: "404", extensions: { upstreamStatus: 404 } });
        return { url, requestedUrl: url, status: 200, contentType: "text/html", text, fetchedAt: "", fromCache: false };
      },
    };
  }

  it.each([
    ["www.acme.example", "https://www.acme.example", "https://www.acme.example"],
    ["acme.example", "https://www.acme.example", "https://acme.example"],
    ["https://www.acme.example", "https://acme.example", "https://www.acme.example"],
  ])("given %s, reads the site where it answers (%s), trying %s first", async (website, live, first) => {
    const web = webAt(live);
    const request: NormalizedResearchRequest = {
      ...companyRequest("Who leads research at Acme? team"),
      kind: "company",
      subject: { name: "Acme", website },
    };
    const plan = planResearch(request);
    const evidence = await gatherEvidence(plan, request.question, { fetcher: web, search: null }, { pageBudget: 6 });
    expect(web.asked[0]).toBe(`${first}/`);
    expect(evidence.pages.map((page) => page.url)).toEqual(expect.arrayContaining([`${live}/`, `${live}/team`]));
    expect(evidence.unreachable.join(" ")).not.toMatch(/could not be read/);
  });
});

describe("gathering, whichever page answers first", () => {
  /** Hosts whose every request is answered late, so that their pages arrive after the others'. */
  let slowHosts = new Set<string>();
  let slowWeb: SimulatedWeb;
  let slowSearch: FakeSearchServer;

  beforeAll(async () => {
    slowWeb = await startSimulatedWeb({ pageLatencyMs: (host) => (slowHosts.has(host) ? 250 : 0) });
    slowSearch = await startFakeSearchServer({
      provider: "searxng",
      search: (query, limit) => slowWeb.search(query, limit),
    });
  });

  afterAll(async () => {
    await Promise.all([slowWeb?.close(), slowSearch?.close()]);
  });

  /** Both rounds (the first and the second look), with a fresh fetcher, while `slow` hosts answer late. */
  async function gatherWith(
    request: NormalizedResearchRequest,
    pageBudget: number,
    slow: readonly string[],
  ): Promise<GatheredEvidence> {
    slowHosts = new Set(slow);
    const fresh = new UndiciPageFetcher({
      connectTo: parseConnectTo(slowWeb.connectTo),
      perHostDelayMs: 0,
      ...(slowWeb.caPath ? { ca: readFileSync(slowWeb.caPath, "utf8") } : {}),
    });
    try {
      const gathering = await startGathering(
        planResearch(request),
        request.question,
        { fetcher: fresh, search: new SearxngSearchProvider({ baseUrl: slowSearch.url }) },
        { pageBudget },
      );
      await gathering.readMore(gathering.remainingBudget());
      return gathering.evidence();
    } finally {
      await fresh.close();
    }
  }

  const hostsOf = (evidence: GatheredEvidence) => [
    ...new Set(evidence.pages.map((page) => new URL(page.url).hostname)),
  ];

  it("lists the same pages in the same order when the own site answers last as when the other sites do", async () => {
    const request = companyRequest("How much funding has Northwind Robotics raised, and from which investors?");
    const ownLast = await gatherWith(request, 12, [HOST]);
    const others = hostsOf(ownLast).filter((host) => host !== HOST);
    // The run reads the own site and other sites' pages, both rounds: there is an order to keep.
    expect(others.length).toBeGreaterThan(0);
    expect(ownLast.pages.length).toBeGreaterThan(others.length + 2);
    const othersLast = await gatherWith(request, 12, others);
    expect(othersLast.pages.map((page) => page.url)).toEqual(ownLast.pages.map((page) => page.url));
    expect(othersLast.unreachable).toEqual(ownLast.unreachable);
  });

  it("leaves out the same pages under a tight budget whichever own site answers first", async () => {
    // A person at one company with an e-mail address at another: two own sites and search share four pages.
    const request: NormalizedResearchRequest = {
      kind: "person",
      question: "What is Sarah Chen's role?",
      responseType: "TEXT",
      responseOptions: [],
      context: null,
      subject: {
        firstName: "Sarah",
        lastName: "Chen",
        email: "sarah.chen@harborview-health.test",
        company: { name: "Northwind Robotics", website: HOST },
      },
    };
    expect(planResearch(request).ownSites).toHaveLength(2);
    const northwindLast = await gatherWith(request, 4, [HOST]);
    const harborviewLast = await gatherWith(request, 4, ["harborview-health.test"]);
    expect(northwindLast.pages.length).toBe(4);
    expect(harborviewLast.pages.map((page) => page.url)).toEqual(northwindLast.pages.map((page) => page.url));
  });
});

/** A search that finds `urls`, in this order, each titled and summed up by the company's name alone. */
function searchFinding(urls: readonly string[]) {
  return {
    id: "search-in-memory",
    async search() {
      return urls.map((url, index) => ({
        url,
        title: `Quillon Surveys ${index}`,
        snippet: "Quillon Surveys",
        rank: index + 1,
        provider: "memory",
      }));
    },
  };
}

/** A question about Quillon Surveys, named without a website. */
function namedOnly(question: string): NormalizedResearchRequest {
  return { ...companyRequest(question), kind: "company", subject: { name: "Quillon Surveys" } };
}

describe("a company named without a website", () => {
  /** Blog posts of the company's own site, found by search, that link to its team page; and another site's page. */
  const pages: Record<string, string> = {
    "https://docs.quillon.example/launch": `<html><body><main><h1>Quillon launches its survey API</h1><p>Quillon Surveys today released an API for survey results, with exports to every warehouse.</p><a href="https://quillon.example/company/people">Our people</a></main></body></html>`,
    "https://quillon.example/blog/series-a": `<html><body><main><h1>Quillon raises a Series A</h1><p>Quillon Surveys raised a Series A to grow its survey platform.</p><a href="https://quillon.example/company/people">Our people</a><a href="https://quillon.example/pricing">Pricing</a></main></body></html>`,
    "https://quillon.example/company/people": `<html><body><main><h1>People</h1><p>Noor Haddad, CTO. Ines Marr, CEO.</p></main></body></html>`,
    "https://news.example/quillon": `<html><body><main><h1>Quillon Surveys funding</h1><p>Quillon Surveys raised money this year for its survey platform.</p></main></body></html>`,
  };
  const fetcherOf = (site: Record<string, string>): PageFetcher & { asked: string[] } => {
    const asked: string[] = [];
    return {
      id: "web-in-memory",
      asked,
      async fetch(url) {
        asked.push(url);
        const text = site[url];
        if (text === undefined)
          throw new DossierError("FETCH_HTTP_ERROR", { detail: "404", extensions: { upstreamStatus: 404 } });
        const contentType = url.endsWith(".xml") ? "application/xml" : "text/html";
        return { url, requestedUrl: url, status: 200, contentType, text, fetchedAt: "", fromCache: false };
      },
    };
  };
  const fetcher = fetcherOf(pages);
  const search = searchFinding([
    "https://docs.quillon.example/launch",
    "https://quillon.example/blog/series-a",
    "https://news.example/quillon",
  ]);

  it("reads, on the second look, the pages of its own site that search found, as a site given", async () => {
    const request = namedOnly("Who is the chief technology officer of Quillon Surveys?");
    const gathering = await startGathering(
      planResearch(request),
      request.question,
      { fetcher, search },
      { pageBudget: 6 },
    );
    const first = gathering.evidence().pages.map((page) => page.url);
    expect(first).not.toContain("https://quillon.example/company/people");
    const more = await gathering.readMore(gathering.remainingBudget());
    expect(more.map((page) => page.url)).toContain("https://quillon.example/company/people");
    // From then on the site's pages are the company's own.
    expect(gathering.evidence().ownSites).toEqual(["https://quillon.example"]);
  });

  it("reads its sitemap on the second look, for a page no page read links to", async () => {
    const listed = fetcherOf({
      ...pages,
      "https://quillon.example/sitemap.xml": `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://quillon.example/handbook/time-off</loc></url><url><loc>https://quillon.example/handbook/travel</loc></url></urlset>`,
      "https://quillon.example/handbook/time-off": `<html><body><main><h1>Time off</h1><p>We expect everyone to take at least 25 days off a year.</p></main></body></html>`,
    });
    const request = namedOnly("How many days off a year does Quillon Surveys expect its staff to take?");
    const gathering = await startGathering(
      planResearch(request),
      request.question,
      { fetcher: listed, search },
      { pageBudget: 6 },
    );
    const more = await gathering.readMore(gathering.remainingBudget());
    expect(listed.asked).toContain("https://quillon.example/sitemap.xml");
    expect(more.map((page) => page.url)).toContain("https://quillon.example/handbook/time-off");
  });
});

describe("a company named without a website, its site found on the second look", () => {
  const page = (title: string) =>
    `<html><body><main><h1>${title}</h1><p>Quillon Surveys: ${title.toLowerCase()}.</p></main></body></html>`;
  const news = ["a", "b", "c", "d", "e"].map((letter) => `https://news.example/quillon-${letter}`);
  const handbook = ["time-off", "benefits", "training", "compensation"].map(
    (name) => `https://quillon.example/handbook/${name}`,
  );
  const site: Record<string, string> = {
    "https://quillon.example/blog/series-a": page("Quillon raises a Series A"),
    "https://quillon.example/sitemap.xml": `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${handbook
      .map((url) => `<url><loc>${url}</loc></url>`)
      .join("")}</urlset>`,
    ...Object.fromEntries([...news, ...handbook].map((url) => [url, page(new URL(url).pathname)])),
  };
  const fetcher: PageFetcher = {
    id: "web-in-memory",
    async fetch(url) {
      const text = site[url];
      if (text === undefined)
        throw new DossierError("FETCH_HTTP_ERROR", { detail: "404", extensions: { upstreamStatus: 404 } });
      const contentType = url.endsWith(".xml") ? "application/xml" : "text/html";
      return { url, requestedUrl: url, status: 200, contentType, text, fetchedAt: "", fromCache: false };
    },
  };
  const search = searchFinding(["https://quillon.example/blog/series-a", ...news]);

  it("gives all but one of the round to the found site's best pages, not the search results left", async () => {
    const request = namedOnly("Does Quillon Surveys offer its staff paid time off and a sabbatical?");
    const gathering = await startGathering(
      planResearch(request),
      request.question,
      { fetcher, search },
      { pageBudget: 8 },
    );
    const more = await gathering.readMore(gathering.remainingBudget());
    expect(more).toHaveLength(4);
    const own = more.filter((entry) => entry.url.startsWith("https://quillon.example/handbook/"));
    expect(own).toHaveLength(3);
    expect(own.map((entry) => entry.url)).toContain("https://quillon.example/handbook/time-off");
  });
});

describe("the second look, led by search snippets", () => {
  /** A site whose home page links to pages that fit the question's words better than the page that answers. */
  const page = (title: string, text: string, links = "") =>
    `<html><body><main><h1>${title}</h1><p>${text}</p>${links}</main></body></html>`;
  const site: Record<string, string> = {
    "https://tallow.example/": page(
      "Tallow Analytics",
      "Tallow Analytics keeps your data safe.",
      ["security", "security/backups-faq", "data-retention", "privacy", "compliance", "terms"]
        .map((path) => `<a href="https://tallow.example/${path}">${path}</a>`)
        .join(""),
    ),
    "https://tallow.example/handbook/operations/recovery": page(
      "Recovery",
      "Backups are encrypted and kept for 30 days, then deleted.",
    ),
  };
  const asked: string[] = [];
  const fetcher: PageFetcher = {
    id: "web-in-memory",
    async fetch(url) {
      asked.push(url);
      const text = site[url] ?? page(new URL(url).pathname, "Tallow Analytics takes security and data seriously.");
      if (url.endsWith(".xml") || url.endsWith("robots.txt"))
        throw new DossierError("FETCH_HTTP_ERROR", { detail: "404", extensions: { upstreamStatus: 404 } });
      return { url, requestedUrl: url, status: 200, contentType: "text/html", text, fetchedAt: "", fromCache: false };
    },
  };
  const recovery = "https://tallow.example/handbook/operations/recovery";
  const search = {
    id: "search-in-memory",
    async search() {
      // The page that answers is the search engine's last hit, its snippet cut off before the figure;
      // an unread hit ranked above it takes the second look's place for the site's best hit.
      const hits = [
        "https://tallow.example/compliance",
        "https://tallow.example/terms",
        "https://tallow.example/handbook/operations/overview",
        recovery,
      ];
      return hits.map((url, index) => ({
        url,
        title: "Tallow Analytics",
        snippet: url === recovery ? "Backups are encrypted and kept for …" : "Tallow Analytics",
        rank: index + 1,
        provider: "memory",
      }));
    },
  };
  const request: NormalizedResearchRequest = {
    ...companyRequest("How long does Tallow Analytics keep its backups?"),
    kind: "company",
    subject: { name: "Tallow Analytics", website: "https://tallow.example" },
  };

  async function secondLook(leads?: string[]): Promise<string[]> {
    const gathering = await startGathering(
      planResearch(request),
      request.question,
      { fetcher, search },
      { pageBudget: 5 },
    );
    expect(gathering.evidence().pages.map((entry) => entry.url)).not.toContain(recovery);
    const more = await gathering.readMore(gathering.remainingBudget(), leads);
    return more.map((entry) => entry.url);
  }

  it("reads the page whose snippet seems to answer, not only the pages that score best", async () => {
    expect(await secondLook()).not.toContain(recovery);
    expect(await secondLook([recovery])).toContain(recovery);
  });
});

describe("the second look's first read", () => {
  const page = (title: string, text: string, links: Array<[string, string]> = []) =>
    `<html><body><main><h1>${title}</h1><p>${text}</p>${links
      .map(([path, anchor]) => `<a href="https://quillon.example${path}">${anchor}</a>`)
      .join("")}</main></body></html>`;
  const site: Record<string, string> = {
    "https://quillon.example/": page("Quillon", "Quillon makes label printers.", [
      ["/news", "News"],
      ["/about", "About"],
      ["/careers", "Careers"],
    ]),
    "https://quillon.example/news": page("News", "What is new at Quillon.", [
      ["/news/series-b-announced", "Quillon announces its Series B"],
      ["/news/new-office", "A new office in Leeds"],
    ]),
  };
  const fetcher: PageFetcher = {
    id: "web-in-memory",
    async fetch(url) {
      if (url.endsWith(".xml") || url.endsWith("robots.txt"))
        throw new DossierError("FETCH_HTTP_ERROR", { detail: "404", extensions: { upstreamStatus: 404 } });
      const text = site[url] ?? page(new URL(url).pathname, "Quillon news.");
      return { url, requestedUrl: url, status: 200, contentType: "text/html", text, fetchedAt: "", fromCache: false };
    },
  };
  const announced = "https://quillon.example/news/series-b-announced";
  const office = "https://quillon.example/news/new-office";
  const search = {
    id: "search-in-memory",
    async search() {
      return [office, announced].map((url, index) => ({
        url,
        title: "Quillon",
        snippet: "Quillon announced …",
        rank: index + 1,
        provider: "memory",
      }));
    },
  };
  const request: NormalizedResearchRequest = {
    ...companyRequest("On what date did Quillon announce its Series B?"),
    kind: "company",
    subject: { name: "Quillon", website: "https://quillon.example" },
  };

  it("is the lead that is also the site's best page by its name, whatever its snippet's rank", async () => {
    const gathering = await startGathering(
      planResearch(request),
      request.question,
      { fetcher, search },
      { pageBudget: 6 },
    );
    const first = gathering.evidence().pages.map((entry) => entry.url);
    expect(first).not.toContain(announced);
    const more = await gathering.readMore(1, [office, announced]);
    expect(more.map((entry) => entry.url)).toEqual([announced]);
  });
});

describe("the first round's own pages", () => {
  const page = (title: string, text: string, links = "") =>
    `<html><body><main><h1>${title}</h1><p>${text}</p>${links}</main></body></html>`;
  const named = [
    "security/backups",
    "docs/backups",
    "faq/backups",
    "privacy/backups",
    "pricing/backups",
    "blog/backups",
  ];
  const site: Record<string, string> = {
    "https://larchmont.example/": page(
      "Larchmont Ledger",
      "Larchmont Ledger keeps the books of small firms.",
      named.map((path) => `<a href="https://larchmont.example/${path}">${path}</a>`).join(""),
    ),
  };
  const fetcher: PageFetcher = {
    id: "web-in-memory",
    async fetch(url) {
      if (url.endsWith(".xml") || url.endsWith("robots.txt"))
        throw new DossierError("FETCH_HTTP_ERROR", { detail: "404", extensions: { upstreamStatus: 404 } });
      const text = site[url] ?? page(new URL(url).pathname, "Larchmont Ledger takes care of your data.");
      return { url, requestedUrl: url, status: 200, contentType: "text/html", text, fetchedAt: "", fromCache: false };
    },
  };
  // The search engine read the pages' text: its best hit on the site has a name that fits nothing asked.
  const answering = "https://larchmont.example/handbook/ops/restores";
  const search = {
    id: "search-in-memory",
    async search() {
      return [answering, "https://larchmont.example/compliance"].map((url, index) => ({
        url,
        title: "Larchmont Ledger",
        snippet: "Larchmont Ledger",
        rank: index + 1,
        provider: "memory",
      }));
    },
  };
  const request: NormalizedResearchRequest = {
    ...companyRequest("How long does Larchmont Ledger keep its backups?"),
    kind: "company",
    subject: { name: "Larchmont Ledger", website: "https://larchmont.example" },
  };

  it("include the site's best search hit, whatever its name", async () => {
    const gathering = await startGathering(
      planResearch(request),
      request.question,
      { fetcher, search },
      {
        pageBudget: 12,
      },
    );
    const first = gathering.evidence().pages.map((entry) => entry.url);
    expect(first).toContain(answering);
    // Its place is the lowest-scored page's: the first round reads no more pages than before.
    expect(first.filter((url) => url.startsWith("https://larchmont.example/")).length).toBe(5);
  });
});

describe("the second look's own pages", () => {
  const page = (title: string, text: string, links = "") =>
    `<html><body><main><h1>${title}</h1><p>${text}</p>${links}</main></body></html>`;
  const sections = ["security", "docs", "faq", "privacy", "pricing", "blog", "help", "legal", "about", "support"];
  const named = [...sections.map((section) => `${section}/backups`), ...sections.map((section) => `${section}/backup`)];
  const site: Record<string, string> = {
    "https://whitcombe.example/": page(
      "Whitcombe Books",
      "Whitcombe Books keeps the books of small firms.",
      named.map((path) => `<a href="https://whitcombe.example/${path}">${path}</a>`).join(""),
    ),
  };
  const fetcher: PageFetcher = {
    id: "web-in-memory",
    async fetch(url) {
      if (url.endsWith(".xml") || url.endsWith("robots.txt"))
        throw new DossierError("FETCH_HTTP_ERROR", { detail: "404", extensions: { upstreamStatus: 404 } });
      const text = site[url] ?? page(new URL(url).pathname, "Whitcombe Books takes care of your data.");
      return { url, requestedUrl: url, status: 200, contentType: "text/html", text, fetchedAt: "", fromCache: false };
    },
  };
  // The search engine's two best hits on the site have names that fit nothing asked.
  const first = "https://whitcombe.example/handbook/ops/restores";
  const second = "https://whitcombe.example/handbook/ops/retention";
  const search = {
    id: "search-in-memory",
    async search() {
      return [first, second].map((url, index) => ({
        url,
        title: "Whitcombe Books",
        snippet: "Whitcombe Books",
        rank: index + 1,
        provider: "memory",
      }));
    },
  };
  const request: NormalizedResearchRequest = {
    ...companyRequest("How long does Whitcombe Books keep its backups?"),
    kind: "company",
    subject: { name: "Whitcombe Books", website: "https://whitcombe.example" },
  };

  it("include the site's best search hit not read yet, whatever its name", async () => {
    const gathering = await startGathering(
      planResearch(request),
      request.question,
      { fetcher, search },
      {
        pageBudget: 12,
      },
    );
    expect(gathering.evidence().pages.map((entry) => entry.url)).toContain(first);
    const more = await gathering.readMore(gathering.remainingBudget());
    expect(more.map((entry) => entry.url)).toContain(second);
  });
});

describe("what could not be read, as the answer tells it", () => {
  const page = (title: string, text: string, links: string[] = []) =>
    `<html><body><main><h1>${title}</h1><p>${text}</p>${links.map((path) => `<a href="https://ostrander.example${path}">${path}</a>`).join("")}</main></body></html>`;
  const failing: Record<string, number> = {
    "https://ostrander.example/pricing/legacy": 404,
    "https://ostrander.example/pricing/enterprise": 503,
  };
  const fetcher: PageFetcher = {
    id: "web-in-memory",
    async fetch(url) {
      const status = url.endsWith(".xml") || url.endsWith("robots.txt") ? 404 : failing[url];
      if (status !== undefined)
        throw new DossierError("FETCH_HTTP_ERROR", {
          detail: `${url} answered ${status}`,
          retryable: status >= 500,
          extensions: { upstreamStatus: status },
        });
      const text =
        url === "https://ostrander.example/"
          ? page("Ostrander", "Ostrander rents out scaffolding.", [
              "/pricing",
              "/pricing/legacy",
              "/pricing/enterprise",
            ])
          : page(new URL(url).pathname, "Ostrander's plans start at $40 a month.");
      return { url, requestedUrl: url, status: 200, contentType: "text/html", text, fetchedAt: "", fromCache: false };
    },
  };
  const request: NormalizedResearchRequest = {
    ...companyRequest("How much does Ostrander charge per month?"),
    kind: "company",
    subject: { name: "Ostrander", website: "https://ostrander.example" },
  };

  it("names a page that is gone, and does not call a host that served pages unreadable", async () => {
    const evidence = await gatherEvidence(
      planResearch(request),
      request.question,
      { fetcher, search: null },
      {
        pageBudget: 8,
      },
    );
    expect(evidence.pages.map((entry) => entry.url)).toContain("https://ostrander.example/pricing");
    expect(evidence.unreachable).toContain("https://ostrander.example/pricing/legacy was not read: it answered 404.");
    expect(evidence.unreachable.join(" ")).not.toMatch(/ostrander\.example could not be read/);
  });
});
