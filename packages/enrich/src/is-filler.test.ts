import { describe, expect, it } from "vitest";
import { cleanText, isFiller } from "./is-filler.js";

describe("isFiller", () => {
  it.each([
    "unknown",
    "Unknown",
    " UNKNOWN ",
    "n/a",
    "N/A",
    "na",
    "NA",
    "none",
    "None",
    "null",
    "NULL",
    "-",
    "—",
    "–",
    "--",
    "not available",
    "Not  Available",
    "tbd",
    "TBD",
    "?",
    "???",
    "...",
    "",
    "   ",
    "undefined",
    "n.a.",
  ])("%j is filler", (value) => {
    expect(isFiller(value)).toBe(true);
  });

  it.each(["Jane", "Nana", "Noneman", "ACME", "CEO", "Unknown Pleasures Ltd", "a", "-1", "?Jane"])(
    "%j is a value",
    (value) => {
      expect(isFiller(value)).toBe(false);
    },
  );

  it("treats a missing value as filler", () => {
    expect(isFiller(null)).toBe(true);
    expect(isFiller(undefined)).toBe(true);
  });
});

describe("cleanText", () => {
  it.each([
    ["  Head of   Sales\n", "Head of Sales"],
    ["N/A", null],
    [" — ", null],
    [null, null],
  ])("%j -> %j", (raw, expected) => {
    expect(cleanText(raw)).toBe(expected);
  });
});
