import { describe, expect, it } from "vitest";
import { cpuMilliseconds, startCpuMeter } from "./process-cpu.js";

describe("cpuMilliseconds", () => {
  it("reads a growing CPU time for a process that computes", () => {
    const before = cpuMilliseconds(process.pid)!;
    const until = performance.now() + 120;
    let spin = 0;
    while (performance.now() < until) spin += 1;
    expect(spin).toBeGreaterThan(0);
    expect(cpuMilliseconds(process.pid)!).toBeGreaterThan(before);
  });

  it("gives undefined for a process that does not exist", () => {
    expect(cpuMilliseconds(2 ** 30)).toBeUndefined();
  });
});

describe("startCpuMeter", () => {
  it("reports the CPU time used per name since it started", () => {
    const meter = startCpuMeter({ self: [process.pid] });
    const until = performance.now() + 120;
    while (performance.now() < until);
    const used = meter.stop();
    expect(Object.keys(used)).toEqual(["self"]);
    expect(used.self).toBeGreaterThan(0);
  });
});
