import type { ResponseType } from "@dossier/contract";
import { countryAliases, countryCodes, countryName } from "@dossier/enrich";
import type { QuestionIntent } from "../plan/question-intents.js";
import { writesLegalForm } from "../text/company-names.js";
import { normalizeForMatch } from "../verify/quote-matches.js";

let placeNames: { words: Set<string>; phrases: string[] } | undefined;

/** Country names and their aliases, lowercased: one-word names in a set, longer ones as phrases. */
function places(): { words: Set<string>; phrases: string[] } {
  if (!placeNames) {
    const names = [
      ...countryCodes().map((code) => countryName(code) ?? ""),
      ...countryAliases().map(([alias]) => alias),
    ]
      .map((name) => normalizeForMatch(name))
      .filter((name) => name.length > 3);
    placeNames = {
      words: new Set(names.filter((name) => !name.includes(" "))),
      phrases: names.filter((name) => name.includes(" ")),
    };
  }
  return placeNames;
}

/** Whether a text names a country (an address, "Leipzig, Germany", "based in Portugal"). */
export function namesPlace(text: string): boolean {
  const { words, phrases } = places();
  const normalized = normalizeForMatch(text);
  for (const word of normalized.split(/[^\p{L}]+/u)) if (words.has(word)) return true;
  return phrases.some((phrase) => normalized.includes(phrase));
}

const YEAR = /\b(?:1[89]\d\d|20\d\d)\b/;
/** A code of digits, perhaps led by a few capitals and grouped: "HRB 12345", "DE123456789", "12-3456789". */
const CODE = /(?:\b\p{Lu}{1,4}[ -]?)?\b\d[\d ./-]{3,}\d\b/gu;
/** Words by which a question asks for an identifier rather than a name or a place. */
const IDENTIFIER_WORDS = /\b(?:number|no|id|identifier|identification|code|ein|vat|siren|siret)\b/i;

/** Words by which a question asks for the name of the legal entity. */
const ASKS_LEGAL_NAME =
  /\blegal (?:name|entity|form)\b|\bentity\b|\bregistered (?:name|company)\b|\bincorporated as\b|\bcompany (?:that|which) (?:runs|operates|owns)\b/i;

/** Whether a text holds a code of five digits or more (a register entry, a VAT or tax ID); a year has four. */
export function holdsIdentifier(text: string): boolean {
  for (const match of text.matchAll(CODE)) if (match[0].replace(/\D/g, "").length >= 5) return true;
  return false;
}

/** Number words a page writes out, up to the round ones. */
const NUMBER_WORDS =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a hundred|hundreds|a dozen|dozens";
/**
 * A number as pages write it: digits ("1,200", "2.5", "40+") or words ("five", "twenty-two", "a
 * dozen"), with a scale word or not ("2.5k", "13 million", "$1.5M").
 */
const NUMBER = `(?:\\d[\\d,.]*\\+?|(?:${NUMBER_WORDS})(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?)(?:\\s?(?:k|m|bn|thousand|million|billion)\\b)?`;
/** An amount of money: a currency sign, or a number with a currency's code or name. */
const AMOUNT = new RegExp(`[$€£¥]\\s?\\d|\\b${NUMBER}\\s?(?:usd|eur|gbp|chf|dollars?|euros?|pounds?)\\b`, "i");
/** Nouns for the people of an organisation. */
const PEOPLE = "(?:people|persons?|employees?|staff|team ?members?|members|engineers|colleagues|humans|folks|ftes?)";
/**
 * A count of people, the form in which a page states its head count: "85 employees", "a team of
 * five", "twelve full-time people", "headcount of 1.2k", "we are 40".
 */
const COUNT_OF_PEOPLE = new RegExp(
  `\\b${NUMBER}(?:\\s+[\\p{L}-]+){0,2}\\s+${PEOPLE}\\b|\\b(?:team|staff|headcount|workforce) of (?:about |around |over |more than |nearly |roughly )?${NUMBER}|\\bwe are (?:now )?${NUMBER}\\b`,
  "iu",
);
/** Plurals without a final "s" that a count may be of. */
const IRREGULAR_PLURALS = new Set(["people", "staff", "children", "men", "women", "data", "media", "personnel"]);
/** Words that end the noun phrase a count asks for: "how many sites are included", "number of seats per plan". */
const PHRASE_ENDS =
  /^(?:do|does|did|is|are|was|were|has|have|had|can|could|will|would|should|may|might|per|in|on|at|of|for|with|by|from|to|that|which|who|the|a|an)$/;

/**
 * The noun a NUMBER question counts ("How many years …", "the maximum number of test variants …"):
 * among the three words after "how many" or "number of", the first plural, else the last before a
 * verb or a preposition. Undefined when the question counts nothing.
 */
export function countedNoun(question: string): string | undefined {
  const match = /\b(?:how many|number of|count of|amount of)\s+((?:[\p{L}-]+\s*){1,3})/iu.exec(question);
  if (!match) return undefined;
  const words: string[] = [];
  for (const word of match[1]!.toLowerCase().split(/\s+/)) {
    if (!word || PHRASE_ENDS.test(word)) break;
    words.push(word);
  }
  return (
    words.find((word) => (word.endsWith("s") && !word.endsWith("ss")) || IRREGULAR_PLURALS.has(word)) ?? words.at(-1)
  );
}

/** A pattern of a noun in its singular and plural forms: "year" and "years", "policy" and "policies". */
function nounForms(noun: string): string {
  const stem = noun
    .replace(/ies$/, "y")
    .replace(/(?:ses|xes|ches|shes)$/, (ending) => ending.slice(0, -2))
    .replace(/s$/, "");
  const escaped = stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return stem.endsWith("y") ? `(?:${escaped}|${escaped.slice(0, -1)}ies)` : `${escaped}(?:e?s)?`;
}

/**
 * A number of the thing counted, as pages write it: before it ("four years", "3 question blocks",
 * "five full-time engineers") or right after it ("blocks (at least two, at most five)", "seats: 10").
 */
function countOf(noun: string): RegExp {
  const forms = nounForms(noun);
  const limit = "(?:at (?:most|least)|up to|max(?:imum)?(?: of)?|min(?:imum)?(?: of)?|of|about|around|over)\\s+";
  return new RegExp(
    `\\b${NUMBER}(?:\\s+[\\p{L}-]+){0,2}\\s+${forms}\\b|\\b${forms}\\b\\s*[:(=]?\\s*(?:${limit}${NUMBER}|\\d[\\d,.]*)\\b`,
    "iu",
  );
}

/** A count of the thing asked weighs as much as this many shapes: other numbers are only numbers. */
const COUNTED_WEIGHT = 2;

/** A legal name weighs as much as this many shapes: its line says no more than the name and the address. */
const LEGAL_NAME_WEIGHT = 5;
/** A count of people weighs as much as this many shapes: it is how a head count is written, where other numbers are only numbers. */
const COUNT_WEIGHT = 3;

/**
 * What a passage that answers looks like, when the question says: a code for a register or tax
 * number, a count of people for a head count, a place for "where" questions, a year for dates, an
 * amount of money for prices and funding (also in words and with scale words: "five million
 * dollars", "$1.5M"). Ranking adds to passages of that shape (a weight, true being 1), so a short
 * address block or a one-line "Our team of 40" with none of the question's words still reaches the
 * prompt.
 */
export function answerShape(
  responseType: ResponseType,
  intents: readonly QuestionIntent[],
  question = "",
): ((text: string) => boolean | number) | null {
  if (intents.includes("legal-entity") && IDENTIFIER_WORDS.test(question)) return holdsIdentifier;
  // "What is the legal name of the company that runs it?": the imprint's line with the legal form.
  if (intents.includes("legal-entity") && ASKS_LEGAL_NAME.test(question))
    return (text) => (writesLegalForm(text) ? LEGAL_NAME_WEIGHT : 0);
  if (intents.includes("headcount") && responseType === "NUMBER")
    return (text) => (COUNT_OF_PEOPLE.test(text) ? COUNT_WEIGHT : 0);
  if (intents.includes("location")) return namesPlace;
  // "How many years …": a number of years. Money is counted by the amount shape below.
  const counted = responseType === "NUMBER" ? countedNoun(question) : undefined;
  if (counted !== undefined && !/^(?:dollars?|euros?|pounds?|money|funding)$/.test(counted)) {
    const count = countOf(counted);
    return (text) => (count.test(text) ? COUNTED_WEIGHT : 0);
  }
  if (responseType === "DATE") return (text) => YEAR.test(text);
  if (intents.includes("pricing") || intents.includes("funding")) return (text) => AMOUNT.test(text);
  return null;
}
