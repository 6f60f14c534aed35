import { NUMBER_WORDS, SCALES, sameNumber, TIMES_WORDS } from "./read-numbers.js";

/** One number as a text writes it, with what stands around it. */
export interface NumberMention {
  /** The value as written, scale applied ("$1.5M" is 1500000). */
  value: number;
  /** Where the digits (or the number word) start and end in the text. */
  start: number;
  end: number;
  /** A currency sign, code or word stands next to it. */
  currency: boolean;
  /** A scale word or letter follows it ("1.5M", "13 million", "2k"). */
  scaled: boolean;
  /** A percent sign or word follows it. */
  percent: boolean;
  /** It is part of another token: a name, a code or an identifier ("42Crunch", "501(c)(3)", "v2", "H100"). */
  insideToken: boolean;
  /** Four digits read as a year (1800-2100, no separator, no currency, scale or percent). */
  yearLike: boolean;
  /** Written in words ("five", "a dozen"). */
  inWords: boolean;
}

const CURRENCY_BEFORE = /(?:[$€£¥₹]|\b(?:usd|eur|gbp|chf|cad|aud|jpy|us\$|a\$|c\$))\s?$/i;
const CURRENCY_AFTER = /^\s?(?:[$€£¥]|(?:usd|eur|gbp|chf|cad|aud|jpy|dollars?|euros?|pounds?|francs?)\b)/i;

/** "1,250" is 1250; "1,25" a decimal comma; "1.5" a decimal point. */
function parseDigits(digits: string): number {
  const plain = digits.replace(/[\u202f\u00a0' ]/g, "");
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(plain)) return Number(plain.replace(/,/g, ""));
  if (/^\d{1,3}(\.\d{3})+$/.test(plain) && plain.split(".").length > 2) return Number(plain.replace(/\./g, ""));
  if (/^\d+,\d{1,2}$/.test(plain)) return Number(plain.replace(",", "."));
  return Number(plain.replace(/,/g, ""));
}

/**
 * Every number a text states, each with its surroundings, so that a check can tell an amount from
 * a year, a count from a code, and a number from a digit inside a name.
 */
export function numberMentions(text: string): NumberMention[] {
  const mentions: NumberMention[] = [];
  const pattern = /\d{1,3}(?:[,\u202f\u00a0' ]\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = text.slice(Math.max(0, start - 6), start);
    const after = text.slice(end, end + 24);
    const scaleMatch = /^\s?(k|m|mm|mn|b|bn|thousand|millions?|billions?|trillion)\b/i.exec(after);
    const scale = scaleMatch ? (SCALES[scaleMatch[1]!.toLowerCase()] ?? 1) : 1;
    const percent = /^\s?(?:%|percent\b|per cent\b)/i.test(after);
    const currency = CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after.slice(scaleMatch?.[0].length ?? 0));
    const letterBefore = /[\p{L}_]$/u.test(before) && !/(?:us|a|c)\$$/i.test(before);
    // A letter right after that is not a scale, an ordinal or a unit the page writes on ("3x", "24h").
    const letterAfter =
      !scaleMatch && /^[\p{L}_]/u.test(after) && !/^(?:st|nd|rd|th|x|h|s|d|y|yr|yrs|mo|min|gb|tb|mb|kb)\b/i.test(after);
    // Part of a code or a date: "501(c)(3)", "2023-07", "1.2.3", "#42".
    // A word joined to the digits by a hyphen names a code or a version: "http-01", "SHA-256"
    // (a time word so joined is a date: "mid-2020").
    const code =
      (/\p{L}-$/u.test(before) && !/(?:^|[^\p{L}])(?:mid|early|late|pre|post|end|start)-$/iu.test(before)) ||
      /^\([a-z0-9]{1,3}\)/i.test(after) ||
      /^[-/.]\d/.test(after) ||
      /[\d#][-/.]?$/.test(before.replace(/\s[-\u2212]$/, " "));
    const digits = match[0];
    // A minus right before the digits, after a space or at the start: "-12", not "2023-07".
    const sign = /(?:^|\s)[-\u2212]$/.test(text.slice(Math.max(0, start - 2), start)) ? -1 : 1;
    const value = sign * parseDigits(digits) * scale;
    const yearLike = /^\d{4}$/.test(digits) && value >= 1800 && value <= 2100 && !currency && !percent && !scaleMatch;
    mentions.push({
      value,
      start,
      end: end + (scaleMatch?.[0].length ?? 0),
      currency,
      scaled: scaleMatch !== null,
      percent,
      insideToken: letterBefore || letterAfter || code,
      yearLike,
      inWords: false,
    });
  }
  for (const match of text.matchAll(/\p{L}+/gu)) {
    const word = match[0].toLowerCase();
    const base = NUMBER_WORDS[word] ?? TIMES_WORDS[word];
    if (base === undefined) continue;
    const start = match.index ?? 0;
    const after = text.slice(start + word.length, start + word.length + 14);
    const scaleMatch = /^\s(thousand|million|billion)\b/i.exec(after);
    mentions.push({
      value: base * (scaleMatch ? (SCALES[scaleMatch[1]!.toLowerCase()] ?? 1) : 1),
      start,
      end: start + word.length + (scaleMatch?.[0].length ?? 0),
      currency: CURRENCY_AFTER.test(after.slice(scaleMatch?.[0].length ?? 0)),
      scaled: scaleMatch !== null,
      percent: /^\s(?:percent|per cent)\b/i.test(after),
      insideToken: false,
      yearLike: false,
      inWords: true,
    });
  }
  return mentions;
}

/** The mentions of a text that state `value` (within rounding). */
export function mentionsOf(text: string, value: number): NumberMention[] {
  return numberMentions(text).filter((mention) => sameNumber(mention.value, value));
}

/**
 * The amount of money a scaled mention states, when a reader gave only its figure: 1250000 for 1.25
 * out of "$1.25M" or "$1.25 million". Null unless exactly one scaled amount of money in the text
 * has that figure and no mention states the value itself.
 */
export function scaledAmountOf(text: string, figure: number): number | null {
  const mentions = numberMentions(text);
  if (mentions.some((mention) => sameNumber(mention.value, figure))) return null;
  const scaled = mentions.filter(
    (mention) =>
      mention.scaled &&
      mention.currency &&
      !mention.insideToken &&
      [1e3, 1e6, 1e9, 1e12].some((scale) => sameNumber(mention.value / scale, figure)),
  );
  return scaled.length === 1 ? (scaled[0]?.value ?? null) : null;
}
