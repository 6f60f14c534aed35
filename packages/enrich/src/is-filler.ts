/**
 * Words that people and tools write into a field when they have no value for it. Compared after
 * trimming, lowercasing and collapsing inner whitespace.
 */
const FILLER_WORDS = new Set([
  "",
  "unknown",
  "unk",
  "n/a",
  "n.a.",
  "n.a",
  "n / a",
  "na",
  "none",
  "null",
  "nil",
  "undefined",
  "not available",
  "not applicable",
  "not provided",
  "not specified",
  "not set",
  "unavailable",
  "no data",
  "tbd",
  "tba",
  "tbc",
]);

/** Only dashes, dots, question marks, underscores, slashes or asterisks: "-", "—", "?", "...", "--". */
const PUNCTUATION_ONLY = /^[\p{Pd}\p{Po}_*?/\\\s]*$/u;

/**
 * True when `value` carries no information: missing, empty, or a placeholder such as "unknown",
 * "N/A", "none", "null", "-", "—", "not available", "TBD" or "?". Case-insensitive, trimmed.
 * `null` and `undefined` count as filler, so callers can test a raw field in one step.
 */
export function isFiller(value: string | null | undefined): boolean {
  if (typeof value !== "string") return true;
  const key = value.trim().replace(/\s+/g, " ").toLowerCase();
  return FILLER_WORDS.has(key) || PUNCTUATION_ONLY.test(key);
}

/**
 * The trimmed value with inner whitespace collapsed to one space, or null when it is filler.
 * The common first step of every normalizer.
 */
export function cleanText(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim().replace(/\s+/g, " ");
  return isFiller(text) ? null : text;
}
