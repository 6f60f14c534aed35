import type { NormalizedOutputSchema } from "@dossier/contract";

/** Longest one-line summary of an answer object, in characters. */
export const MAX_SUMMARY_LENGTH = 500;

function formatScalar(value: unknown): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  // Years and small counts read as they are; amounts get separators ("85,000,000").
  if (typeof value === "number")
    return Math.abs(value) >= 10_000 ? value.toLocaleString("en-US", { maximumFractionDigits: 6 }) : String(value);
  return String(value);
}

/** A record of a list as one phrase: its first text member, the others in brackets ("Dana Whitfield (CEO)"). */
function formatRecord(record: Record<string, unknown>): string {
  const values = Object.values(record)
    .filter((value) => value !== null)
    .map((value) => (Array.isArray(value) ? value.map(formatScalar).join(", ") : formatScalar(value)));
  const [label, ...rest] = values;
  return rest.length > 0 ? `${label} (${rest.join(", ")})` : (label ?? "");
}

/** A value as the summary shows it: lists of values joined by commas, lists of records by bars. */
function formatValue(value: unknown): string {
  if (!Array.isArray(value)) return formatScalar(value);
  const records = value.some((item) => typeof item === "object" && item !== null);
  return records
    ? value.map((item) => formatRecord(item as Record<string, unknown>)).join(" | ")
    : value.map(formatScalar).join(", ");
}

/**
 * The answer object on one line, in the schema's order, from the verified values only (never the
 * model's own words): `hq: Boston; founded: 2016; leaders: Dana Whitfield (CEO) | Ian Porter (COO); not stated: revenue`. Null when no field
 * is stated.
 */
export function summarizeObject(
  schema: NormalizedOutputSchema,
  answerObject: Record<string, unknown>,
  missing: readonly string[],
): string | null {
  const parts: string[] = [];
  for (const [name, field] of Object.entries(schema.properties)) {
    const value = answerObject[name];
    if (field.kind === "object") {
      for (const [member, inner] of Object.entries((value ?? {}) as Record<string, unknown>))
        if (inner !== null) parts.push(`${name}.${member}: ${formatValue(inner)}`);
    } else if (value !== null && value !== undefined) {
      parts.push(`${name}: ${formatValue(value)}`);
    }
  }
  if (parts.length === 0) return null;
  const line = [...parts, ...(missing.length > 0 ? [`not stated: ${missing.join(", ")}`] : [])]
    .join("; ")
    .replace(/\s+/g, " ");
  return line.length > MAX_SUMMARY_LENGTH ? `${line.slice(0, MAX_SUMMARY_LENGTH - 1).trimEnd()}…` : line;
}
