/** Text reduced for comparison: case, accents, quotes, dashes and whitespace normalized. */
export function normalizeForMatch(text: string): string {
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

/**
 * Whether a quote appears in a passage. Case, accents, quote marks, dashes and whitespace do not
 * matter; beyond that the tolerance is small: the longest run of the quote's words that stands
 * word for word in the passage must cover at least 85% of the quote.
 */
export function quoteMatches(quote: string, passage: string): boolean {
  const quoteWords = words(quote);
  if (quoteWords.length < MIN_QUOTE_WORDS) return false;
  const normalizedQuote = normalizeForMatch(quote).replace(/^["'.…\s]+|["'.…\s]+$/g, "");
  if (normalizedQuote && normalizeForMatch(passage).includes(normalizedQuote)) return true;
  const passageWords = words(passage);
  // Longest run of consecutive quote words found consecutively in the passage.
  let best = 0;
  let previous = new Array<number>(quoteWords.length + 1).fill(0);
  for (const passageWord of passageWords) {
    const current = new Array<number>(quoteWords.length + 1).fill(0);
    for (let index = 1; index <= quoteWords.length; index += 1) {
      if (quoteWords[index - 1] === passageWord) {
        current[index] = previous[index - 1]! + 1;
        if (current[index]! > best) best = current[index]!;
      }
    }
    previous = current;
  }
  return best >= Math.max(MIN_QUOTE_WORDS, Math.ceil(quoteWords.length * 0.85));
}
