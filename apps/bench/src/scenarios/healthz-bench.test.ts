import { describe, expect, it } from "vitest";
import { formatHealthzFigures, type HealthzWindow, meetsHealthzTarget, pollsIn } from "./healthz-bench.js";

describe("pollsIn", () => {
  it("takes the polls sent inside the window, the latencies of those that answered 200 and a count of the rest", () => {
    const polls = [
      { sentAt: 990, answeredAt: 991, status: 200 },
      { sentAt: 1_000, answeredAt: 1_002, status: 200 },
      { sentAt: 1_012, answeredAt: 1_190, status: 200 },
      { sentAt: 1_200, answeredAt: 1_201, status: 0 },
      { sentAt: 1_300, answeredAt: 1_301, status: 503 },
      { sentAt: 1_500, answeredAt: 1_501, status: 200 },
    ];
    expect(pollsIn(polls, 1_000, 1_500)).toEqual({ latencies: [2, 178], failed: 2 });
  });
});

const window = (name: string, latencies: number[], extra: Partial<HealthzWindow> = {}): HealthzWindow => ({
  name,
  bodyBytes: 2_200_000,
  status: 202,
  submissionMs: 1_000,
  latencies,
  failed: 0,
  ...extra,
});

describe("meetsHealthzTarget", () => {
  it("needs polls in every window, all answered, none slower than 100 ms", () => {
    expect(meetsHealthzTarget([window("a", [1, 100]), window("a", [3])])).toBe(true);
    expect(meetsHealthzTarget([window("a", [1, 100.5])])).toBe(false);
    expect(meetsHealthzTarget([window("a", [1], { failed: 1 })])).toBe(false);
    expect(meetsHealthzTarget([window("a", [])])).toBe(false);
  });
});

describe("formatHealthzFigures", () => {
  const idle = window("nothing submitted", [1, 2, 4], { bodyBytes: 0, status: undefined, submissionMs: undefined });

  it("pools each submission's rounds, lists each round's time and slowest poll, and says MISSED when one round passed 100 ms", () => {
    const text = formatHealthzFigures([
      idle,
      window("10,000 valid items", [1, 64], { submissionMs: 1_988 }),
      window("10,000 invalid items", [1, 5], { status: 422, bodyBytes: 580_000, submissionMs: 1_500 }),
      window("10,000 valid items", [1, 179], { submissionMs: 1_046 }),
      window("10,000 invalid items", [2, 51], { status: 422, bodyBytes: 580_000, submissionMs: 1_208 }),
    ]);
    const rows = text.split("\n").filter((line) => line.startsWith("| "));
    expect(rows).toHaveLength(5);
    expect(rows[2]).toMatch(/^\| nothing submitted +\| - +\| - +\| - +\| +3 \| +2 \| +4 \| 4 +\| +0 \| +0 \| - +\|$/);
    expect(rows[3]).toMatch(
      /^\| 10,000 valid items +\| 2\.2 +\| 202 +\| 1,988, 1,046 +\| +4 \| .*\| 64, 179 +\| +1 \| +0 \| MISSED +\|$/,
    );
    expect(rows[4]).toMatch(
      /^\| 10,000 invalid items +\| 0\.58 +\| 422 +\| 1,500, 1,208 +\| .*\| 5, 51 +\| +0 \| +0 \| met +\|$/,
    );
    expect(text.split("\n").at(-1)).toBe(
      "Target: /healthz answers within 100 ms throughout a 10,000-item batch submission: MISSED.",
    );
  });

  it("says met when every round of every submission stayed within 100 ms, and notes an idle machine already slower", () => {
    const met = formatHealthzFigures([idle, window("10,000 valid items", [1, 99])]);
    expect(met.split("\n").at(-1)).toBe(
      "Target: /healthz answers within 100 ms throughout a 10,000-item batch submission: met.",
    );
    const slow = formatHealthzFigures([{ ...idle, latencies: [1, 140] }, window("10,000 valid items", [1, 99])]);
    expect(slow).toContain("With nothing submitted the slowest poll already took 140 ms");
  });
});
