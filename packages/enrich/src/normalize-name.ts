import { cleanText } from "./is-filler.js";

/** Options of {@link normalizeName}. */
export interface NormalizeNameOptions {
  /**
   * Which part of a name the value is. It only changes how a leading particle is cased:
   * - `"last"`: a family name, leading particles stay lowercase ("VAN DER BERG" -> "van der Berg").
   * - `"first"`: a given name, the first word is always capitalized ("VAN" -> "Van").
   * - `"full"` (default): capitalized first word, except a value made only of particles and one
   *   more word, which reads as a particle-led family name ("VAN DER BERG" -> "van der Berg").
   */
  part?: "first" | "last" | "full";
}

/** Particles written lowercase inside a name ("Ludwig van Beethoven", "María de la Cruz"). */
const PARTICLES = new Set([
  "van",
  "von",
  "der",
  "den",
  "de",
  "del",
  "della",
  "di",
  "da",
  "das",
  "do",
  "dos",
  "du",
  "des",
  "la",
  "le",
  "las",
  "los",
  "ter",
  "ten",
  "zu",
  "zum",
  "zur",
  "vom",
  "bin",
  "binti",
  "bint",
  "ibn",
]);

/** Prefixes joined to the next word by a hyphen and written lowercase ("al-Hassan"). */
const HYPHEN_PARTICLES = new Set(["al"]);

/**
 * Scottish and Irish "Mac" surnames. "Mac" is only split for these because "Mack", "Macy",
 * "Machado" or "Macias" are not Mac-names.
 */
const MAC_NAMES = new Set([
  "macadam",
  "macalister",
  "macallister",
  "macarthur",
  "macaskill",
  "macaulay",
  "macbain",
  "macbeth",
  "macbride",
  "maccallum",
  "maccormack",
  "maccormick",
  "macdermott",
  "macdonald",
  "macdonell",
  "macdougall",
  "macduff",
  "macewan",
  "macewen",
  "macfadyen",
  "macfarlane",
  "macgillivray",
  "macgowan",
  "macgregor",
  "macinnes",
  "macintosh",
  "macintyre",
  "maciver",
  "mackay",
  "mackenzie",
  "mackinnon",
  "mackintosh",
  "maclachlan",
  "maclaren",
  "maclean",
  "maclennan",
  "macleod",
  "macmahon",
  "macmanus",
  "macmillan",
  "macnab",
  "macnamara",
  "macnaughton",
  "macneil",
  "macneill",
  "macphail",
  "macphee",
  "macpherson",
  "macquarrie",
  "macqueen",
  "macrae",
  "macsween",
  "macthomas",
]);

/** Generational suffixes kept in their usual form. */
const SUFFIXES = new Map([
  ["jr", "Jr"],
  ["jr.", "Jr."],
  ["sr", "Sr"],
  ["sr.", "Sr."],
  ["ii", "II"],
  ["iii", "III"],
  ["iv", "IV"],
]);

const LATIN_LETTER = /\p{Script=Latin}/u;

/**
 * A person's name cased the way it is usually written, or null when it is filler.
 *
 * Whitespace is trimmed and collapsed. Only words typed all in capitals or all in lowercase are
 * recased; a word with mixed case ("DeShawn", "McKenzie", "Ludwig") is kept as given, and words in
 * scripts other than Latin are never touched. Recasing keeps particles lowercase inside a name
 * ("van", "de la", "dos", "bin", "al-"), splits "O'Brien", "D'Angelo", "McDonald", the known
 * "MacLeod" names, hyphenated "Jean-Luc" and Dutch "IJ", and keeps accents ("ÉLODIE" -> "Élodie").
 * A whole value that is filler gives null, so the Korean family name "Na" alone is lost: it cannot
 * be told from "NA" (not available), and a record must never carry filler.
 */
export function normalizeName(raw: string | null | undefined, options: NormalizeNameOptions = {}): string | null {
  const text = cleanText(raw);
  if (text === null) return null;
  const part = options.part ?? "full";
  const words = text.split(" ");
  const plainWords = words.map((word) => stripAccents(word).toLowerCase());
  const vietnamese = isVietnamese(plainWords);
  const leadingParticles = countLeadingParticles(plainWords);
  const familyNameOnly =
    part === "last" || (part === "full" && leadingParticles > 0 && leadingParticles === words.length - 1);
  return words
    .map((word, index) => {
      if (!needsRecasing(word)) return word;
      const lowercaseAllowed = !vietnamese && (index > 0 || familyNameOnly);
      return recaseWord(word, {
        particle: lowercaseAllowed && index < words.length - 1,
        hyphenParticle: lowercaseAllowed,
        mac: part !== "first",
        suffix: index > 0,
      });
    })
    .join(" ");
}

/** Small words written lowercase inside a place name ("Frankfurt am Main", "Stratford-upon-Avon"). */
const PLACE_PARTICLES = new Set(["am", "an", "im", "upon", "on", "sur", "en", "of", "the", "y"]);

/**
 * A free-text place name cased like {@link normalizeName} cases a full name ("RIO DE JANEIRO" ->
 * "Rio de Janeiro"); mixed-case input is kept as given.
 */
export function recasePlaceName(text: string): string {
  return text
    .split(" ")
    .map((word, index) => {
      if (!needsRecasing(word)) return word;
      if (index > 0 && PLACE_PARTICLES.has(word.toLowerCase())) return word.toLowerCase();
      const recased = recaseWord(word, { particle: index > 0, hyphenParticle: false, mac: false, suffix: false });
      return recased.replace(/-(Upon|On|Sur|En|Am|Le|La)-/g, (match) => match.toLowerCase());
    })
    .join(" ");
}

/** Family names that only Vietnamese names carry, and the middle names that mark one. */
const VIETNAMESE_ONLY = new Set([
  "nguyen",
  "tran",
  "pham",
  "hoang",
  "huynh",
  "phan",
  "vu",
  "vo",
  "dang",
  "bui",
  "ngo",
  "duong",
  "trinh",
  "dinh",
  "luong",
  "truong",
  "doan",
  "thi",
]);

/**
 * In "NGUYEN VAN AN" or "LE VAN THANH" the "Van" is a Vietnamese middle name and "Le" a family
 * name, not the Dutch or French particles, so such names keep every word capitalized.
 */
function isVietnamese(plainWords: string[]): boolean {
  if (plainWords.length < 2) return false;
  if (plainWords.some((word) => VIETNAMESE_ONLY.has(word))) return true;
  return ["le", "do", "ho", "ly"].includes(plainWords[0]!) && plainWords[1] === "van";
}

function countLeadingParticles(plainWords: string[]): number {
  let count = 0;
  while (count < plainWords.length && isParticleWord(plainWords[count]!)) count += 1;
  return count;
}

function isParticleWord(plainWord: string): boolean {
  return PARTICLES.has(plainWord);
}

/** True for a word typed all in capitals or all in lowercase, in Latin script only. */
function needsRecasing(word: string): boolean {
  let hasCased = false;
  for (const character of word) {
    if (character.toLowerCase() === character.toUpperCase()) continue;
    if (!LATIN_LETTER.test(character)) return false;
    hasCased = true;
  }
  if (!hasCased) return false;
  return word === word.toUpperCase() || word === word.toLowerCase();
}

interface RecaseContext {
  /** The word may be a lowercase particle ("van", "de"). */
  particle: boolean;
  /** A hyphen particle may stay lowercase ("al-Hassan"). */
  hyphenParticle: boolean;
  /** Known "Mac" names are split ("MacLeod"). */
  mac: boolean;
  /** The word may be a generational suffix ("Jr.", "III"); never the first word. */
  suffix: boolean;
}

function recaseWord(word: string, context: RecaseContext): string {
  const locale = /[İı]/.test(word) ? "tr" : "en";
  const lower = word.toLocaleLowerCase(locale);
  const suffix = context.suffix ? SUFFIXES.get(lower) : undefined;
  if (suffix !== undefined) return suffix;
  if (context.particle && PARTICLES.has(stripAccents(lower))) return lower;
  return lower
    .split("-")
    .map((segment, index) => {
      if (index === 0 && context.hyphenParticle && HYPHEN_PARTICLES.has(segment) && lower.includes("-")) return segment;
      return recaseSegment(segment, locale, context.mac);
    })
    .join("-");
}

/** Cases one hyphen-free piece of a name, already lowercased. */
function recaseSegment(segment: string, locale: string, mac: boolean): string {
  if (segment === "") return segment;
  const apostrophe = /^(\p{L})(['’])(\p{L}.*)$/u.exec(segment);
  if (apostrophe) return `${upperFirst(apostrophe[1]!, locale)}${apostrophe[2]}${upperFirst(apostrophe[3]!, locale)}`;
  if (/^mc\p{L}{2,}/u.test(segment)) return `Mc${upperFirst(segment.slice(2), locale)}`;
  if (mac && MAC_NAMES.has(segment)) return `Mac${upperFirst(segment.slice(3), locale)}`;
  // Dutch "IJ" is one letter: "IJzerman", "IJsselmuiden"; "Ijeoma" (a vowel follows) is not Dutch.
  if (/^ij[^aeiouy]/.test(segment)) return `IJ${segment.slice(2)}`;
  // Initials such as "j.r." capitalize every letter that follows a dot.
  return upperFirst(segment, locale).replace(
    /\.(\p{L})/gu,
    (_match, letter: string) => `.${letter.toLocaleUpperCase(locale)}`,
  );
}

function upperFirst(text: string, locale: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const character = String.fromCodePoint(first);
  return character.toLocaleUpperCase(locale) + text.slice(character.length);
}

function stripAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "");
}
