import { neutralizeCsvFormula } from "@dossier/contract/csv";

/** A cell quoted for CSV (RFC 4180) when it holds a comma, a quote or a line break. */
function quoted(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * CSV text of `records` (the header row first), meant for spreadsheets: every cell that a
 * spreadsheet would run as a formula gets a leading `'` (`neutralizeCsvFormula`), answers and
 * details coming from web pages; rows end with CRLF, as RFC 4180 and the gateway's CSV do.
 */
export function writeCsv(records: ReadonlyArray<ReadonlyArray<string>>): string {
  return records.map((record) => `${record.map((cell) => quoted(neutralizeCsvFormula(cell))).join(",")}\r\n`).join("");
}

/** Input rows with results beside them: the input's columns as read, then the results' columns. */
export interface TableBesideInput {
  /** The input file's columns, in its order. */
  inputColumns: readonly string[];
  /** The result columns written after them. */
  resultColumns: readonly string[];
  /** One entry per input row, in its order: its cells, and its result's cells (none when it has none yet). */
  rows: ReadonlyArray<{
    input: Readonly<Record<string, string>>;
    result: Readonly<Record<string, string>> | undefined;
  }>;
}

/**
 * The records of an input file with each row's result beside it, header first, so that every
 * result can be matched back to its row: `dossier batch` writes its output file with it, and the
 * console its CSV download. A cell a row lacks is empty.
 */
export function recordsBesideInput(table: TableBesideInput): string[][] {
  return [
    [...table.inputColumns, ...table.resultColumns],
    ...table.rows.map(({ input, result }) => [
      ...table.inputColumns.map((column) => input[column] ?? ""),
      ...table.resultColumns.map((column) => result?.[column] ?? ""),
    ]),
  ];
}
