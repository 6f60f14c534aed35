import { describe, expect, it } from "vitest";
import { type ExtractedPage, extractPage } from "../gather/extract/index.js";
import { countTokens } from "./count-tokens.js";
import { snippetPassages } from "./snippet-passages.js";
import { splitPassages } from "./split-passages.js";

function page(text: string, jsonLd: ExtractedPage["jsonLd"] = []): ExtractedPage {
  return {
    url: "https://acme.example/about",
    title: "About Acme",
    description: null,
    siteName: "Acme",
    publishedAt: null,
    modifiedAt: null,
    text,
    jsonLd,
    links: [],
    profileLinks: [],
    language: "en",
  };
}

function sentence(topic: string, words: number): string {
  return `${Array.from({ length: words - 1 }, (_, index) => `${topic}${index}`).join(" ")}.`;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

describe("splitPassages", () => {
  it("cuts along paragraphs into passages of about 60 to 120 words with their heading", () => {
    const text = [
      "# About Acme",
      sentence("intro", 40),
      sentence("history", 45),
      "## Our story",
      sentence("story", 50),
      sentence("growth", 50),
      sentence("later", 50),
      "## Funding",
      sentence("money", 70),
    ].join("\n\n");
    const passages = splitPassages(page(text));
    expect(passages.map((passage) => passage.heading)).toEqual(["About Acme", "Our story", "Our story", "Funding"]);
    expect(passages[0]!.text.startsWith("About Acme\n\nintro0")).toBe(true);
    expect(passages[1]!.text.startsWith("Our story\n\nstory0")).toBe(true);
    // The rest of a section is shown under its heading too.
    expect(passages[2]!.text.startsWith("Our story\n\n")).toBe(true);
    for (const passage of passages) {
      expect(wordCount(passage.text)).toBeLessThanOrEqual(122);
      expect(passage.tokens).toBe(countTokens(passage.text));
      expect(passage).toMatchObject({ url: "https://acme.example/about", title: "About Acme", source: "page" });
    }
    expect(wordCount(passages[1]!.text)).toBeGreaterThanOrEqual(60);
  });

  it("keeps a short line that sums up a list with the list, and a longer paragraph after it apart", () => {
    const items = Array.from({ length: 6 }, (_, index) => `${index + 1}. ${sentence(`item${index}`, 11)}`).join("\n");
    const text = [
      "## Costs",
      sentence("setup", 8),
      items,
      "That comes to about $90 a month.",
      sentence("next", 40),
    ].join("\n\n");
    const passages = splitPassages(page(text));
    expect(passages[0]!.text).toContain("6. item50");
    expect(passages[0]!.text.endsWith("That comes to about $90 a month.")).toBe(true);
    expect(passages[1]!.text.startsWith("Costs\n\nnext0")).toBe(true);
  });

  it("opens a passage with the line that leads into the list after it, rather than closing one", () => {
    const lead = "Selected interviews with our founder and CEO, Jane Doe:";
    const list = [
      "- The Morning Show",
      ...Array.from({ length: 6 }, (_, index) => `- ${sentence(`show${index}`, 11)}`),
    ].join("\n");
    const text = [sentence("story", 45), lead, list].join("\n\n");
    const passages = splitPassages(page(text));
    const withList = passages.find((passage) => passage.text.includes("- The Morning Show"));
    expect(withList?.text.startsWith(lead)).toBe(true);
    expect(passages.filter((passage) => passage.text.includes(lead))).toHaveLength(1);
  });

  it("splits a long paragraph at sentence boundaries and a long table at rows", () => {
    const long = Array.from({ length: 30 }, (_, index) => `Sentence number ${index} has exactly seven words.`).join(
      " ",
    );
    const table = Array.from(
      { length: 100 },
      (_, index) => `ROW${index} | Company ${index} | Industrials | Saint Paul`,
    ).join("\n");
    const passages = splitPassages(page(`${long}\n\n${table}`));
    expect(passages.length).toBeGreaterThan(4);
    for (const passage of passages) expect(wordCount(passage.text)).toBeLessThanOrEqual(120);
    expect(passages[0]!.text.endsWith("words.")).toBe(true);
    expect(passages.some((passage) => passage.text.startsWith("ROW") && passage.text.includes("\nROW"))).toBe(true);
  });

  it("gives stable ids, unique within the page and different across pages", () => {
    const text = ["## One", sentence("a", 80), "## Two", sentence("b", 80)].join("\n\n");
    const first = splitPassages(page(text));
    const again = splitPassages(page(text));
    expect(again.map((passage) => passage.id)).toEqual(first.map((passage) => passage.id));
    expect(new Set(first.map((passage) => passage.id)).size).toBe(first.length);
    const other = splitPassages({ ...page(text), url: "https://acme.example/team" });
    expect(other.map((passage) => passage.id).some((id) => first.some((passage) => passage.id === id))).toBe(false);
  });

  it("turns JSON-LD into citable fact passages", () => {
    const passages = splitPassages(
      page("Short page.", [
        {
          "@type": "Organization",
          name: "Acme Corp",
          foundingDate: "2014",
          address: { "@type": "PostalAddress", addressLocality: "Berlin" },
          founder: { "@type": "Person", name: "Jane Doe", jobTitle: "CTO" },
          sameAs: ["https://x.com/acme"],
          logo: "https://acme.example/logo.png",
        },
      ]),
    );
    const facts = passages.filter((passage) => passage.source === "jsonld");
    expect(facts.map((passage) => passage.heading)).toEqual(["Organization: Acme Corp", "Person: Jane Doe"]);
    expect(facts[0]!.text.split("\n")).toEqual([
      "Organization name: Acme Corp",
      "Organization foundingDate: 2014",
      "Organization address.addressLocality: Berlin",
      "Organization founder: Jane Doe",
      "Organization sameAs: https://x.com/acme",
    ]);
    expect(facts[1]!.text).toContain("Person jobTitle: CTO");
    expect(facts[0]!.id).not.toBe(passages[0]!.id);
  });

  it("keeps a team card's name and title line in the passage text", () => {
    const text = [
      "# Team",
      "### Jane Doe — Chief Technology Officer",
      "Jane leads engineering at Acme and joined in 2019.",
    ].join("\n\n");
    const [passage] = splitPassages(page(text));
    expect(passage!.text).toContain("Jane Doe — Chief Technology Officer\n\nJane leads engineering");
  });

  it("keeps a link alone on its line with the bio or card it closes", () => {
    const bio = `Jane Roe — Board Member\n${sentence("bio", 90)}`;
    const text = `${bio}\n\n» https://jane.example/\n\nJohn Poe — Board Member\n${sentence("other", 90)}`;
    const passages = splitPassages(page(text));
    const janes = passages.find((passage) => passage.text.includes("Jane Roe"));
    expect(janes?.text).toContain("https://jane.example/");
    expect(janes?.text).not.toContain("John Poe");
  });

  it("returns nothing for an empty page", () => {
    expect(splitPassages(page(""))).toEqual([]);
  });
});

describe("snippetPassages", () => {
  it("turns search snippets into passages marked as such, one per URL, skipping empty ones", () => {
    const passages = snippetPassages([
      { url: "https://acme.example/", title: "Acme ", snippet: "Acme builds  rockets\nin Berlin." },
      { url: "https://acme.example/", title: "Acme", snippet: "Duplicate hit." },
      { url: "https://empty.example/", title: "Empty", snippet: "  " },
    ]);
    expect(passages).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{8}-s0$/),
        url: "https://acme.example/",
        title: "Acme",
        heading: null,
        text: "Acme builds rockets in Berlin.",
        tokens: countTokens("Acme builds rockets in Berlin."),
        source: "search-snippet",
      },
    ]);
  });
});

describe("splitPassages on a long directory", () => {
  it("never cuts a card in two: each person's name stays with their title, organisation and city", () => {
    const names = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gil", "Hal", "Ivy", "Jo", "Kit", "Lu", "Mo"];
    const roles = ["Chief Executive Officer", "CTO", "Head of Partnerships", "Engineer", "VP Sales"];
    const cities = ["Porto, Portugal", "Leeds, United Kingdom", "Austin, Texas, USA"];
    const cards = Array.from({ length: 300 }, (_, index) => {
      const name = `${names[index % names.length]} Member${index}`;
      return `<div><div>${name}</div><div>${roles[index % roles.length]}</div><div>Company${index} Ltd</div><div>${cities[index % cities.length]}</div></div>`;
    });
    const directory = extractPage({
      url: "https://directory.example/members",
      contentType: "text/html",
      text: `<html><body><main><h1>Members</h1><div>${cards.join("")}</div></main></body></html>`,
    });
    const passages = splitPassages(directory);
    for (let index = 0; index < 300; index += 1) {
      const holding = passages.filter((passage) => passage.text.includes(`Member${index}\n`));
      expect(holding, `card ${index}`).toHaveLength(1);
      expect(holding[0]!.text).toContain(`Member${index}\n${roles[index % roles.length]}\nCompany${index} Ltd\n`);
    }
  });
});

describe("splitPassages on long tables", () => {
  it("keeps the header row with every part of a long table, a few rows each", () => {
    const header = "Symbol | Security | Sector | Headquarters Location | Founded";
    const rows = Array.from(
      { length: 300 },
      (_, index) =>
        `S${index} | Company ${index} Holdings | Industrials | City ${index}, Country ${index} | ${1900 + (index % 100)}`,
    );
    const page: ExtractedPage = {
      url: "https://list.example/companies",
      title: "List of companies",
      description: null,
      siteName: null,
      publishedAt: null,
      modifiedAt: null,
      text: `# List of companies\n\n${[header, ...rows].join("\n")}`,
      jsonLd: [],
      links: [],
      profileLinks: [],
      language: "en",
    };
    const passages = splitPassages(page, { includeJsonLd: false });
    const row212 = passages.filter((passage) => passage.text.includes("Company 212 Holdings"));
    expect(row212).toHaveLength(1);
    expect(row212[0]?.text.startsWith(header)).toBe(true);
    expect(row212[0]?.text.split("\n").length).toBeLessThanOrEqual(8);
    for (const passage of passages.filter((candidate) => candidate.text.includes(" | "))) {
      expect(passage.text.split("\n").find((line) => line.includes(" | "))).toBe(header);
      expect(passage.text.split(header).length).toBe(2);
    }
  });
});
