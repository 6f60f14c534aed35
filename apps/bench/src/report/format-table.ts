/** A printable cell: numbers are rounded by {@link formatNumber}. */
export type Cell = string | number | null | undefined;

/** A number with at most `digits` decimals and thousands separators; NaN and null print as `-`. */
export function formatNumber(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  return value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

function cellText(cell: Cell): string {
  if (typeof cell === "number") return formatNumber(cell);
  if (cell === null || cell === undefined) return "-";
  return cell;
}

/**
 * A GitHub-flavoured Markdown table, columns padded so that it also reads well in a terminal.
 * Numbers are right-aligned.
 */
export function formatTable(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const texts = rows.map((row) => headers.map((_, column) => cellText(row[column])));
  const widths = headers.map((header, column) =>
    Math.max(header.length, 3, ...texts.map((row) => row[column]!.length)),
  );
  const numeric = headers.map(
    (_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === "number" || row[column] == null),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(" | ")} |`;
  const rule = `| ${widths.map((width, column) => (numeric[column] ? `${"-".repeat(width - 1)}:` : "-".repeat(width))).join(" | ")} |`;
  return [line(headers), rule, ...texts.map(line)].join("\n");
}
