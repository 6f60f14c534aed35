import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseConnectTo } from "@dossier/egress";
import { type FolderWeb, realwebDirectory, startFolderWeb } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResearchPlan } from "../plan/plan-research.js";
import { questionIntents } from "../plan/question-intents.js";
import { UndiciPageFetcher } from "./fetch/undici-page-fetcher.js";
import { gatherEvidence } from "./gather-evidence.js";

const REALWEB = realwebDirectory();
const available = existsSync(join(REALWEB, "pages.json"));
if (!available) console.warn(`Skipping the real-web crawl test: ${REALWEB} is absent.`);

let web: FolderWeb;
let fetcher: UndiciPageFetcher;

beforeAll(async () => {
  if (!available) return;
  web = await startFolderWeb(REALWEB);
  fetcher = new UndiciPageFetcher({
    connectTo: parseConnectTo(web.connectTo),
    perHostDelayMs: 0,
    ...(web.caPem ? { ca: web.caPem } : {}),
  });
});
afterAll(async () => {
  await fetcher?.close();
  await web?.close();
});

function siteOnly(origin: string, name: string, question: string): ResearchPlan {
  return {
    queries: [],
    ownSites: [origin],
    subjectTerms: [name],
    intents: questionIntents(question, "company"),
    person: null,
    personName: null,
    companyName: name,
    notes: [],
  };
}

describe.skipIf(!available)("crawling real sites", () => {
  it.each([
    ["https://plausible.io", "Plausible", "What security practices does Plausible follow?", "/security"],
    ["https://plausible.io", "Plausible", "Where is Plausible's company registered? Imprint", "/imprint"],
    ["https://documenso.com", "Documenso", "Is Documenso hiring engineers? Careers", "/careers"],
  ])("reads the page that answers from %s's home page and sitemap", async (origin, name, question, expectedPath) => {
    const gathered = await gatherEvidence(
      siteOnly(origin, name, question),
      question,
      { fetcher, search: null },
      { pageBudget: 8 },
    );
    const paths = gathered.pages.map((page) => new URL(page.url).pathname.replace(/\/$/, "") || "/");
    expect(paths).toContain("/");
    expect(paths).toContain(expectedPath);
    for (const page of gathered.pages) {
      expect(page.text.length, page.url).toBeGreaterThan(50);
      expect(page.text, page.url).not.toMatch(/accept (all )?cookies/i);
    }
    expect(gathered.pages.length).toBeLessThanOrEqual(8); // without search, the own site has the whole budget
  });

  it("never requests a path robots.txt disallows, and asks for robots.txt first", async () => {
    await gatherEvidence(
      siteOnly("https://plausible.io", "Plausible", "Plausible admin login"),
      "Plausible admin login",
      { fetcher, search: null },
      { pageBudget: 12 },
    );
    const plausible = web.requests.filter((request) => request.host === "plausible.io");
    expect(plausible[0]?.path).toBe("/robots.txt");
    expect(plausible.some((request) => request.path.startsWith("/admin"))).toBe(false);
  });
});
