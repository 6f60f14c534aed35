import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { columnMapping, subjectOf } from "./column-mapping.js";
import { parseCsv } from "./parse-csv.js";

/** What the CLI's parser (csv-parse) makes of the same text. */
const withCsvParse = (text: string) =>
  parse(text, { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true }) as Array<
    Record<string, string>
  >;

describe("parseCsv", () => {
  it.each([
    ["plain rows", "name,website\nAcme,acme.com\nGlobex,globex.com\n"],
    ["CRLF line ends and no final newline", "name,website\r\nAcme,acme.com\r\nGlobex,globex.com"],
    ["a byte order mark", "\uFEFFname,website\nAcme,acme.com\n"],
    ["quoted commas, quotes and line breaks", 'name,notes\n"Acme, Inc.","said ""hi""\nthen left"\n'],
    ["empty cells and blank lines", "first name,last name,email\nJane,,jane@acme.com\n\n,Doe,\n"],
    ["unicode", "name,location\nMüller & Söhne,Zürich\n"],
  ])("reads %s as csv-parse does", (_label, text) => {
    const { headers, rows } = parseCsv(text);
    const expected = withCsvParse(text);
    expect(rows).toEqual(
      expected.map((row) => Object.fromEntries(headers.map((header) => [header, row[header] ?? ""]))),
    );
    expect(headers).toEqual(Object.keys(expected[0] ?? {}));
  });

  it("fills a short row's missing cells with empty text", () => {
    expect(parseCsv("a,b,c\n1,2\n").rows).toEqual([{ a: "1", b: "2", c: "" }]);
  });
});

describe("columnMapping", () => {
  it("maps known headers, ignoring case and punctuation, and explicit mappings first", () => {
    const mapping = columnMapping(["Company Name", "Domain", "Owner", "HQ"], "company", ["Owner=location"]);
    expect([...mapping]).toEqual([
      ["Owner", "location"],
      ["Company Name", "name"],
      ["Domain", "website"],
    ]);
  });

  it("builds a nested person from a row, leaving empty cells out", () => {
    const mapping = columnMapping(["First Name", "Last Name", "Employer", "Email"], "person", [
      "Employer=company.name",
    ]);
    expect(subjectOf({ "First Name": "Jane", "Last Name": "Doe", Employer: "Acme", Email: " " }, mapping)).toEqual({
      firstName: "Jane",
      lastName: "Doe",
      company: { name: "Acme" },
    });
  });

  it("names a mapping that is not column=field, and a column the file does not have", () => {
    expect(() => columnMapping(["a"], "company", ["nonsense"])).toThrow(/is not column=field/);
    expect(() => columnMapping(["a"], "company", ["b=name"])).toThrow(/does not have/);
    expect(() => columnMapping(["x", "y"], "company")).toThrow(/no column maps/);
  });
});
