import { describe, expect, it } from "vitest";
import { exceedsJsonDepth } from "./exceeds-json-depth.js";

const nested = (depth: number, open = "[", close = "]") => `${open.repeat(depth)}${close.repeat(depth)}`;

describe("exceedsJsonDepth", () => {
  it.each([
    ["a scalar", "42", 0, false],
    ["an empty object at the limit", "{}", 1, false],
    ["an empty object past the limit", "{}", 0, true],
    ["arrays at the limit", nested(64), 64, false],
    ["arrays one past the limit", nested(65), 64, true],
    ["objects and arrays mixed", '{"a":[{"b":[1]}]}', 4, false],
    ["objects and arrays mixed, one past", '{"a":[{"b":[1]}]}', 3, true],
    ["siblings do not add up", "[[1],[2],[3],[4]]", 2, false],
    ["brackets inside a string", `{"q":"${nested(100)}"}`, 1, false],
    ["an escaped quote keeps the string open", `{"q":"\\"${nested(100)}"}`, 1, false],
    ["an escaped backslash closes the string", `{"q":"\\\\","r":${nested(3)}}`, 3, true],
    ["multi-byte text beside the brackets", `{"name":"Zoë 王 🚀","x":[[["é"]]]}`, 4, false],
    ["unbalanced closing brackets first", `]]]]${nested(3)}`, 2, true],
    ["a deep prefix of invalid JSON", nested(100).slice(0, 100), 64, true],
  ])("%s: %j with limit %i -> %s", (_name, text, limit, expected) => {
    expect(exceedsJsonDepth(Buffer.from(text, "utf8"), limit)).toBe(expected);
  });
});
