import { describe, expect, it } from "vitest";
import { formatNumber, formatTable } from "./format-table.js";

describe("formatTable", () => {
  it("prints a Markdown table with numeric columns right-aligned", () => {
    const table = formatTable(
      ["scenario", "calls/s"],
      [
        ["one", 2_044.71],
        ["fifty", 377],
      ],
    );
    expect(table.split("\n")).toEqual([
      "| scenario | calls/s |",
      "| -------- | ------: |",
      "| one      | 2,044.7 |",
      "| fifty    |     377 |",
    ]);
  });

  it("shows missing figures as a dash", () => {
    expect(formatTable(["a", "b"], [[undefined, Number.NaN]])).toContain("|   - |   - |");
  });
});

describe("formatNumber", () => {
  it("rounds to the digits asked for", () => {
    expect(formatNumber(1.23456, 2)).toBe("1.23");
    expect(formatNumber(12_345.6, 0)).toBe("12,346");
    expect(formatNumber(null)).toBe("-");
  });
});
