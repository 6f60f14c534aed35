import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { carriedColumns, rowMetadata } from "./row-metadata.js";
import { recordsBesideInput, writeCsv } from "./write-csv.js";

describe("writeCsv", () => {
  it("writes text csv-parse reads back cell for cell, quotes, commas and line breaks included", () => {
    const records = [
      ["Company Name", "notes"],
      ["Acme, Inc.", 'said "hi"\nthen left'],
      ["Müller & Söhne", ""],
    ];
    const text = writeCsv(records);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parse(text)).toEqual(records);
  });

  it("writes no cell a spreadsheet would run as a formula, and keeps numbers and E.164 phones", () => {
    expect(parse(writeCsv([['=HYPERLINK("http://evil.example")', "@SUM(A1)", "-12", "+4930123456"]]))).toEqual([
      ['\'=HYPERLINK("http://evil.example")', "'@SUM(A1)", "-12", "+4930123456"],
    ]);
  });
});

describe("recordsBesideInput", () => {
  it("puts every input row's columns first and its result's beside them, empty where there is none", () => {
    expect(
      recordsBesideInput({
        inputColumns: ["Company", "Owner"],
        resultColumns: ["Answer"],
        rows: [
          { input: { Company: "Acme", Owner: "rep-1" }, result: { Answer: "Yes" } },
          { input: { Company: "Globex" }, result: undefined },
        ],
      }),
    ).toEqual([
      ["Company", "Owner", "Answer"],
      ["Acme", "rep-1", "Yes"],
      ["Globex", "", ""],
    ]);
  });
});

describe("carriedColumns", () => {
  it("carries the first 16 columns whose headers are metadata keys, and names the others", () => {
    const headers = ["", "constructor", "x".repeat(65), ...Array.from({ length: 17 }, (_, index) => `c${index}`)];
    const { carried, left } = carriedColumns(headers);
    expect(carried).toEqual(Array.from({ length: 16 }, (_, index) => `c${index}`));
    expect(left).toEqual(["", "constructor", "x".repeat(65), "c16"]);
  });

  it("cuts a cell longer than a metadata value may be", () => {
    const metadata = rowMetadata({ Company: "Acme", Notes: "n".repeat(600) }, ["Company", "Notes", "Owner"]);
    expect(metadata).toEqual({ Company: "Acme", Notes: `${"n".repeat(511)}…`, Owner: "" });
  });
});
