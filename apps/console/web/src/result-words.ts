import { type BatchResultLine, citationsOf, type ResearchResponse } from "@dossier/client";

/** The enriched person's fields as a person would name them, in the order the API gives them. */
const PERSON_FIELD_LABELS: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  linkedinUrl: "LinkedIn profile",
  jobTitle: "Current title",
  country: "Country",
  city: "City",
  jobStartDate: "In this role since",
  companyName: "Company",
  companyWebsite: "Company website",
  companyLinkedinUrl: "Company LinkedIn page",
};

/** A person field's name in words: its label, else its camelCase split into words ("someField" → "Some field"). */
export function personFieldInWords(field: string): string {
  const label = PERSON_FIELD_LABELS[field];
  if (label) return label;
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The person's known fields (strings), labelled, in the API's order. */
export function personFieldsOf(result: ResearchResponse): Array<[field: string, value: string]> {
  const person = "person" in result ? (result.person as Record<string, unknown> | undefined) : undefined;
  if (!person) return [];
  return Object.entries(person).filter(
    (entry): entry is [string, string] => entry[0] !== "personSources" && typeof entry[1] === "string",
  );
}

/**
 * The answer as a person reads it: "Yes" or "No" for a yes-or-no answer (carried as "true" and
 * "false" with 1 and 0), the chosen options joined by commas for several; other answers as given;
 * null when the evidence does not say.
 */
export function answerInWords(result: Pick<ResearchResponse, "answerText" | "answerNumber">): string | null {
  const { answerText, answerNumber } = result;
  if (answerText === null) return null;
  if (answerText === "true" && answerNumber === 1) return "Yes";
  if (answerText === "false" && answerNumber === 0) return "No";
  if (answerText.startsWith("[")) {
    try {
      const chosen: unknown = JSON.parse(answerText);
      if (Array.isArray(chosen) && chosen.every((option) => typeof option === "string"))
        return chosen.length === 0 ? "None of the options" : chosen.join(", ");
    } catch {
      // Not a list of options: shown as given.
    }
  }
  return answerText;
}

/** Whether a result answers: an answer, or at least one field of an answer in its own shape. */
function answers(result: ResearchResponse): boolean {
  if (result.answerText !== null) return true;
  return result.answerObject !== undefined && Object.values(result.answerObject ?? {}).some((value) => value !== null);
}

/** A result line's outcome in words: "Answered", "Not enough evidence", "Cancelled" or "Failed: <why>". */
export function outcomeInWords(line: BatchResultLine): string {
  if (line.result) return answers(line.result) ? "Answered" : "Not enough evidence";
  if (line.problem?.code === "BATCH_CANCELLED") return "Cancelled";
  return `Failed: ${line.problem?.detail ?? line.problem?.title ?? `status ${line.status}`}`;
}

/** Whether the line's outcome is an answer, for its colour. */
export function isAnswered(line: BatchResultLine): boolean {
  return line.result !== undefined && answers(line.result);
}

/** The cells a line's request carried in its metadata (the uploaded file's columns, from the console). */
export function inputOf(line: BatchResultLine): Record<string, string> {
  return line.result?.metadata ?? line.metadata ?? {};
}

/** The columns the lines' metadata carried, in the order they were first seen. */
export function inputColumnsOf(lines: readonly BatchResultLine[]): string[] {
  const columns = new Set<string>();
  for (const line of lines) for (const column of Object.keys(inputOf(line))) columns.add(column);
  return [...columns];
}

/** A confidence as a person reads it: "87%". */
export function percentOf(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

/** An answer object's fields by the paths `fieldCitations` uses: `hq`, `address.city`, `funding[0]`. */
export function fieldsOf(value: unknown, path = ""): Array<[path: string, value: unknown]> {
  if (Array.isArray(value)) return value.map((item, index) => [`${path}[${index}]`, item]);
  if (value !== null && typeof value === "object" && (path === "" || !path.endsWith("]")))
    return Object.entries(value).flatMap(([name, member]) => {
      const inner = path ? `${path}.${name}` : name;
      return member !== null && typeof member === "object" ? fieldsOf(member, inner) : [[inner, member]];
    });
  return [[path, value]];
}

/** A field's value as a cell: text for a scalar, "name: value" pairs for an item of objects. */
export function cellOf(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object")
    return Object.entries(value)
      .filter(([, member]) => member !== null)
      .map(([name, member]) => `${name}: ${String(member)}`)
      .join("; ");
  return String(value);
}

/** The result columns of the console's CSV, in words; person and answer-shape columns follow when any line has them. */
export const RESULT_COLUMNS = ["Result", "Answer", "Confidence", "Details", "Sources"] as const;

/** A line's result cells, keyed by column: {@link RESULT_COLUMNS}, then person fields and answer fields in words. */
export function resultCellsOf(line: BatchResultLine): Record<string, string> {
  const result = line.result;
  const cells: Record<string, string> = { Result: outcomeInWords(line) };
  if (!result) return cells;
  cells.Answer = answerInWords(result) ?? "";
  cells.Confidence = percentOf(result.confidence);
  cells.Details = result.details;
  cells.Sources = citationsOf(result)
    .map((source) => source.url)
    .join(" ");
  for (const [field, value] of personFieldsOf(result)) cells[`Person: ${personFieldInWords(field)}`] = value;
  if (result.answerObject)
    for (const [path, value] of fieldsOf(result.answerObject)) cells[`Field: ${path}`] = cellOf(value);
  return cells;
}
