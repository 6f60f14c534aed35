import { describe, expect, it } from "vitest";
import { shareFiveLetters } from "./same-word.js";

describe("shareFiveLetters", () => {
  it.each([
    ["certified", "certification"],
    ["founder", "founded"],
    ["found", "foundation"],
    ["partner", "partnership"],
    ["sponsor", "sponsorship"],
    ["integrate", "integration"],
    ["intern", "internship"],
    ["interview", "interviewer"],
  ])("counts %s and %s as one word", (left, right) => {
    expect(shareFiveLetters(left, right)).toBe(true);
  });

  it.each([
    ["founder", "foundation"],
    ["director", "direction"],
    ["investor", "investment"],
    ["operator", "operation"],
    ["intern", "interest"],
    ["transit", "translate"],
    ["understand", "underwrite"],
  ])("does not count %s and %s as one word", (left, right) => {
    expect(shareFiveLetters(left, right)).toBe(false);
  });
});
