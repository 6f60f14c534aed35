import { describe, expect, it } from "vitest";
import { percentile, summarizeLatencies } from "./latency-summary.js";

describe("summarizeLatencies", () => {
  it("takes nearest-rank percentiles of samples in any order", () => {
    const samples = Array.from({ length: 100 }, (_, index) => 100 - index);
    const summary = summarizeLatencies(samples);
    expect(summary).toMatchObject({ count: 100, p50: 50, p90: 90, p99: 99, max: 100, mean: 50.5 });
  });

  it("does not reorder the caller's samples", () => {
    const samples = [3, 1, 2];
    summarizeLatencies(samples);
    expect(samples).toEqual([3, 1, 2]);
  });

  it("gives NaN rather than a made-up figure when there are no samples", () => {
    const summary = summarizeLatencies([]);
    expect(summary.count).toBe(0);
    expect(summary.p50).toBeNaN();
    expect(summary.p99).toBeNaN();
  });

  it("picks the only sample for every percentile of one", () => {
    expect(percentile([7], 0.01)).toBe(7);
    expect(percentile([7], 0.99)).toBe(7);
  });
});
