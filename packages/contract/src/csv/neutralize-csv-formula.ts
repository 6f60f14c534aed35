/**
 * First characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"), with
 * the full-width forms that some East Asian versions of Excel read the same way.
 */
const FORMULA_STARTS = new Set(["=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20"]);

/** A plain number, signed or not: `-12.5`, `+4930123456` (E.164), `1,250`, `-3e-7`. */
const PLAIN_NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A CSV cell's text made safe to open in a spreadsheet: text that would start a formula gets a
 * leading `'`, which spreadsheets show as text, even after leading spaces. Plain numbers are left as they are, so negative
 * numbers and E.164 phone numbers stay numbers; they cannot call a function or reach anything.
 * Quoting for CSV is the writer's job, after this.
 */
export function neutralizeCsvFormula(text: string): string {
  // Leading spaces are skipped: some spreadsheets trim them before they look for a formula.
  const first = text.replace(/^ +/, "")[0];
  if (first === undefined || !FORMULA_STARTS.has(first) || PLAIN_NUMBER.test(text)) return text;
  return `'${text}`;
}
