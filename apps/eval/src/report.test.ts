import { describe, expect, it } from "vitest";
import type { CaseResult } from "./case-result.js";
import { reportCaseSet } from "./report.js";

/** A real-web case whose proving passage did not reach the prompt, so it was withheld. */
const missed: CaseResult = {
  id: "rw-missed",
  set: "realweb",
  group: "TEXT",
  pageKind: "about",
  reach: "footer",
  status: 200,
  expectsUnknown: false,
  correct: false,
  withheld: true,
  evidenceInPrompt: false,
  sources: [],
  provingSources: 0,
  unsupportedAnswer: null,
  promptTokens: [900],
  completionTokens: 40,
  modelCalls: 1,
  pagesRead: 1,
  searches: 1,
  latencyMs: 10,
  confidence: 0,
  modelConfidence: null,
  rejectedQuotes: null,
  schemaFailure: false,
};

const targetNames = (effort: "lite" | "standard" | undefined) =>
  reportCaseSet("realweb", [missed], { recall: 0.95, precision: 0.95 }, { answeredBy: "oracle", effort }).targets.map(
    ([name, met]) => `${met ? "met" : "missed"} ${name}`,
  );

describe("the evaluation's targets per effort tier", () => {
  it("holds the standard tier to the recall target, and reports lite's recall without holding it to the crawl's", () => {
    expect(targetNames(undefined)).toContain("missed realweb: evidence recall >= 0.95");
    expect(targetNames("standard")).toContain("missed realweb: evidence recall >= 0.95");
    expect(targetNames("lite").filter((name) => name.includes("recall"))).toEqual([]);
    expect(targetNames("lite")).toContain("met realweb: 0 answers whose quote does not state them");
  });
});
