/** Long texts normalized lately: verification compares many quotes and values with the same passages. */
const normalizedLately = new Map<string, string>();
let normalizedCharacters = 0;
const NORMALIZED_KEPT_FROM_LENGTH = 200;
/** Characters of the texts kept at most (with their normalized forms, about 4 MB). */
const NORMALIZED_KEPT_CHARACTERS = 1_000_000;

/** Text reduced for comparison: case, accents, quotes, dashes and whitespace normalized. */
export function normalizeForMatch(text: string): string {
  if (text.length < NORMALIZED_KEPT_FROM_LENGTH) return normalize(text);
  let normalized = normalizedLately.get(text);
  if (normalized === undefined) {
    normalized = normalize(text);
    if (normalizedCharacters + text.length > NORMALIZED_KEPT_CHARACTERS) {
      normalizedLately.clear();
      normalizedCharacters = 0;
    }
    if (text.length <= NORMALIZED_KEPT_CHARACTERS) {
      normalizedLately.set(text, normalized);
      normalizedCharacters += text.length;
    }
  }
  return normalized;
}

function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b\u2032`´]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/\s+/g, " ")
    .trim();
}

function words(text: string): string[] {
  return normalizeForMatch(text)
    .split(/[^\p{L}\p{N}%$€£.+-]+/u)
    .map((word) => word.replace(/^[.+-]+|[.+-]+$/g, ""))
    .filter(Boolean);
}

/** Fewest words a quote must have to count as evidence. */
export const MIN_QUOTE_WORDS = 2;

const NEGATIONS = new Set([
  "no",
  "not",
  "never",
  "without",
  "none",
  "nor",
  "cannot",
  "n't",
  "isn't",
  "wasn't",
  "don't",
  "doesn't",
  "didn't",
]);

const isNumber = (word: string) => /\p{N}/u.test(word);

/**
 * Whether a quote appears in a passage. Case, accents, quote marks, dashes and whitespace do not
 * matter; beyond that the tolerance is small. The quote is aligned word by word with the best
 * matching stretch of the passage; the words it misses, changes or adds, plus the passage words it
 * skips inside that stretch, may together be at most 15% of the quote (none for quotes under seven
 * words). A number must stand as written and a negation must not be dropped or added: either
 * changes the claim however long the quote is.
 */
export function quoteMatches(quote: string, passage: string): boolean {
  const quoteWords = words(quote);
  if (quoteWords.length < MIN_QUOTE_WORDS) return false;
  const passageWords = words(passage);
  const alignment = alignWords(quoteWords, passageWords);
  if (alignment.changesClaim) return false;
  for (const [index, word] of quoteWords.entries()) {
    if ((isNumber(word) || NEGATIONS.has(word)) && !alignment.matched.has(index)) return false;
  }
  const allowedEdits = quoteWords.length - Math.max(MIN_QUOTE_WORDS, Math.ceil(quoteWords.length * 0.85));
  return quoteWords.length - alignment.matched.size + alignment.skippedPassageWords <= allowedEdits;
}

/**
 * Local alignment (Smith-Waterman: match +1, change, gap or skip -1) of the quote's words against the
 * passage's. Returns the quote words matched, how many passage words the aligned stretch skips,
 * and whether a skipped or replaced passage word is a number or a negation.
 */
function alignWords(
  quoteWords: readonly string[],
  passageWords: readonly string[],
): { matched: Set<number>; skippedPassageWords: number; changesClaim: boolean } {
  const columns = passageWords.length + 1;
  const scores = new Int32Array((quoteWords.length + 1) * columns);
  const at = (row: number, column: number) => scores[row * columns + column]!;
  let best = 0;
  let bestRow = 0;
  let bestColumn = 0;
  for (let row = 1; row <= quoteWords.length; row += 1) {
    for (let column = 1; column <= passageWords.length; column += 1) {
      const diagonal = at(row - 1, column - 1) + (quoteWords[row - 1] === passageWords[column - 1] ? 1 : -1);
      const score = Math.max(0, diagonal, at(row - 1, column) - 1, at(row, column - 1) - 1);
      scores[row * columns + column] = score;
      if (score > best) [best, bestRow, bestColumn] = [score, row, column];
    }
  }
  const matched = new Set<number>();
  let skippedPassageWords = 0;
  let changesClaim = false;
  const losesClaim = (word: string) => isNumber(word) || NEGATIONS.has(word);
  let [row, column] = [bestRow, bestColumn];
  while (row > 0 && column > 0 && at(row, column) > 0) {
    const score = at(row, column);
    const same = quoteWords[row - 1] === passageWords[column - 1];
    if (same && score === at(row - 1, column - 1) + 1) {
      matched.add(row - 1);
      [row, column] = [row - 1, column - 1];
    } else if (!same && score === at(row - 1, column - 1) - 1) {
      if (losesClaim(passageWords[column - 1]!)) changesClaim = true;
      [row, column] = [row - 1, column - 1];
    } else if (score === at(row - 1, column) - 1) {
      row -= 1;
    } else {
      if (losesClaim(passageWords[column - 1]!)) changesClaim = true;
      skippedPassageWords += 1;
      column -= 1;
    }
  }
  return { matched, skippedPassageWords, changesClaim };
}

/**
 * Whether `phrase` stands in `text` as whole words: "Jane Doe" is not in "Jane Doerr", nor
 * "acme.com" in "notacme.com" or "acme.com.evil.example" (for hosts a dash joins words too).
 */
export function containsWhole(text: string, phrase: string, isHost = false): boolean {
  if (phrase === "") return false;
  const joins = (character: string | undefined) =>
    character !== undefined && (/[\p{L}\p{N}]/u.test(character) || (isHost && character === "-"));
  for (let index = text.indexOf(phrase); index !== -1; index = text.indexOf(phrase, index + 1)) {
    const after = text[index + phrase.length];
    const continuesHost = isHost && after === "." && joins(text[index + phrase.length + 1]);
    if (!joins(text[index - 1]) && !joins(after) && !continuesHost) return true;
  }
  return false;
}
