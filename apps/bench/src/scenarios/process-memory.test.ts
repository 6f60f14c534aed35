import { describe, expect, it } from "vitest";
import { residentBytes, sampleResidentPeaks } from "./process-memory.js";

describe("residentBytes", () => {
  it("reads this process's resident size close to what Node reports", () => {
    const fromProc = residentBytes(process.pid)!;
    const fromNode = process.memoryUsage().rss;
    expect(fromProc).toBeGreaterThan(fromNode / 2);
    expect(fromProc).toBeLessThan(fromNode * 2);
  });

  it("gives undefined for a process that does not exist", () => {
    expect(residentBytes(2 ** 30)).toBeUndefined();
  });
});

describe("sampleResidentPeaks", () => {
  it("keeps the largest size seen, which grows when the process allocates", async () => {
    const sampler = sampleResidentPeaks([process.pid], 10);
    const first = sampler.stop().get(process.pid)!;
    const again = sampleResidentPeaks([process.pid], 10);
    const ballast = Buffer.alloc(64 * 2 ** 20, 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const peak = again.stop().get(process.pid)!;
    expect(ballast[ballast.length - 1]).toBe(1);
    expect(peak).toBeGreaterThan(first + 16 * 2 ** 20);
  });
});
