import { describe, expect, it } from "vitest";
import { countryCodes, countryName } from "./country-name.js";

describe("countryName", () => {
  it.each([
    ["DE", "Germany"],
    ["de", "Germany"],
    ["US", "United States"],
    ["GB", "United Kingdom"],
    ["FR", "France"],
    ["VN", "Vietnam"],
    ["KR", "South Korea"],
    ["HK", "Hong Kong"],
    ["MM", "Myanmar"],
    ["CD", "Democratic Republic of the Congo"],
    ["BA", "Bosnia and Herzegovina"],
    ["LC", "Saint Lucia"],
    ["CI", "Côte d'Ivoire"],
    ["XK", "Kosovo"],
    ["UK", null],
    ["SU", null],
    ["EU", null],
    ["ZZ", null],
    ["Germany", null],
    ["", null],
    [null, null],
  ])("%j -> %j", (code, expected) => {
    expect(countryName(code)).toBe(expected);
  });

  it("names the 249 ISO 3166-1 countries and Kosovo, each with a plain name", () => {
    const codes = countryCodes();
    expect(codes).toHaveLength(250);
    for (const code of codes) expect(countryName(code)).not.toMatch(/&| - |SAR|St\. |’/);
  });
});
