import type { ResponseType } from "@dossier/contract";
import { countryAliases, countryCodes, countryName } from "@dossier/enrich";
import type { QuestionIntent } from "../plan/question-intents.js";
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

/** Whether a text holds a code of five digits or more (a register entry, a VAT or tax ID); a year has four. */
export function holdsIdentifier(text: string): boolean {
  for (const match of text.matchAll(CODE)) if (match[0].replace(/\D/g, "").length >= 5) return true;
  return false;
}
const AMOUNT = /[$€£¥]\s?\d|\d\s?(?:usd|eur|gbp|dollars?|euros?)\b/i;

/**
 * What a passage that answers looks like, when the question says: a code for a register or tax
 * number, a place for "where" questions, a year for dates, an amount of money for prices. Ranking adds a little to passages of that shape,
 * so a short address block with none of the question's words still reaches the prompt.
 */
export function answerShape(
  responseType: ResponseType,
  intents: readonly QuestionIntent[],
  question = "",
): ((text: string) => boolean) | null {
  if (intents.includes("legal-entity") && IDENTIFIER_WORDS.test(question)) return holdsIdentifier;
  if (intents.includes("location")) return namesPlace;
  if (responseType === "DATE") return (text) => YEAR.test(text);
  if (intents.includes("pricing")) return (text) => AMOUNT.test(text);
  return null;
}
