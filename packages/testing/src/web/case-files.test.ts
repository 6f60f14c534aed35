import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CaseProof, loadEnrichmentCases, loadResearchCases } from "./case-files.js";
import { readPdfText } from "./pdf-document.js";
import { requestPage } from "./request-page.js";
import { type SimulatedWeb, startSimulatedWeb } from "./start-simulated-web.js";
import { toMainText, toVisibleText } from "./visible-text.js";

let web: SimulatedWeb;
const pageTexts = new Map<string, { visible: string; main: string }>();

beforeAll(async () => {
  web = await startSimulatedWeb();
});

afterAll(async () => {
  await web.close();
});

async function textsOf(url: string): Promise<{ visible: string; main: string }> {
  const cached = pageTexts.get(url);
  if (cached) return cached;
  const response = await requestPage(web.port, url);
  expect(response.status, `${url} answers 200`).toBe(200);
  let texts: { visible: string; main: string };
  if (String(response.headers["content-type"]).startsWith("application/pdf")) {
    const text = readPdfText(response.body);
    texts = { visible: text, main: text };
  } else {
    const html = response.body.toString("utf8");
    texts = { visible: toVisibleText(html), main: toMainText(html) };
  }
  pageTexts.set(url, texts);
  return texts;
}

async function expectProven(proof: CaseProof, label: string): Promise<void> {
  const { visible, main } = await textsOf(proof.url);
  expect(visible.includes(proof.phrase), `${label}: "${proof.phrase}" is on ${proof.url}`).toBe(true);
  expect(main.includes(proof.phrase), `${label}: "${proof.phrase}" is in the main content of ${proof.url}`).toBe(true);
}

const research = loadResearchCases();
const enrichment = loadEnrichmentCases();

describe("research cases", () => {
  it("has at least 80 unique cases over every response type, for companies and people", () => {
    expect(research.length).toBeGreaterThanOrEqual(80);
    expect(new Set(research.map((entry) => entry.id)).size).toBe(research.length);
    const types = new Set(research.map((entry) => entry.request.responseType));
    expect([...types].sort()).toEqual(["BOOL", "DATE", "NUMBER", "OPTION", "OPTIONS", "TEXT", "URL"]);
    expect(research.some((entry) => entry.kind === "person" && entry.request.person)).toBe(true);
    expect(research.some((entry) => entry.kind === "company" && entry.request.company)).toBe(true);
  });

  it("has cases the web does not answer, with null answers and no proof", () => {
    const unanswered = research.filter(
      (entry) => entry.expected.answerText === null && entry.expected.answerNumber === null,
    );
    expect(unanswered.length).toBeGreaterThanOrEqual(8);
    for (const entry of unanswered) expect(entry.proof, entry.id).toBeUndefined();
  });

  it.each(research.filter((entry) => entry.proof).map((entry) => [entry.id, entry] as const))(
    "%s: the expected answer follows the conventions of its response type",
    (_id, entry) => {
      const { answerText, answerNumber } = entry.expected;
      const options = entry.request.responseOptions ?? [];
      switch (entry.request.responseType) {
        case "BOOL":
          expect([
            ["true", 1],
            ["false", 0],
          ]).toContainEqual([answerText, answerNumber]);
          break;
        case "NUMBER":
          expect(typeof answerNumber).toBe("number");
          break;
        case "DATE":
          expect(answerText).toMatch(/^\d{4}(-\d{2}(-\d{2})?)?$/);
          break;
        case "URL":
          expect(new URL(answerText ?? "").protocol).toMatch(/^https?:$/);
          break;
        case "OPTION":
          expect(options).toContain(answerText);
          break;
        case "OPTIONS": {
          const chosen = JSON.parse(answerText ?? "null") as string[];
          expect(chosen.length).toBeGreaterThan(0);
          expect(chosen).toEqual(options.filter((option) => chosen.includes(option)));
          break;
        }
        case "TEXT":
          expect(answerText?.trim()).toBeTruthy();
          break;
      }
    },
  );

  it.each(research.filter((entry) => entry.proof).map((entry) => [entry.id, entry] as const))(
    "%s: the proof phrase is in the main visible text of the proof page",
    async (id, entry) => {
      await expectProven(entry.proof as CaseProof, id);
    },
  );
});

describe("enrichment cases", () => {
  const fields = [
    "firstName",
    "lastName",
    "email",
    "phone",
    "linkedinUrl",
    "jobTitle",
    "country",
    "city",
    "jobStartDate",
    "companyName",
    "companyWebsite",
    "companyLinkedinUrl",
  ];

  it("has at least 12 cases, each with all twelve fields as string or null", () => {
    expect(enrichment.length).toBeGreaterThanOrEqual(12);
    for (const entry of enrichment) {
      expect(Object.keys(entry.expectedPerson).sort(), entry.id).toEqual([...fields].sort());
      for (const value of Object.values(entry.expectedPerson))
        expect(value === null || typeof value === "string").toBe(true);
    }
  });

  it("writes every field in its canonical form", () => {
    for (const { id, expectedPerson: person } of enrichment) {
      if (person.companyWebsite) expect(person.companyWebsite, id).toMatch(/^https:\/\/(?!www\.)[a-z0-9.-]+$/);
      if (person.linkedinUrl) expect(person.linkedinUrl, id).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[a-z0-9-]+$/);
      if (person.companyLinkedinUrl)
        expect(person.companyLinkedinUrl, id).toMatch(/^https:\/\/www\.linkedin\.com\/company\/[a-z0-9-]+$/);
      if (person.phone) expect(person.phone, id).toMatch(/^\+[1-9]\d{6,14}$/);
      if (person.jobStartDate) expect(person.jobStartDate, id).toMatch(/^\d{4}-\d{2}(-\d{2})?$/);
      if (person.country)
        expect(["United States", "Germany", "United Kingdom", "Spain", "Netherlands"], id).toContain(person.country);
    }
  });

  it("holds the namesake trap: one full name at two companies with different titles and cities", () => {
    const byName = new Map<string, typeof enrichment>();
    for (const entry of enrichment) {
      const name = `${entry.expectedPerson.firstName} ${entry.expectedPerson.lastName}`;
      byName.set(name, [...(byName.get(name) ?? []), entry]);
    }
    const namesakes = [...byName.values()].find((entries) => entries.length === 2);
    expect(namesakes).toBeDefined();
    const [first, second] = (namesakes ?? []).map((entry) => entry.expectedPerson);
    expect(first?.companyName).not.toBe(second?.companyName);
    expect(first?.jobTitle).not.toBe(second?.jobTitle);
    expect(first?.city).not.toBe(second?.city);
  });

  it.each(enrichment.map((entry) => [entry.id, entry] as const))(
    "%s: every proof phrase is on its page",
    async (id, entry) => {
      const proofs = Object.entries(entry.proof);
      expect(proofs.length).toBeGreaterThan(0);
      for (const [field, proof] of proofs) await expectProven(proof, `${id}.${field}`);
    },
  );
});
