import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSearchServer } from "../search/index.js";
import { loadResearchCases } from "./case-files.js";
import { hostileHosts } from "./hostile-hosts.js";
import { SearchIndex } from "./search-index.js";
import { type SimulatedWeb, startSimulatedWeb } from "./start-simulated-web.js";

let web: SimulatedWeb;

beforeAll(async () => {
  web = await startSimulatedWeb();
});

afterAll(async () => {
  await web.close();
});

describe("SearchIndex", () => {
  const index = new SearchIndex([
    { url: "http://a.test/", title: "Apples", text: "Apples grow on trees in orchards." },
    { url: "http://b.test/", title: "Pears", text: "Pears ripen after picking. Apples do not." },
    { url: "http://c.test/", title: "Stones", text: "Granite is a rock." },
  ]);

  it("ranks the document about the query first and leaves out documents matching nothing", () => {
    const results = index.search("apples orchards", 10);
    expect(results.map((result) => result.url)).toEqual(["http://a.test/", "http://b.test/"]);
  });

  it("returns no more than the limit, and nothing for a query without a known term", () => {
    expect(index.search("apples", 1)).toHaveLength(1);
    expect(index.search("volcano", 10)).toEqual([]);
  });
});

describe("SimulatedWeb.search", () => {
  it("finds the proof page in the first ten results for nearly every case question", () => {
    const cases = loadResearchCases().filter((entry) => entry.proof);
    const missed = cases.filter((entry) => {
      const { person, company, question } = entry.request;
      const subject = person ? `${person.firstName} ${person.lastName} ${person.company?.name}` : (company?.name ?? "");
      return !web.search(`${subject} ${question}`, 10).some((result) => result.url === entry.proof?.url);
    });
    expect(
      missed.map((entry) => entry.id).length,
      `missed: ${missed.map((entry) => entry.id).join(", ")}`,
    ).toBeLessThanOrEqual(cases.length * 0.05);
  });

  it("ranks a company's own security page first for its certification question", () => {
    const [first] = web.search("Harborview Health SOC 2 Type II HITRUST", 5);
    expect(first?.url).toBe("http://harborview-health.test/security");
    expect(first?.title).toBe("Security and compliance | Harborview Health");
  });

  it("gives snippets of about 30 words around the match, and dates for press releases", () => {
    const results = web.search("Northwind Robotics Series C Granite Peak Ventures", 5);
    const release = results.find((result) => result.url === "http://northwind-robotics.test/news/series-c");
    expect(release?.publishedAt).toBe("2023-03-14");
    expect(release?.snippet).toContain("Granite Peak Ventures");
    for (const result of results) {
      const words = result.snippet.replace(/…/g, "").trim().split(/\s+/);
      expect(words.length).toBeLessThanOrEqual(30);
    }
  });

  it("finds the namesakes at both companies", () => {
    const urls = web.search("Sarah Chen", 10).map((result) => result.url);
    expect(urls).toContain("http://northwind-robotics.test/team");
    expect(urls).toContain("http://harborview-health.test/leadership");
  });

  it("lists hostile and disallowed pages when they match, as real engines do", () => {
    const urls = web.search("Northwind Robotics reviews security rating", 10).map((result) => result.url);
    expect(urls).toContain(`http://${hostileHosts.promptInjection}/northwind-robotics-review`);
    const draft = web.search("Robots-as-a-Service pricing draft 2025", 10).map((result) => result.url);
    expect(draft).toContain("http://northwind-robotics.test/internal/pricing-draft");
  });

  it("finds text inside PDFs", () => {
    const urls = web.search("Meridian Solar Systems revenue 2023 annual report", 5).map((result) => result.url);
    expect(urls).toContain("http://meridian-solar.test/investors/annual-report-2023.pdf");
  });

  it("plugs into the fake SearXNG, which returns the proof page for a case question", async () => {
    const searxng = await startFakeSearchServer({
      provider: "searxng",
      search: (query, limit) => web.search(query, limit),
    });
    try {
      const query = "Kestrel Security SOC 2 Type II report";
      const response = await fetch(`${searxng.url}/search?q=${encodeURIComponent(query)}&format=json`);
      const body = (await response.json()) as { results: Array<{ url: string; content: string }> };
      expect(body.results[0]?.url).toBe("http://kestrel-security.test/compliance");
      expect(body.results[0]?.content).toContain("Type II");
    } finally {
      await searxng.close();
    }
  });
});
