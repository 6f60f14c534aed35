import { containsWhole } from "../verify/quote-matches.js";

/**
 * Legal forms a company's name may end with, lowercase and without dots, as registers, directories
 * and the company itself write them (or leave them off): "Example, Inc.", "Example Inc",
 * "Example". Language, not any company's name.
 */
const LEGAL_FORMS = new Set([
  "inc",
  "incorporated",
  "corp",
  "corporation",
  "co",
  "company",
  "ltd",
  "limited",
  "llc",
  "llp",
  "lp",
  "plc",
  "pty",
  "gmbh",
  "ggmbh",
  "ug",
  "ag",
  "kg",
  "ev",
  "sa",
  "sas",
  "sarl",
  "srl",
  "spa",
  "bv",
  "nv",
  "oy",
  "ab",
  "as",
  "aps",
  "kk",
  "pbc",
  "oü",
  "pte",
  "bhd",
  "kft",
  "zrt",
  "sro",
]);

/** Legal forms that are also common words or letters of other words: counted only written in capitals. */
const FORMS_IN_CAPITALS = new Set([
  "co",
  "company",
  "limited",
  "as",
  "ab",
  "ag",
  "kg",
  "ev",
  "sa",
  "ug",
  "nv",
  "bv",
  "oy",
]);

/**
 * Whether a text writes a company's legal form: "Example Insights OÜ", "Example, Inc.", "Example
 * AG" (a short or common one only in capitals: "as" and "company" are words).
 */
export function writesLegalForm(text: string): boolean {
  return words(text).some((word) => {
    const lower = word.toLowerCase();
    if (!LEGAL_FORMS.has(lower)) return false;
    return !FORMS_IN_CAPITALS.has(lower) || /^\p{Lu}/u.test(word);
  });
}

/** One form under its other spellings: "Incorporated" is "Inc", a charitable "gGmbH" a "GmbH". */
const SAME_FORM: Record<string, string> = {
  incorporated: "inc",
  corporation: "corp",
  limited: "ltd",
  ggmbh: "gmbh",
};

/** Forms too common as words to tell one entity from another ("Example Company", "Example & Co"). */
const LOOSE_FORMS = new Set(["co", "company"]);

/**
 * The legal forms a text writes right after a company's name, lowercase and in one spelling:
 * "Example Inc, 12 Harbour Street" gives ["inc"], "Example Labs GmbH" ["gmbh"]; none when the
 * name stands alone. Tells apart the entities of one name ("its GmbH", "its Inc").
 */
export function legalFormsAfter(text: string, name: string): string[] {
  const base = words(name)
    .filter((word) => !LEGAL_FORMS.has(word.toLowerCase()))
    .join(" ");
  if (base.length < 2) return [];
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "[\\s,]+");
  const forms: string[] = [];
  for (const match of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${escaped},?\\s+([\\p{L}.]{2,12})`, "giu"))) {
    const written = (match[1] ?? "").replace(/\./g, "");
    const lower = written.toLowerCase();
    if (!LEGAL_FORMS.has(lower) || LOOSE_FORMS.has(lower)) continue;
    if (FORMS_IN_CAPITALS.has(lower) && !/^\p{Lu}/u.test(written)) continue;
    const form = SAME_FORM[lower] ?? lower;
    if (!forms.includes(form)) forms.push(form);
  }
  return forms;
}

/** An article written after the name ("Example Company (The)", "Example Company, The") or before it. */
const ARTICLE_LAST = /\s*(?:,\s*the|\(\s*the\s*\))\s*$/i;
const ARTICLE_FIRST = /^the\s+/i;

/** The name's words with legal forms read through dots and commas ("Inc." and "Inc"). */
function words(name: string): string[] {
  return name.replace(/[.,]/g, " ").split(/\s+/).filter(Boolean);
}

/**
 * The forms a page may write a company's name in: as given; with its article in front or left off
 * ("The Example Company", "Example Company (The)", "Example Company"); without the punctuation of
 * its legal form ("Example, Inc." as "Example Inc"); and without the legal form when two words or
 * more remain ("Example Labs GmbH" as "Example Labs"; "Example Inc" stays itself, a single word
 * names too much); and the initials of a name of four words or more ("NRAF"). First the name as
 * given, no form twice (case aside); a host is its only form.
 */
export function companyNameForms(name: string): string[] {
  // A host ("acme.com") is written one way.
  if (/^[^\s]+\.[\p{L}]{2,}$/u.test(name.trim())) return [name];
  const forms: string[] = [];
  const add = (form: string) => {
    const trimmed = form.replace(/\s+/g, " ").trim();
    if (trimmed !== "" && !forms.some((known) => known.toLowerCase() === trimmed.toLowerCase())) forms.push(trimmed);
  };
  add(name);
  const bare = name.replace(ARTICLE_LAST, "").replace(ARTICLE_FIRST, "").trim();
  if (bare !== name.trim()) {
    add(`The ${bare}`);
    add(bare);
  }
  // A remark in brackets is no part of the name pages write: "Example Labs (formerly Acme)", "18X (GSA)".
  const core =
    bare
      .replace(/\s*\([^()]*\)/g, " ")
      .replace(/\s+/g, " ")
      .trim() || bare;
  add(core);
  // "Sample.io, Inc." is written "Sample.io": the legal form left off, the name's own dot kept.
  let withoutForm = core;
  while (LEGAL_FORM_AT_END.test(withoutForm)) withoutForm = withoutForm.replace(LEGAL_FORM_AT_END, "").trim();
  if (withoutForm !== core && /\p{L}\.\p{L}/u.test(withoutForm)) add(withoutForm);
  const coreWords = words(core);
  add(coreWords.join(" "));
  let end = coreWords.length;
  while (end > 0 && LEGAL_FORMS.has(coreWords[end - 1]!.toLowerCase())) end -= 1;
  if (end < coreWords.length && end >= 2) add(coreWords.slice(0, end).join(" "));
  // One word left names the company when it is written as no common word is: "Quick-fit", "NorthWind", "3M".
  if (end < coreWords.length && end === 1 && distinctive(coreWords[0]!)) add(coreWords[0]!);
  // "Owner's Name": pages write the name alone ("Agency's 7Q" is "7Q") where it names one thing only.
  const owned = /^\S+['’]s\s+(.+)$/u.exec(core)?.[1];
  if (owned && (owned.split(/\s+/).length >= 2 || distinctive(owned))) add(owned);
  // Initials are written with or without spaces between them: "R. T. Ledger" and "R.T. Ledger".
  const joined = core.replace(/(?<![\p{L}\p{N}])(\p{Lu})\.\s+(?=\p{Lu}\.)/gu, "$1.");
  if (joined !== core) {
    add(joined);
    const withoutForm = joined.replace(LEGAL_FORM_AT_END, "").trim();
    if (withoutForm !== joined && withoutForm.split(/\s+/).length >= 2) add(withoutForm);
  }
  // Names joined by a hyphen are written with a space too: "Nordberg-Halvorsen" as "Nordberg Halvorsen".
  const spaced = core.replace(/(?<=\p{Lu}[\p{L}]*)-(?=\p{Lu})/gu, " ");
  if (spaced !== core) {
    add(spaced);
    let spacedWithoutForm = spaced;
    while (LEGAL_FORM_AT_END.test(spacedWithoutForm))
      spacedWithoutForm = spacedWithoutForm.replace(LEGAL_FORM_AT_END, "").trim();
    add(spacedWithoutForm);
  }
  const acronym = acronymOf(name);
  if (acronym !== null) add(acronym);
  return forms;
}

/** A legal form ending a name, with the comma before it and its stop: ", Inc.", " Co.". */
const LEGAL_FORM_AT_END = new RegExp(`[,\\s]+(?:${[...LEGAL_FORMS].join("|")})\\.?$`, "i");

/** A word written as no common word is: with a hyphen or a digit inside, or a capital after a small letter. */
const distinctive = (word: string) => /\p{L}-\p{L}|\d|\p{Ll}\p{Lu}/u.test(word);

/**
 * The company's name without its legal form, as a question writes it ("Orvane" for "Orvane Inc."
 * in "Where is Orvane headquartered?"): the asker's own name for it. Null when the question does
 * not write it, or the name has no legal form to leave off.
 */
export function shortNameAsked(name: string, question: string): string | null {
  const bare = name.replace(ARTICLE_LAST, "").replace(ARTICLE_FIRST, "");
  const core = words(bare);
  let end = core.length;
  while (end > 0 && LEGAL_FORMS.has(core[end - 1]!.toLowerCase())) end -= 1;
  const shorter = [
    end > 0 && end < core.length ? core.slice(0, end).join(" ") : null,
    // "Agency's 7Q" asked as "7Q".
    /^\S+['’]s\s+(.+)$/u.exec(core.slice(0, end).join(" "))?.[1] ?? null,
  ];
  for (const short of shorter) {
    if (short && writesWhole(question, short)) return short;
  }
  // The name's first words, written as the owner of what is asked: "Quillon's CTO" for "Quillon Technologies, Inc.".
  // A question that writes the whole name needs no other.
  if (writesWhole(question, core.slice(0, end).join(" "))) return null;
  for (let count = end - 1; count >= 1; count -= 1) {
    const lead = core.slice(0, count).join(" ");
    if (!/^\p{Lu}/u.test(lead) || lead.length < 3) continue;
    if (writesAsOwner(question, lead)) return lead;
  }
  // Or as a name in the middle of the question, capitalised as written: "the system Quillon built"
  // for "Quillon Platforms". Four letters at least, and not the question's first word.
  for (let count = end - 1; count >= 1; count -= 1) {
    const lead = core.slice(0, count).join(" ");
    if (lead.length >= 4 && /^\p{Lu}/u.test(lead) && writesMidQuestion(question, lead)) return lead;
  }
  return null;
}

/**
 * `lead` in `text` as whole words, written as it is (case and all), after the text's first word and
 * not inside a longer name: "General" of "the General Counsel" is another name's word.
 */
function writesMidQuestion(text: string, lead: string): boolean {
  for (let at = text.indexOf(lead); at !== -1; at = text.indexOf(lead, at + 1)) {
    if (at === 0 || joinsWord(text[at - 1]) || joinsWord(text[at + lead.length])) continue;
    const before = /(\S+)\s+$/u.exec(text.slice(0, at))?.[1] ?? "";
    const after = /^\s+(\S+)/u.exec(text.slice(at + lead.length))?.[1] ?? "";
    if (/^\p{Lu}/u.test(after) || (/^\p{Lu}/u.test(before) && !/[.!?:]$/.test(before))) continue;
    return true;
  }
  return false;
}

const joinsWord = (character: string | undefined) => character !== undefined && /[\p{L}\p{N}]/u.test(character);

/**
 * `phrase` in `text` as whole words, case aside. A search by index: a case-blind Unicode pattern
 * built for each name costs more to compile than the search itself.
 */
function writesWhole(text: string, phrase: string): boolean {
  const lowerText = text.toLowerCase();
  const lowerPhrase = phrase.toLowerCase();
  if (lowerText.length === text.length && lowerPhrase.length === phrase.length)
    return containsWhole(lowerText, lowerPhrase);
  const literal = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${literal}(?![\\p{L}\\p{N}])`, "iu").test(text);
}

/** `lead` in `text` as a whole word written as an owner: "Quillon's", "Quillon’s", "Quillons'" of a name ending in s. */
function writesAsOwner(text: string, lead: string): boolean {
  for (let at = text.indexOf(lead); at !== -1; at = text.indexOf(lead, at + 1)) {
    let end = at + lead.length;
    if (joinsWord(text[at - 1]) || (text[end] !== "'" && text[end] !== "’")) continue;
    end += 1;
    if (text[end] === "s") end += 1;
    if (!joinsWord(text[end])) return true;
  }
  return false;
}

/** Small words a name's initials leave out ("Bank of the North" is "BN"). */
const SMALL_WORDS = new Set(["of", "and", "the", "for", "de", "du", "der", "und", "&"]);
/** Fewer initials than this name too many things to stand for one company. */
const MINIMUM_ACRONYM_LETTERS = 4;

/**
 * The initials a long name goes by ("Northern Rail Archive Foundation" as "NRAF"), from four
 * words or more (legal form and small words aside); null for shorter names, whose initials name
 * too many other things.
 */
export function acronymOf(name: string): string | null {
  if (/^[^\s]+\.[\p{L}]{2,}$/u.test(name.trim())) return null;
  const core = name.replace(ARTICLE_LAST, "").replace(ARTICLE_FIRST, "");
  const significant = words(core).filter(
    (word) => !SMALL_WORDS.has(word.toLowerCase()) && !LEGAL_FORMS.has(word.toLowerCase()) && /^\p{L}/u.test(word),
  );
  if (significant.length < MINIMUM_ACRONYM_LETTERS) return null;
  return significant.map((word) => word[0]!.toUpperCase()).join("");
}

/**
 * The name in reading order, as pages and search engines write it: an article set after it moves
 * to the front ("Example Company (The)" as "The Example Company"); any other name is itself.
 */
export function nameInReadingOrder(name: string): string {
  const trimmed = name.trim();
  return ARTICLE_LAST.test(trimmed) ? `The ${trimmed.replace(ARTICLE_LAST, "").replace(ARTICLE_FIRST, "")}` : trimmed;
}
