import type { ResponseType } from "@dossier/contract";
import { describe, expect, it } from "vitest";
import { type AnswerMemory, compareAnswers } from "./compare-answers.js";
import { type ObservedResponse, observeAnswer } from "./observe-answer.js";
import { sameValue } from "./same-value.js";

const about = "https://acme.test/about";
const cite = (quote: string, url = about) => [{ url, title: "About", quote }];

/** Runs a sequence of responses through the comparison, as a watch's runs would, and returns each run's changes. */
function runs(responseType: ResponseType, responses: ObservedResponse[]) {
  let memory: AnswerMemory | null = null;
  return responses.map((response) => {
    const comparison = compareAnswers(memory, observeAnswer(responseType, response));
    memory = comparison.memory;
    return comparison.changes;
  });
}

const number = (value: number | null, quote = `Acme employs ${value} people`) =>
  value === null
    ? { answerText: null, answerNumber: null, citations: [] }
    : { answerText: value.toLocaleString("en-US"), answerNumber: value, citations: cite(quote) };

describe("sameValue", () => {
  it.each([
    ["240 employees", 240],
    ["240", "240 employees"],
    ["1,250", 1250],
    ["$1.25M", 1_250_000],
    ["2.5 million", "2,500,000"],
    ["about 2,000 employees", "2000"],
    ["Boston, MA", "boston ma"],
    ["  Chief   Technology Officer ", "chief technology officer"],
    ["Zürich", "Zurich"],
    ["2018", "2018-12"],
    ["https://www.acme.test/jobs/", "acme.test/jobs"],
    [
      ["AWS", "Microsoft Azure"],
      ["microsoft azure", "AWS"],
    ],
    [
      { round: "Series B", amount: "$40M" },
      { amount: 40_000_000, round: "series b" },
    ],
    [true, "true"],
  ])("%j is the same as %j", (a, b) => {
    expect(sameValue(a, b)).toBe(true);
  });

  it.each([
    [240, 260],
    ["240 employees", "240 offices"],
    ["VP Engineering", "CTO"],
    ["2018-12", "2019"],
    [["AWS"], ["AWS", "GCP"]],
    ["acme.test/jobs", "acme.test/careers"],
    ["3 offices in Berlin", "3 offices in Munich"],
    [true, false],
  ])("%j differs from %j", (a, b) => {
    expect(sameValue(a, b)).toBe(false);
  });
});

describe("compareAnswers on a typed answer", () => {
  it("reports nothing on the first run, which sets the baseline", () => {
    expect(runs("NUMBER", [number(240)])).toEqual([[]]);
  });

  it("reports a new head count once, with the quote before and the quote after", () => {
    const [, second, third] = runs("NUMBER", [number(240), number(260), number(260)]);
    expect(second).toEqual([
      {
        field: "answerText",
        kind: "changed",
        before: "240",
        after: "260",
        citations: { before: cite("Acme employs 240 people"), after: cite("Acme employs 260 people") },
      },
    ]);
    expect(third).toEqual([]);
  });

  it("keeps quiet when only the wording or the page's date changes", () => {
    const changes = runs("NUMBER", [
      number(240),
      { answerText: "240 employees", answerNumber: 240, citations: cite("Acme has 240 employees (updated 2025)") },
    ]);
    expect(changes).toEqual([[], []]);
  });

  it("reads an OPTIONS answer as a set", () => {
    const options = (list: string[]) => ({
      answerText: JSON.stringify(list),
      answerNumber: list.length,
      citations: list.flatMap((option) => cite(`We run on ${option}`)),
    });
    expect(runs("OPTIONS", [options(["AWS", "Microsoft Azure"]), options(["Microsoft Azure", "AWS"])])).toEqual([
      [],
      [],
    ]);
    const [, changed] = runs("OPTIONS", [options(["AWS"]), options(["AWS", "Google Cloud"])]);
    expect(changed).toMatchObject([
      { field: "answerText", kind: "changed", before: ["AWS"], after: ["AWS", "Google Cloud"] },
    ]);
  });

  it("reports an answer that loses its evidence as unconfirmed, once, and confirmed when it is stated again", () => {
    const changes = runs("NUMBER", [number(240), number(null), number(null), number(240)]);
    expect(changes[1]).toEqual([
      {
        field: "answerText",
        kind: "unconfirmed",
        before: "240",
        after: null,
        citations: { before: cite("Acme employs 240 people"), after: [] },
      },
    ]);
    expect(changes[2]).toEqual([]);
    expect(changes[3]).toMatchObject([{ field: "answerText", kind: "confirmed", before: "240", after: "240" }]);
  });

  it("compares a value stated again after being unconfirmed with the last one stated", () => {
    const changes = runs("NUMBER", [number(240), number(null), number(300)]);
    expect(changes[2]).toMatchObject([{ kind: "changed", before: "240", after: "300" }]);
  });

  it("reports a first answer after a baseline without one as changed from null", () => {
    const changes = runs("BOOL", [
      { answerText: null, answerNumber: null, citations: [] },
      { answerText: "true", answerNumber: 1, citations: cite("Acme is SOC 2 Type II certified") },
    ]);
    expect(changes[1]).toMatchObject([{ field: "answerText", kind: "changed", before: null, after: "true" }]);
  });

  it("does not report a rewording read from the same quote", () => {
    const text = (answer: string) => ({
      answerText: answer,
      answerNumber: null,
      citations: cite("Acme is led by Dana Wu, CEO"),
    });
    expect(runs("TEXT", [text("Dana Wu"), text("Dana Wu (CEO)")])).toEqual([[], []]);
  });
});

describe("compareAnswers on an answer object", () => {
  const object = (
    answerObject: Record<string, unknown>,
    fieldCitations: Record<string, Array<{ url: string; quote: string }>> = {},
  ) => ({
    answerText: null,
    answerNumber: null,
    citations: [],
    answerObject,
    fieldCitations,
  });
  const quote = (text: string) => [{ url: about, quote: text }];

  it("reports each field that changed by its path, nested members included", () => {
    const changes = runs("TEXT", [
      object(
        { employees: "240 employees", address: { city: "Boston", country: "US" } },
        {
          employees: quote("240 employees"),
          "address.city": quote("based in Boston"),
        },
      ),
      object(
        { employees: 240, address: { city: "Cambridge", country: "US" } },
        {
          employees: quote("we are 240"),
          "address.city": quote("moved to Cambridge"),
        },
      ),
    ]);
    expect(changes[1]).toEqual([
      {
        field: "address.city",
        kind: "changed",
        before: "Boston",
        after: "Cambridge",
        citations: { before: quote("based in Boston"), after: quote("moved to Cambridge") },
      },
    ]);
  });

  it("reports list items added and dropped, each with its quote, and nothing for a re-ordered list", () => {
    const certifications = (items: string[]) =>
      object(
        { certifications: items },
        Object.fromEntries(items.map((item, index) => [`certifications[${index}]`, quote(`We hold ${item}`)])),
      );
    const changes = runs("TEXT", [
      certifications(["SOC 2 Type II", "ISO 27001"]),
      certifications(["ISO 27001", "SOC 2 Type II"]),
      certifications(["ISO 27001", "HIPAA"]),
    ]);
    expect(changes[1]).toEqual([]);
    expect(changes[2]).toEqual([
      {
        field: "certifications",
        kind: "added",
        before: null,
        after: "HIPAA",
        citations: { before: [], after: quote("We hold HIPAA") },
      },
      {
        field: "certifications",
        kind: "dropped",
        before: "SOC 2 Type II",
        after: null,
        citations: { before: quote("We hold SOC 2 Type II"), after: [] },
      },
    ]);
  });

  it("reports a list that is no longer stated at all as unconfirmed", () => {
    const changes = runs("TEXT", [
      object({ certifications: ["ISO 27001"] }, { "certifications[0]": quote("ISO 27001 certified") }),
      object({ certifications: null }),
    ]);
    expect(changes[1]).toMatchObject([
      { field: "certifications", kind: "unconfirmed", before: ["ISO 27001"], after: null },
    ]);
  });
});

describe("compareAnswers on a person", () => {
  const person = (jobTitle: string, quote: string) => ({
    answerText: null,
    answerNumber: null,
    citations: [],
    person: {
      firstName: "Marcus",
      jobTitle,
      personSources: { firstName: { from: "request" }, jobTitle: [{ url: "https://acme.test/team", quote }] },
    },
  });

  it("reports a new title on the team page as a change of person.jobTitle", () => {
    const changes = runs("TEXT", [
      person("VP Engineering", "Marcus Oyelaran, VP Engineering"),
      person("CTO", "Marcus Oyelaran, CTO"),
    ]);
    expect(changes[1]).toEqual([
      {
        field: "person.jobTitle",
        kind: "changed",
        before: "VP Engineering",
        after: "CTO",
        citations: {
          before: [{ url: "https://acme.test/team", quote: "Marcus Oyelaran, VP Engineering" }],
          after: [{ url: "https://acme.test/team", quote: "Marcus Oyelaran, CTO" }],
        },
      },
    ]);
  });
});
