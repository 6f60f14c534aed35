import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { readOutputSchema } from "@dossier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realweb2Directory, realwebDirectory } from "../stack/repository-root.js";
import { realwebAvailable, realwebPageFile } from "../stack/start-realweb-world.js";
import {
  type CaseProof,
  type ExpectedField,
  type ListCase,
  loadEnrichmentCases,
  loadListCases,
  loadOutputSchemaCases,
  loadRealweb2Cases,
  loadRealwebCases,
  loadRealwebHeldoutCases,
  loadResearchCases,
  type ResearchCase,
} from "./case-files.js";
import { readPdfText } from "./pdf-document.js";
import { requestPage } from "./request-page.js";
import { lanternfishWorld } from "./sites/lanternfish-foundation.js";
import { nordicClimateIndex } from "./sites/nordic-climate-index.js";
import { type SimulatedWeb, startSimulatedWeb } from "./start-simulated-web.js";
import { toMainText, toVisibleText } from "./visible-text.js";

let web: SimulatedWeb;
const pageTexts = new Map<string, { visible: string; main: string }>();

beforeAll(async () => {
  // The list cases' directory and sponsors are sites of their own, beside the usual ones.
  web = await startSimulatedWeb({ extraSites: [nordicClimateIndex, ...lanternfishWorld] });
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

function expectAnswerConventions(entry: ResearchCase): void {
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
}

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
    (_id, entry) => expectAnswerConventions(entry),
  );

  it.each(research.filter((entry) => entry.proof).map((entry) => [entry.id, entry] as const))(
    "%s: the proof phrase is in the main visible text of the proof page",
    async (id, entry) => {
      await expectProven(entry.proof as CaseProof, id);
    },
  );
});

const REALWEB = realwebDirectory();
const realweb = realwebAvailable(REALWEB) ? loadRealwebCases() : [];

describe.skipIf(realweb.length === 0)("real-web cases", () => {
  const hosts = realwebAvailable(REALWEB)
    ? readdirSync(REALWEB).filter((name) => statSync(join(REALWEB, name)).isDirectory())
    : [];

  it("has at least 100 unique cases over every saved host, every response type and all three person identities", () => {
    expect(realweb.length).toBeGreaterThanOrEqual(100);
    expect(new Set(realweb.map((entry) => entry.id)).size).toBe(realweb.length);
    expect([...new Set(realweb.map((entry) => entry.request.responseType))].sort()).toEqual([
      "BOOL",
      "DATE",
      "NUMBER",
      "OPTION",
      "OPTIONS",
      "TEXT",
      "URL",
    ]);
    const asked = new Set(
      realweb.flatMap((entry) => {
        const company = entry.request.company ?? entry.request.person?.company;
        return [entry.proof?.url, company?.website]
          .filter((url): url is string => !!url)
          .map((url) => new URL(url).hostname);
      }),
    );
    for (const host of hosts) expect(asked, host).toContain(host);
    expect(new Set(realweb.map((entry) => entry.identity).filter(Boolean))).toEqual(
      new Set(["full-name", "first-name", "email"]),
    );
  });

  it("has at least 10 questions the pages do not answer, with null answers and no proof", () => {
    const unanswered = realweb.filter(
      (entry) => entry.expected.answerText == null && entry.expected.answerNumber == null,
    );
    expect(unanswered.length).toBeGreaterThanOrEqual(10);
    for (const entry of unanswered) expect(entry.proof, entry.id).toBeUndefined();
  });

  describeRealwebProofs(REALWEB, realweb);
  describePersonRecords(REALWEB, realweb);
});

const REALWEB2 = realweb2Directory();
const realweb2 = realwebAvailable(REALWEB2) ? loadRealweb2Cases() : [];

// realweb2 may be small: its cases are held to the conventions and their pages, not to a size.
describe.skipIf(realweb2.length === 0)("second real-web set's cases", () => {
  it("has unique ids, none shared with the first set", () => {
    const ids = realweb2.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    const first = new Set(loadRealwebCases().map((entry) => entry.id));
    expect(ids.filter((id) => first.has(id))).toEqual([]);
  });

  it("gives questions the pages do not answer null answers and no proof", () => {
    for (const entry of realweb2)
      if (entry.expected.answerText == null && entry.expected.answerNumber == null)
        expect(entry.proof, entry.id).toBeUndefined();
  });

  describeRealwebProofs(REALWEB2, realweb2);
  describePersonRecords(REALWEB2, realweb2);
});

/** The twelve fields of the enriched person record, as a case expects them. */
const PERSON_FIELDS = [
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

/** Whether a phrase is in the visible and the main text of a saved page. */
function savedPageStates(folder: string, proof: CaseProof): { saved: boolean; visible: boolean; main: boolean } {
  const url = new URL(proof.url);
  const file = realwebPageFile(folder, url.hostname, url.pathname);
  if (!file) return { saved: false, visible: false, main: false };
  const html = readFileSync(file, "utf8");
  return {
    saved: true,
    visible: toVisibleText(html).includes(proof.phrase),
    main: toMainText(html).includes(proof.phrase),
  };
}

/**
 * A set's person-record cases: at least twelve over three hosts or more whose title or place a
 * card states, each record whole and canonical, every field from evidence or a link proven by a
 * phrase of its saved page, and no proof of a field the record leaves empty.
 */
function describePersonRecords(folder: string, cases: readonly ResearchCase[]): void {
  const withRecord = cases.filter((entry) => entry.expectedPerson);

  it("has at least twelve person-record cases over three hosts, their title or place on a card", () => {
    const onCards = withRecord.filter((entry) =>
      Object.entries(entry.personProof ?? {}).some(
        ([field, proof]) => proof?.card && (field === "jobTitle" || field === "city"),
      ),
    );
    expect(onCards.length).toBeGreaterThanOrEqual(12);
    const hosts = new Set(onCards.map((entry) => new URL(entry.personProof?.jobTitle?.url ?? "https://none").hostname));
    expect(hosts.size).toBeGreaterThanOrEqual(3);
    expect(new Set(withRecord.map((entry) => entry.identity))).toEqual(new Set(["full-name", "first-name", "email"]));
  });

  it.each(withRecord.map((entry) => [entry.id, entry] as const))(
    "%s: the record is whole and canonical, and a saved page states each field it takes from evidence or a link",
    (id, entry) => {
      const person = entry.expectedPerson!;
      expect(Object.keys(person).sort(), id).toEqual([...PERSON_FIELDS].sort());
      if (person.linkedinUrl) expect(person.linkedinUrl, id).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[a-z0-9-]+$/);
      if (person.companyWebsite) expect(person.companyWebsite, id).toMatch(/^https:\/\/(?!www\.)[a-z0-9.-]+$/);
      if (person.jobStartDate) expect(person.jobStartDate, id).toMatch(/^\d{4}-\d{2}(-\d{2})?$/);
      const proofs = entry.personProof ?? {};
      for (const field of ["jobTitle", "city", "country", "jobStartDate", "linkedinUrl"] as const) {
        expect(person[field] === null, `${id}.${field}: a value exactly when a proof`).toBe(
          proofs[field] === undefined,
        );
        const proof = proofs[field];
        if (!proof) continue;
        const states = savedPageStates(folder, proof);
        expect(states.saved, `${id}.${field}: ${proof.url} is saved`).toBe(true);
        expect(
          states.visible && states.main,
          `${id}.${field}: "${proof.phrase}" is in the main text of ${proof.url}`,
        ).toBe(true);
      }
    },
  );
}

const heldout = loadRealwebHeldoutCases();
const RESPONSE_TYPES = ["BOOL", "DATE", "NUMBER", "OPTION", "OPTIONS", "TEXT", "URL"];

// Questions over both folders written from the pages alone: a measurement, run only when named.
describe.skipIf(heldout.length === 0)("held-out real-web cases", () => {
  it("are read by none of the tuned sets, and share no id with them", () => {
    const tuned = [...loadRealwebCases(), ...loadRealweb2Cases()].map((entry) => entry.id);
    const ids = heldout.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => tuned.includes(id))).toEqual([]);
  });

  it("has at least 60 cases over both folders, every response type, all three person identities and 8 unanswerable", () => {
    expect(heldout.length).toBeGreaterThanOrEqual(60);
    expect(new Set(heldout.map((entry) => entry.world))).toEqual(new Set(["realweb", "realweb2"]));
    expect([...new Set(heldout.map((entry) => entry.request.responseType))].sort()).toEqual(RESPONSE_TYPES);
    expect(new Set(heldout.map((entry) => entry.identity).filter(Boolean))).toEqual(
      new Set(["full-name", "first-name", "email"]),
    );
    const unanswered = heldout.filter(
      (entry) => entry.expected.answerText == null && entry.expected.answerNumber == null,
    );
    expect(unanswered.length).toBeGreaterThanOrEqual(8);
    for (const entry of unanswered) expect(entry.proof, entry.id).toBeUndefined();
    for (const entry of heldout) {
      expect(entry.pageKind && entry.reach, entry.id).toBeTruthy();
      expect(["realweb", "realweb2"], entry.id).toContain(entry.world);
    }
  });

  for (const [world, folder] of [
    ["realweb", REALWEB],
    ["realweb2", REALWEB2],
  ] as const)
    describe.skipIf(!realwebAvailable(folder))(`over ${world}`, () =>
      describeRealwebProofs(
        folder,
        heldout.filter((entry) => entry.world === world),
      ),
    );
});

/** Each answered case of a set of saved sites: its answer's conventions, and its phrase in the main text of its saved page. */
function describeRealwebProofs(folder: string, cases: readonly ResearchCase[]): void {
  it.each(cases.filter((entry) => entry.proof).map((entry) => [entry.id, entry] as const))(
    "%s: follows the conventions of its response type, and its phrase is in the main text of the saved page",
    (id, entry) => {
      expectAnswerConventions(entry);
      const proof = entry.proof as CaseProof;
      const url = new URL(proof.url);
      const file = realwebPageFile(folder, url.hostname, url.pathname);
      expect(file, `${id}: ${proof.url} is saved`).not.toBeNull();
      const html = readFileSync(file ?? "", "utf8");
      expect(toVisibleText(html).includes(proof.phrase), `${id}: "${proof.phrase}" is on ${proof.url}`).toBe(true);
      expect(toMainText(html).includes(proof.phrase), `${id}: the phrase is in the main content`).toBe(true);
    },
  );
}

describe("enrichment cases", () => {
  const fields = PERSON_FIELDS;

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

describe("outputSchema cases", () => {
  const cases = loadOutputSchemaCases();

  it("has at least ten unique cases: company profiles, compliance checklists and leadership lists among them", () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
    expect(new Set(cases.map((entry) => entry.id)).size).toBe(cases.length);
    const shapes = cases.map((entry) => Object.keys(entry.expectedFields).join(","));
    expect(shapes).toContain("hq,founded,headcount,revenueUsd,funding");
    expect(shapes).toContain("soc2Type2,iso27001,gdpr,hipaa");
    expect(shapes).toContain("leaders");
    expect(cases.some((entry) => entry.kind === "person")).toBe(true);
  });

  it.each(cases.map((entry) => [entry.id, entry] as const))(
    "%s: its schema is in the subset, every field is expected, and fields the web does not state are among them",
    (id, entry) => {
      const read = readOutputSchema(entry.request.outputSchema);
      expect(read.ok, `${id}: ${JSON.stringify(read.ok ? null : read.errors)}`).toBe(true);
      if (!read.ok) return;
      const paths = Object.entries(read.schema.properties).flatMap(([name, field]) =>
        field.kind === "object" ? Object.keys(field.properties).map((member) => `${name}.${member}`) : [name],
      );
      expect(Object.keys(entry.expectedFields).sort()).toEqual(paths.sort());
    },
  );

  it.each(cases.map((entry) => [entry.id, entry] as const))(
    "%s: every proof phrase is on its page",
    async (id, entry) => {
      const expected = Object.entries(entry.expectedFields).flatMap(([path, field]) =>
        (Array.isArray(field) ? field : field ? [field] : []).map((item: ExpectedField) => [path, item] as const),
      );
      expect(expected.length).toBeGreaterThan(0);
      for (const [path, field] of expected) await expectProven(field.proof, `${id}.${path}`);
    },
  );
});

/** A text's words, case, accents and punctuation aside: a table row's cells read as one phrase. */
const wordsOf = (text: string) =>
  (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).join(" ");

describe("list cases", () => {
  const sets = [
    ["fixture", null],
    ["realweb", REALWEB],
    ["realweb2", REALWEB2],
  ] as const;
  // The case files are in the repository; the saved pages their proofs are checked on may not be.
  const allCases = sets.flatMap(([set]) => loadListCases(set).map((entry) => [set, entry] as const));
  const cases = allCases.filter(([set]) => {
    const folder = sets.find(([name]) => name === set)?.[1] ?? null;
    return folder === null || realwebAvailable(folder);
  });

  it("has unique ids and, in every world, a list from one long page or several sites, a people list and one nothing meets", () => {
    expect(new Set(allCases.map(([, entry]) => entry.id)).size).toBe(allCases.length);
    const shapes = allCases.map(([, entry]) => entry.shape);
    for (const shape of ["directory", "multi-site", "people", "none"] as const) expect(shapes).toContain(shape);
    for (const [set] of sets) {
      const ofSet = allCases.filter(([caseSet]) => caseSet === set).map(([, entry]) => entry);
      expect(
        ofSet.some((entry) => entry.request.entityType === "person"),
        `${set} has a people list`,
      ).toBe(true);
      expect(
        ofSet.some((entry) => entry.expected.length === 0),
        `${set} has a list nothing meets`,
      ).toBe(true);
    }
    const multiSite = allCases.find(([, entry]) => entry.shape === "multi-site")![1];
    expect(
      new Set(multiSite.expected.map((entity) => new URL(Object.values(entity.proofs)[0]!.url).hostname)).size,
    ).toBeGreaterThan(1);
  });

  it.each(cases.map(([set, entry]) => [entry.id, set, entry] as const))(
    "%s: each expected entity is named once and proven for every criterion by a phrase of its page",
    async (id, set, entry: ListCase) => {
      const names = entry.expected.map((entity) => wordsOf(entity.name));
      expect(new Set(names).size, `${id}: names are unique`).toBe(names.length);
      for (const entity of entry.expected) {
        if (entry.request.criteria)
          expect(Object.keys(entity.proofs).sort()).toEqual(
            entry.request.criteria.map((criterion) => criterion.id).sort(),
          );
        expect(Object.keys(entity.proofs).length).toBeGreaterThan(0);
        for (const [criterionId, proof] of Object.entries(entity.proofs)) {
          let main: string;
          if (set === "fixture") main = (await textsOf(proof.url)).main;
          else {
            const url = new URL(proof.url);
            const file = realwebPageFile(set === "realweb" ? REALWEB : REALWEB2, url.hostname, url.pathname);
            expect(file, `${id}: ${proof.url} is saved`).not.toBeNull();
            main = toMainText(readFileSync(file ?? "", "utf8"));
          }
          expect(wordsOf(proof.phrase)).toContain(wordsOf(entity.name).split(" ")[0]);
          expect(
            ` ${wordsOf(main)} `,
            `${id} ${entity.name} ${criterionId}: "${proof.phrase}" is on ${proof.url}`,
          ).toContain(` ${wordsOf(proof.phrase)} `);
        }
      }
    },
  );
});
