import type { ResearchBody, ResearchCase } from "@dossier/testing";
import { describe, expect, it } from "vitest";
import { answerMatches, passageWith, phraseInPassages, samePersonField } from "./case-result.js";

type Type = ResearchCase["request"]["responseType"];

/** Whether `given` is right for a case of `type` that expects `expected`. */
function right(type: Type, expected: string, given: string | null, numbers?: [number, number | null]): boolean {
  const testCase: ResearchCase = {
    id: "case",
    kind: "company",
    request: { question: "What?", responseType: type, company: { name: "Acme" } },
    expected: { answerText: expected, ...(numbers ? { answerNumber: numbers[0] } : {}) },
  };
  return answerMatches(testCase, { answerText: given, answerNumber: numbers?.[1] ?? null } as ResearchBody);
}

describe("the scoring rule of each responseType", () => {
  it("NUMBER and BOOL: equal", () => {
    expect(right("NUMBER", "1200", "1200", [1200, 1200])).toBe(true);
    expect(right("NUMBER", "1200", "2021", [1200, 2021])).toBe(false);
    expect(right("BOOL", "true", "true", [1, 1])).toBe(true);
    expect(right("BOOL", "true", "false", [1, 0])).toBe(false);
  });

  it("DATE: equal, or one a prefix of the other at a date boundary", () => {
    expect(right("DATE", "2018-12-05", "2018-12-05")).toBe(true);
    expect(right("DATE", "2018-12-05", "2018")).toBe(true);
    expect(right("DATE", "2018-12", "2018-12-05")).toBe(true);
    expect(right("DATE", "2018-12-05", "2018-11")).toBe(false);
    expect(right("DATE", "2018", "2019")).toBe(false);
    expect(right("DATE", "2018-1", "2018-12")).toBe(false);
  });

  it("URL: equal with scheme, www. and a trailing slash aside", () => {
    expect(right("URL", "https://github.com/acme/acme", "http://www.github.com/acme/acme/")).toBe(true);
    expect(right("URL", "https://github.com/acme/acme", "https://acme.example/blog/moving-to-github")).toBe(false);
  });

  it("OPTION: equal; OPTIONS: the same set, in any order", () => {
    expect(right("OPTION", "AWS", "AWS")).toBe(true);
    expect(right("OPTION", "AWS", "aws")).toBe(false);
    expect(right("OPTIONS", '["AWS","GCP"]', '["GCP","AWS"]')).toBe(true);
    expect(right("OPTIONS", '["AWS","GCP"]', '["AWS"]')).toBe(false);
    expect(right("OPTIONS", '["AWS"]', '["AWS","GCP"]')).toBe(false);
  });

  it("TEXT: the answer holds every word of the expected one, a leading article aside; a part of it is not enough", () => {
    expect(right("TEXT", "Tartu", "Västriku tn 2, 50403 Tartu, Estonia")).toBe(true);
    expect(right("TEXT", "Jane Doe", "Founded by JANE (Doe) in 2019")).toBe(true);
    expect(right("TEXT", "Zürich", "Zurich")).toBe(true);
    expect(right("TEXT", "Jane Doe", "Jane")).toBe(false);
    expect(right("TEXT", "Tartu", null)).toBe(false);
    // An article the expected answer opens with is not a word the answer must repeat.
    expect(right("TEXT", "the Harbour Trust", "Harbour Trust")).toBe(true);
    expect(right("TEXT", "the Harbour Trust", "Trust")).toBe(false);
    expect(right("TEXT", "Co-Founder and CEO", "Co-Founder, CEO")).toBe(true);
    expect(right("TEXT", "Co-Founder and CEO", "CEO")).toBe(false);
  });

  it("TEXT: a title without the organisation the request names, which the case writes after it", () => {
    // The request names Acme: "General Partner at Acme" is the answer "General Partner".
    expect(right("TEXT", "General Partner at Acme", "General Partner")).toBe(true);
    expect(right("TEXT", "Treasurer, Acme", "Treasurer")).toBe(true);
    expect(right("TEXT", "General Partner at Northwind", "General Partner")).toBe(false);
    expect(right("TEXT", "General Partner at Acme", "Partner")).toBe(false);
  });

  it("an unanswerable case is right only when both answer fields are null", () => {
    const testCase: ResearchCase = {
      id: "unknown",
      kind: "company",
      request: { question: "What is the VAT number?", responseType: "TEXT", company: { name: "Acme" } },
      expected: { answerText: null, answerNumber: null },
    };
    expect(answerMatches(testCase, { answerText: null, answerNumber: null } as ResearchBody)).toBe(true);
    expect(answerMatches(testCase, { answerText: "EE123", answerNumber: null } as ResearchBody)).toBe(false);
  });
});

describe("a field of the person record", () => {
  it("is right as a title with the same words, whatever their order, case and joining words", () => {
    expect(samePersonField("jobTitle", "VP Product", "VP of Product")).toBe(true);
    expect(samePersonField("jobTitle", "CEO & Co-founder", "Co-Founder & CEO")).toBe(true);
    expect(samePersonField("jobTitle", "Manager", "Manager, Financial Planning & Analysis")).toBe(false);
    expect(samePersonField("jobTitle", "Full Stack Engineer", "Software Engineer", ["Full Stack Engineer"])).toBe(true);
  });

  it("is right as a city by its words, as anything else only when equal, and empty only when none is expected", () => {
    expect(samePersonField("city", "drøbak", "Drøbak")).toBe(true);
    expect(samePersonField("country", "UK", "United Kingdom")).toBe(false);
    expect(samePersonField("city", null, null)).toBe(true);
    expect(samePersonField("city", null, "Leeds")).toBe(false);
    expect(samePersonField("city", "Leeds", null)).toBe(false);
  });
});

describe("the proving passage in the prompt", () => {
  it("finds a phrase of the page's text across the numbers the prompt gives an ordered list", () => {
    const passage = { text: "To sign in to the portal:\n\n1. Open https://portal.example.org/\n2. Log in with SSO" };
    expect(passageWith([passage], "To sign in to the portal: Open https://portal.example.org/")).toBe(passage);
    expect(passageWith([passage], "To sign in to the portal: Close the window")).toBeUndefined();
  });

  it("finds a phrase that writes a list's number the prompt's passage, cut at the item, leaves out", () => {
    const passage = { url: "https://example.org/privacy", text: "Introduction\n\nWelcome to Example Inc." };
    expect(
      passageWith([passage], "Effective date: 05/28/2023 1. Introduction Welcome to Example Inc."),
    ).toBeUndefined();
    expect(passageWith([passage], "1. Introduction Welcome to Example Inc.")).toBe(passage);
  });

  it("finds a phrase held in pieces by passages of its page: a table cut into blocks, each led by its header", () => {
    const header = "Request | SLA | Owner";
    const first = { id: "P1", url: "https://example.org/people", text: `${header}\nProposals | 3 days | Ada Park` };
    const second = {
      id: "P2",
      url: "https://example.org/people",
      text: `${header}\nNew laptops | 2 weeks | Ada Park, Ben Roe\nRepairs | 1 week | Ben Roe`,
    };
    const elsewhere = { id: "P3", url: "https://example.org/other", text: "New laptops 2 weeks Ada Park, Ben Roe" };
    const phrase = "Proposals 3 days Ada Park New laptops 2 weeks Ada Park, Ben Roe";
    expect(passageWith([first, second], phrase)).toBeUndefined();
    expect(phraseInPassages([first, second], phrase)).toEqual([
      { passage: first, quote: "Proposals 3 days Ada Park" },
      { passage: second, quote: "New laptops 2 weeks Ada Park, Ben Roe" },
    ]);
    // Every piece from one page, and none of two words or fewer: a word here and there proves nothing.
    expect(phraseInPassages([first, elsewhere], phrase)).toBeUndefined();
    expect(phraseInPassages([first, second], "Proposals 3 days Ada Park Repairs 2 weeks")).toBeUndefined();
  });
});
