import { describe, expect, it } from "vitest";
import { type CpuProfile, packageOf, summarizeCpuProfile } from "./summarize-cpu-profile.js";

const frame = (functionName: string, url = "", lineNumber = 0) => ({ functionName, url, lineNumber });

describe("summarizeCpuProfile", () => {
  const profile: CpuProfile = {
    startTime: 0,
    endTime: 1_000_000,
    nodes: [
      { id: 1, callFrame: frame("(root)"), hitCount: 0 },
      { id: 2, callFrame: frame("(idle)"), hitCount: 50 },
      {
        id: 3,
        callFrame: frame("handle", "file:///r/node_modules/.pnpm/router@2.2.0/node_modules/router/index.js", 149),
        hitCount: 30,
      },
      {
        id: 4,
        callFrame: frame("next", "file:///r/node_modules/.pnpm/router@2.2.0/node_modules/router/index.js", 188),
        hitCount: 10,
      },
      { id: 5, callFrame: frame("stableStringify", "file:///r/packages/queue/dist/job-id.js", 14), hitCount: 10 },
    ],
  };

  it("adds self time by package and by function, most first", () => {
    const summary = summarizeCpuProfile(profile);
    expect(summary.totalMs).toBe(1_000);
    expect(summary.idleShare).toBe(0.5);
    expect(summary.packages).toEqual([
      { name: "router", selfMs: 400, share: 0.4 },
      { name: "packages/queue", selfMs: 100, share: 0.1 },
    ]);
    expect(summary.functions[0]).toEqual({ name: "handle router/index.js:150", selfMs: 300, share: 0.3 });
    expect(summary.functions.map((entry) => entry.name)).toContain("stableStringify queue/dist/job-id.js:15");
  });

  it("keeps only the requested number of entries", () => {
    expect(summarizeCpuProfile(profile, 1).functions).toHaveLength(1);
  });
});

describe("packageOf", () => {
  it("names scoped and plain packages, node internals and the repository's own folders", () => {
    expect(
      packageOf(
        "file:///r/node_modules/.pnpm/@mozilla+readability@0.6.0/node_modules/@mozilla/readability/Readability.js",
      ),
    ).toBe("@mozilla/readability");
    expect(packageOf("file:///r/node_modules/ioredis/built/Redis.js")).toBe("ioredis");
    expect(packageOf("node:internal/streams/writable")).toBe("node (internal)");
    expect(packageOf("file:///r/apps/gateway/dist/main.js")).toBe("apps/gateway");
    expect(packageOf("")).toBe("(native or V8)");
  });
});
