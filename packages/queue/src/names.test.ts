import { describe, expect, it } from "vitest";
import { redisChannels, redisKeys, spreadKeyPrefix } from "./names.js";

/** Calls a key builder with sample arguments (ids, names, a window number). */
const sample = (build: (...args: never[]) => string, prefix: string) =>
  (build as (...args: unknown[]) => string)(prefix, "id-1", 7);

describe("redisKeys", () => {
  it("starts every key with the prefix, so that its hash tag puts them all in one cluster slot", () => {
    for (const [name, build] of Object.entries({ ...redisKeys, ...redisChannels })) {
      const key = sample(build, "{dossier}");
      expect(key, name).toMatch(/^\{dossier\}:/);
      // Redis hashes only the first {...} of a key: a second tag would be ignored, a first one elsewhere would win.
      expect(key.indexOf("{"), name).toBe(0);
    }
  });

  it("keeps the cache keys out of the prefix's hash tag, so that they spread over a cluster's nodes", () => {
    expect(spreadKeyPrefix("{dossier}", "page")).toBe("dossier:page:");
    expect(spreadKeyPrefix("dossier", "search")).toBe("dossier:search:");
    expect(spreadKeyPrefix("team:{dossier}", "page")).toBe("team:dossier:page:");
  });
});
