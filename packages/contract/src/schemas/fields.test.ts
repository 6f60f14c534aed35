import { describe, expect, it } from "vitest";
import { withoutInvisibleCharacters } from "./fields.js";

describe("withoutInvisibleCharacters", () => {
  it.each([
    ["NUL and other C0 controls", "Ac\u0000m\u0007e\u001b", "Acme"],
    ["DEL and C1 controls", "Ac\u007fme\u0085\u009f", "Acme"],
    ["zero-width space, non-joiner, joiner", "\u200bAc\u200cm\u200de", "Acme"],
    ["bidi marks", "\u200eAcme\u200f\u061c", "Acme"],
    ["bidi embeddings and overrides", "\u202aA\u202bc\u202cm\u202de\u202e", "Acme"],
    ["bidi isolates", "\u2066Ac\u2067m\u2068e\u2069", "Acme"],
    ["word joiner and invisible operators", "Ac\u2060m\u2062e\u2064", "Acme"],
    ["byte order mark", "\ufeffAcme", "Acme"],
    ["soft hyphen", "Ac\u00adme", "Acme"],
    ["tag characters", "Acme\u{e0041}\u{e007f}", "Acme"],
    ["only invisible characters", "\u200b\u200c\u0000\ufeff", ""],
    ["whitespace controls stay, for trimming", "\tAcme\r\n Inc\u000b\u000c", "\tAcme\r\n Inc\u000b\u000c"],
    ["visible text of any script stays", "Zoë Ødegård 王小明 محمد", "Zoë Ødegård 王小明 محمد"],
    ["spaces of other kinds stay", "Acme\u00a0Inc\u2009", "Acme\u00a0Inc\u2009"],
  ])("%s", (_name, text, expected) => {
    expect(withoutInvisibleCharacters(text)).toBe(expected);
  });
});
