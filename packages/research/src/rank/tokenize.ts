/** Words too common to tell passages apart. Kept short: question words like "who" carry no signal either. */
const STOP_WORDS = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by " +
    "can could did do does doing down during each few for from further had has have having he her here hers herself him " +
    "himself his how i if in into is it its itself just me more most my myself no nor not of off on once only or other our " +
    "ours ourselves out over own same she should so some such than that the their theirs them themselves then there these " +
    "they this those through to too under until up very was we were what when where which while who whom why will with " +
    "would you your yours yourself yourselves also s t"
  ).split(" "),
);

/** A consonant doubled before "-ing" or "-ed" is one: "planning" and "plans", "committed" and "commit". */
function undoubled(base: string): string {
  return /([bdgmnprt])\1$/.test(base) ? base.slice(0, -1) : base;
}

/** Light English stemming: plurals and the -ed/-ing forms, enough to match "founded" with "foundingDate". */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (/(?:ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("ing") && word.length >= 7) return undoubled(word.slice(0, -3));
  if (word.endsWith("ed") && word.length >= 6) return undoubled(word.slice(0, -2));
  // A plural of a word in "-ing" is that word: "meetings" and "meeting".
  if (word.endsWith("ings") && word.length >= 8) return undoubled(word.slice(0, -4));
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** Single letters joined by dots or hyphens: "D-U-N-S", "U.S.", "E.I.N.". */
const SPELLED_LETTERS = /(?<![\p{L}\p{N}.-])\p{L}(?:[.-]\p{L}){1,}(?![\p{L}\p{N}])\.?/gu;

/**
 * A short form spelled letter by letter is the word its letters make: "D-U-N-S number" is a page's
 * "DUNS number", "U.S." its "US". Split at the dots, it would be letters that match nothing.
 */
export function withSpelledLettersJoined(text: string): string {
  return text.replace(SPELLED_LETTERS, (letters) => letters.replace(/[.-]/g, ""));
}

/**
 * Splits text into search terms: camelCase split (JSON-LD keys read as words), lower-cased,
 * Unicode letters and digits only, stop words dropped, lightly stemmed. Letters spelled with dots
 * or hyphens ("D-U-N-S") are one word.
 */
export function tokenize(text: string): string[] {
  const spaced = withSpelledLettersJoined(text)
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .toLowerCase();
  const words = spaced.match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    if (STOP_WORDS.has(word)) continue;
    terms.push(stem(word));
  }
  return terms;
}
