import { describe, expect, it } from "vitest";
import { SourcePolicyFilter } from "./source-policy.js";

const policy = (include: string[], exclude: string[], after: string | null = null) =>
  new SourcePolicyFilter({ includeDomains: include, excludeDomains: exclude, after }, ["https://acme.com"]);

const hit = (url: string, publishedAt: string | null = null) => ({
  url,
  title: "",
  snippet: "",
  rank: 1,
  provider: "test",
  publishedAt,
});

describe("SourcePolicyFilter", () => {
  it.each([
    // include, exclude, url, allowed
    [[], [], "https://anything.example/", true],
    [["news.com"], [], "https://news.com/a", true],
    [["news.com"], [], "https://www.news.com/a", true],
    [["news.com"], [], "https://eu.news.com/a", true],
    [["news.com"], [], "https://badnews.com/a", false],
    [["news.com"], [], "https://other.com/a", false],
    [["news.com"], [], "https://acme.com/about", true],
    [["news.com"], [], "https://blog.acme.com/post", true],
    [[], ["acme.com"], "https://acme.com/about", false],
    [[], ["acme.com"], "https://jobs.acme.com/", false],
    [["news.com"], ["eu.news.com"], "https://eu.news.com/a", false],
    [["news.com"], ["eu.news.com"], "https://us.news.com/a", true],
    [[], [], "not a url", true],
    [["news.com"], [], "not a url", false],
  ])("include %j, exclude %j: %s allowed is %s", (include, exclude, url, allowed) => {
    expect(policy(include, exclude).allowsUrl(url)).toBe(allowed);
  });

  it("drops hits dated before `after`, keeps undated ones, and counts what it dropped", () => {
    const filter = policy([], [], "2024-01-01");
    const kept = filter.filterHits([
      hit("https://a.com/old", "2023-12-31T23:00:00.000Z"),
      hit("https://a.com/new", "2024-01-01T00:00:00.000Z"),
      hit("https://a.com/undated"),
    ]);
    expect(kept.map((entry) => entry.url)).toEqual(["https://a.com/new", "https://a.com/undated"]);
    expect(filter.note(false)).toBe("The source policy (nothing dated before 2024-01-01) kept out 1 search result.");
  });

  it("asks the search provider for the included domains and the subject's own site, unless that is excluded", () => {
    expect(policy(["news.com"], []).searchDomains()).toEqual({ includeDomains: ["news.com", "acme.com"] });
    expect(policy(["news.com"], ["acme.com"]).searchDomains()).toEqual({
      includeDomains: ["news.com"],
      excludeDomains: ["acme.com"],
    });
    expect(policy([], [], "2024-01-01").searchDomains()).toEqual({});
  });

  it("takes an excluded own site out of the plan and names it when nothing was left", () => {
    const filter = policy([], ["acme.com"]);
    const plan = filter.restrictPlan({
      queries: [],
      ownSites: ["https://acme.com"],
      subjectTerms: ["Acme"],
      intents: [],
      person: null,
      personName: null,
      companyName: "Acme",
      notes: [],
    });
    expect(plan.ownSites).toEqual([]);
    expect(filter.note(true)).toBe(
      "The source policy (not acme.com) left no evidence: it kept out the subject's own site.",
    );
    expect(policy([], []).note(true)).toBeNull();
  });
});
