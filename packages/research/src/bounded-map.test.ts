import { describe, expect, it } from "vitest";
import { setBounded, touchBounded } from "./bounded-map.js";

describe("setBounded and touchBounded", () => {
  it("keeps at most maxEntries, dropping the least recently set or touched", () => {
    const map = new Map<string, number>();
    setBounded(map, "a", 1, 2);
    setBounded(map, "b", 2, 2);
    expect(touchBounded(map, "a")).toBe(1);
    setBounded(map, "c", 3, 2);
    expect([...map.keys()]).toEqual(["a", "c"]);
    expect(touchBounded(map, "b")).toBeUndefined();
  });

  it("replaces a key's value and makes it the newest", () => {
    const map = new Map([
      ["a", 1],
      ["b", 2],
    ]);
    setBounded(map, "a", 10, 2);
    expect([...map.entries()]).toEqual([
      ["b", 2],
      ["a", 10],
    ]);
  });
});
