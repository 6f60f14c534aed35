import type { OutputSchemaCase, ResearchBody } from "@dossier/testing";
import { describe, expect, it } from "vitest";
import { scoreObjectCase } from "./object-case.js";

const about = "http://northwind-robotics.test/about";
const founded = "Northwind Robotics was founded in 2016 in Boston, Massachusetts";
const staff = "Today Northwind Robotics employs 240 people.";

const profile: OutputSchemaCase = {
  id: "profile",
  kind: "company",
  request: {
    question: "Profile",
    company: { name: "Northwind Robotics", website: "https://northwind-robotics.test" },
    outputSchema: {
      type: "object",
      properties: {
        hq: { type: "string" },
        headcount: { type: "integer" },
        revenueUsd: { type: "number" },
        offices: { type: "array", items: { type: "string" } },
      },
    },
  },
  expectedFields: {
    hq: { value: "Boston", proof: { url: about, phrase: founded } },
    headcount: { value: 240, proof: { url: about, phrase: staff } },
    revenueUsd: null,
    offices: [{ value: "Boston", proof: { url: about, phrase: founded } }],
  },
};

function body(answerObject: Record<string, unknown>, fieldCitations: ResearchBody["fieldCitations"]): ResearchBody {
  return {
    answerText: "summary",
    answerNumber: null,
    details: "",
    sources: [about],
    confidence: 0.8,
    citations: [],
    answerObject,
    fieldCitations,
  };
}

describe("scoreObjectCase", () => {
  it("counts every value and list item the case expects as right, and each stated by its quote", () => {
    const score = scoreObjectCase(
      profile,
      body(
        { hq: "boston", headcount: 240, revenueUsd: null, offices: ["Boston"] },
        {
          hq: [{ url: about, quote: founded }],
          headcount: [{ url: about, quote: staff }],
          "offices[0]": [{ url: about, quote: founded }],
        },
      ),
    );
    expect(score).toEqual({ expected: 3, filled: 3, right: 3, unsupported: 0, wrong: [] });
  });

  it("counts a value the case does not expect as wrong, and a value no returned quote states as unsupported", () => {
    const score = scoreObjectCase(
      profile,
      body(
        { hq: "Boston", headcount: 250, revenueUsd: 1_000_000, offices: ["Boston", "Rotterdam"] },
        {
          hq: [{ url: about, quote: founded }],
          headcount: [{ url: about, quote: staff }],
          "offices[0]": [{ url: about, quote: founded }],
        },
      ),
    );
    expect(score).toEqual({
      expected: 3,
      filled: 5,
      right: 2,
      unsupported: 3,
      wrong: ["headcount", "revenueUsd", "offices[1]"],
    });
  });
});
