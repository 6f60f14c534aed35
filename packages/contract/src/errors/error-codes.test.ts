import { readFileSync } from "node:fs";
import { STATUS_CODES } from "node:http";
import { describe, expect, it } from "vitest";
import { DossierError } from "./dossier-error.js";
import { type ErrorCode, errorCodes, problemType } from "./error-codes.js";

const stagePrefixes = [
  "REQUEST_",
  "AUTH_",
  "RATE_",
  "QUOTA_",
  "JOB_",
  "BATCH_",
  "LIST_",
  "WATCH_",
  "QUEUE_",
  "RESEARCH_",
  "LLM_",
  "SEARCH_",
  "FETCH_",
  "ROUTE_",
  "METHOD_",
  "INTERNAL_",
];

interface DocumentedRow {
  code: string;
  status: number;
  title: string;
}

function readDocumentedRows(): DocumentedRow[] {
  const markdown = readFileSync(new URL("../../../../docs/errors.md", import.meta.url), "utf8");
  const rows: DocumentedRow[] = [];
  for (const line of markdown.split("\n")) {
    const cells = line
      .trim()
      .match(/^\|(.*)\|$/)?.[1]
      ?.split("|")
      .map((cell) => cell.trim());
    if (cells?.length !== 3) continue;
    const [code, status, title] = cells as [string, string, string];
    if (code === "code" || /^-+$/.test(code)) continue;
    rows.push({ code, status: Number(status), title });
  }
  return rows;
}

const documentedRows = readDocumentedRows();
const tableEntries = Object.entries(errorCodes) as Array<[ErrorCode, { status: number; title: string }]>;

describe("error code table and docs/errors.md", () => {
  it("documents a non-trivial table", () => {
    expect(documentedRows.length).toBeGreaterThan(10);
  });

  it.each(tableEntries)("%s is a row of docs/errors.md with the same status and title", (code, entry) => {
    const rows = documentedRows.filter((row) => row.code === code);
    expect(rows).toEqual([{ code, status: entry.status, title: entry.title }]);
  });

  it.each(documentedRows.map((row) => [row.code, row] as const))(
    "documented row %s is a code in the table",
    (code, row) => {
      expect(Object.hasOwn(errorCodes, code)).toBe(true);
      const entry = errorCodes[code as ErrorCode];
      expect({ status: entry.status, title: entry.title }).toEqual({ status: row.status, title: row.title });
    },
  );

  it("documents each code once", () => {
    const codes = documentedRows.map((row) => row.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe("error codes", () => {
  it.each(tableEntries)("%s is SCREAMING_SNAKE with a known stage prefix", (code) => {
    expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/);
    expect(stagePrefixes.some((prefix) => code.startsWith(prefix))).toBe(true);
  });

  it.each(tableEntries)("%s has a valid HTTP error status and a title", (_code, entry) => {
    expect(Number.isInteger(entry.status)).toBe(true);
    expect(entry.status).toBeGreaterThanOrEqual(400);
    expect(entry.status).toBeLessThanOrEqual(599);
    expect(STATUS_CODES[entry.status]).toBeDefined();
    expect(entry.title.trim()).not.toBe("");
  });

  it("gives every code its own problem type", () => {
    const types = tableEntries.map(([code]) => problemType(code));
    expect(new Set(types).size).toBe(types.length);
    expect(problemType("FETCH_BLOCKED_ADDRESS")).toBe("https://dossier.dev/problems/fetch-blocked-address");
  });

  it.each(tableEntries)("a DossierError with %s carries the table's status", (code, entry) => {
    const error = new DossierError(code, { detail: "something specific" });
    expect(error.code).toBe(code);
    expect(error.status).toBe(entry.status);
  });
});
