import type { ResearchResponse } from "@dossier/contract";
import { describe, expect, it } from "vitest";
import { withholdsAnswer } from "./withholds-answer.js";

const base: ResearchResponse = {
  answerText: "true",
  answerNumber: 1,
  details: "Stated on the security page.",
  sources: ["https://northwind-robotics.test/security"],
  confidence: 0.9,
  citations: [],
};

describe("withholdsAnswer", () => {
  it.each([
    ["a typed answer", base, false],
    ["a null typed answer", { ...base, answerText: null, answerNumber: null }, true],
    [
      "an answer object with every field",
      { ...base, answerObject: { hq: "Boston", funding: [{ round: "A" }] } },
      false,
    ],
    ["an answer object with a null field", { ...base, answerObject: { hq: "Boston", founded: null } }, true],
    ["an answer object with a null member of an item", { ...base, answerObject: { funding: [{ lead: null }] } }, true],
  ])("%s: %s", (_name, response, withheld) => {
    expect(withholdsAnswer(response as ResearchResponse)).toBe(withheld);
  });
});
