/**
 * A person's full name as pages write it: with middle names or initials the caller left out
 * ("Mira Okafor Lund" for "Mira Lund", "John F. Doe" for "John Doe"), as team pages,
 * bylines and board lists often do, and as an e-mail address's two parts leave out.
 */

/** Words between two names that join two people, never a middle name ("Jane and John Doe"). */
const JOINING = new Set("and or und et y with to of the from at by for in on as".split(" "));

/** Most words a middle name takes between the first name and the rest. */
const MAX_MIDDLE_WORDS = 2;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const patterns = new Map<string, RegExp>();

function patternOf(words: readonly string[]): RegExp {
  const key = words.join(" ");
  let pattern = patterns.get(key);
  if (!pattern) {
    const [first, ...rest] = words;
    pattern = new RegExp(
      `(?<![\\p{L}\\p{N}])${escapeRegExp(first ?? "")}((?:\\s+\\p{L}[\\p{L}'’.-]*){0,${MAX_MIDDLE_WORDS}})\\s+${rest.map(escapeRegExp).join("\\s+")}(?![\\p{L}\\p{N}])`,
      "gu",
    );
    if (patterns.size >= 1_000) patterns.clear();
    patterns.set(key, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

const isMiddleName = (word: string) => !JOINING.has(word.replace(/\.$/, "").toLowerCase());

/**
 * How `text` writes the full name `name` (both folded the same way: case, accents): as given, or
 * with up to two middle names or initials between its first word and the rest. Null when the text
 * does not name them, or for a name of one word.
 */
export function fullNameAsWritten(text: string, name: string): string | null {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  for (const match of text.matchAll(patternOf(words))) {
    const middle = (match[1] ?? "").trim().split(/\s+/).filter(Boolean);
    if (middle.every(isMiddleName)) return match[0];
  }
  return null;
}

/**
 * Whether the terms (lowercase tokens, in order) hold the name's terms in order, with up to two
 * middle names or initials between its first term and the rest.
 */
export function termsNameFullName(terms: readonly string[], name: readonly string[]): boolean {
  if (name.length === 0 || name.length > terms.length) return false;
  const [first, ...rest] = name;
  for (let start = 0; start < terms.length; start += 1) {
    if (terms[start] !== first) continue;
    for (let middle = 0; middle <= (rest.length === 0 ? 0 : MAX_MIDDLE_WORDS); middle += 1) {
      const from = start + 1 + middle;
      if (from + rest.length > terms.length) break;
      if (!terms.slice(start + 1, from).every(isMiddleName)) break;
      if (rest.every((term, offset) => terms[from + offset] === term)) return true;
    }
  }
  return false;
}
