import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { realwebDirectory } from "@dossier/testing";
import { describe, expect, it } from "vitest";
import { extractPage } from "./extract-page.js";
import type { ExtractedPage } from "./extracted-page.js";

const REALWEB = realwebDirectory();
const available = existsSync(join(REALWEB, "pages.json"));
if (!available) console.warn(`Skipping the real-web extraction test: ${REALWEB} is absent.`);

interface RealPage {
  url: string;
  expectedTitle: string;
  html: string;
  page: ExtractedPage;
}

function loadPages(): RealPage[] {
  const index = JSON.parse(readFileSync(join(REALWEB, "pages.json"), "utf8")) as Record<
    string,
    Array<{ path: string; title: string }>
  >;
  const pages: RealPage[] = [];
  for (const [host, entries] of Object.entries(index)) {
    for (const entry of entries) {
      const file = join(REALWEB, host, ...entry.path.split("/").filter(Boolean), "index.html");
      if (!existsSync(file)) continue;
      const html = readFileSync(file, "utf8");
      const url = `https://${host}${entry.path}`;
      pages.push({
        url,
        expectedTitle: entry.title,
        html,
        page: extractPage({ url, contentType: "text/html; charset=utf-8", text: html }),
      });
    }
  }
  return pages;
}

function decode(text: string): string {
  return text
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

describe.skipIf(!available)("extractPage over the real-web pages", () => {
  const pages = available ? loadPages() : [];

  it("reads every listed page", () => {
    expect(pages.length).toBeGreaterThan(100);
  });

  it("gives every page its title and non-empty text", () => {
    for (const { url, expectedTitle, page } of pages) {
      expect(page.title?.toLowerCase(), url).toBe(decode(expectedTitle).toLowerCase());
      expect(page.text.trim().length, url).toBeGreaterThan(20);
      expect(page.siteName, url).not.toBeNull();
      expect(page.language, url).toBe("en");
    }
  });

  it("keeps the article's first paragraph", () => {
    for (const { url, html, page } of pages) {
      const article = /<article>([\s\S]*?)<\/article>/.exec(html)?.[1] ?? "";
      const paragraph = /<p[^>]*>([\s\S]*?)<\/p>/.exec(article)?.[1];
      if (paragraph === undefined || decode(paragraph) === "") continue;
      expect(page.text.replace(/\s+/g, " "), url).toContain(decode(paragraph).slice(0, 80));
    }
  });

  it("keeps cookie banners, navigation, footers and script source out of the text", () => {
    for (const { url, page } of pages) {
      expect(page.text, url).not.toContain("We use cookies to improve your experience");
      expect(page.text, url).not.toContain("Accept all");
      expect(page.text, url).not.toMatch(/^©/m);
      expect(page.text, url).not.toContain("Sitemap");
      expect(page.text, url).not.toContain("app.js");
      expect(page.text, url).not.toMatch(/\{"@context"|<script|function\s*\(/);
      expect(page.text, url).not.toMatch(/\w+ \| \w+ \| \w+ \| \w+ \| \w+ \| \w+ \| Contact/);
    }
  });

  it("parses JSON-LD wherever a page carries it", () => {
    for (const { url, html, page } of pages) {
      if (html.includes("application/ld+json")) expect(page.jsonLd.length, url).toBeGreaterThan(0);
      else expect(page.jsonLd, url).toEqual([]);
    }
    const faq = pages.find((entry) => entry.url === "https://plausible.io/faq")?.page;
    expect(faq?.jsonLd[0]?.["@type"]).toBe("FAQPage");
    const home = pages.find((entry) => entry.url === "https://plausible.io/")?.page;
    expect(home?.profileLinks).toEqual(["https://github.com/plausible", "https://twitter.com/plausiblehq"]);
  });

  it("keeps the navigation links and resolves them", () => {
    const about = pages.find((entry) => entry.url === "https://plausible.io/about")?.page;
    expect(about?.links.map((link) => link.url)).toEqual(
      expect.arrayContaining([
        "https://plausible.io/pricing",
        "https://plausible.io/jobs",
        "https://plausible.io/sitemap.xml",
      ]),
    );
  });

  it("pairs names with titles on the Sourcegraph team page", () => {
    const team = pages.find((entry) => entry.url === "https://handbook.sourcegraph.com/team")?.page;
    expect(team?.text).toContain("Quinn Slack — CEO, co-founder, Board of Directors");
    expect(team?.text).toContain("Beyang Liu — CTO, co-founder, Board of Directors");
  });

  it("keeps the S&P 500 table as rows", () => {
    const list = pages.find((entry) => entry.url.startsWith("https://en.wikipedia.org/"))?.page;
    expect(list?.text).toContain("It comprises 503 common stocks");
    expect(list?.text).toContain(
      "MMM | 3M | Industrials | Industrial Conglomerates | Saint Paul, Minnesota | 1957-03-04 | 66740 | 1902",
    );
  });
});
