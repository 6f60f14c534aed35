import {
  type CountryCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from "libphonenumber-js/max";
import { cleanText } from "./is-filler.js";

/** Options of {@link normalizePhone}. */
export interface NormalizePhoneOptions {
  /**
   * ISO 3166-1 alpha-2 code of the country a number without "+" prefix belongs to, such as "DE"
   * for "(030) 1234567". Case-insensitive; an unknown code is ignored. Default: none.
   */
  countryHint?: string | null;
}

/** A telephone number in E.164 form and the country it belongs to. */
export interface NormalizedPhone {
  /** "+" and digits only, such as "+493012345678"; extensions are dropped. Null when invalid. */
  e164: string | null;
  /**
   * ISO 3166-1 alpha-2 code of the number's country; null for non-geographic numbers (+800). A
   * number written in international form ("+233 ...", "00233 ...") whose length fits its country
   * but whose digits are in no range of the numbering plan has `e164` null and still this country,
   * when its calling code belongs to that country alone (not +1, +44).
   */
  country: string | null;
}

const INVALID: NormalizedPhone = Object.freeze({ e164: null, country: null });

/**
 * A telephone number in E.164 form, or nulls when it is not a valid number.
 *
 * Validity uses libphonenumber's full ("max") metadata, so a number must match a real numbering
 * plan, not only have a plausible length. Numbers with "+" or "00" international prefix need no
 * hint; national forms ("(030) 1234567", "020 7946 0958") need `countryHint`. Without a hint (or
 * when the hinted reading is invalid), a ten-digit number that is valid in the North American plan
 * ("(415) 555-0132") is read as one,
 * since that is the only common national form that carries no trunk prefix "0". For the same
 * reason such a number is read as North American even under a hint whose country writes national
 * numbers with a leading "0" ("(415) 555-0132" with hint "DE" is not a Hamburg-area number).
 */
export function normalizePhone(raw: string | null | undefined, options: NormalizePhoneOptions = {}): NormalizedPhone {
  const text = cleanText(raw);
  if (text === null || !/\d/.test(text)) return INVALID;
  const hint = toCountryCode(options.countryHint);
  const hinted = parseValid(text, hint);
  // "(415) 555-0132" under a German hint is also a valid German number, but Germans dial national
  // numbers with the trunk prefix "0"; without it, a valid North American reading is the likely one.
  const northAmerican =
    hinted !== undefined && hint !== undefined && lacksTrunkPrefix(text, hinted) && looksNorthAmerican(text)
      ? parseValid(text, "US")
      : undefined;
  const phone =
    northAmerican ??
    hinted ??
    (/^\s*00[1-9]/.test(text) ? parseValid(text.replace(/^\s*00/, "+"), undefined) : undefined) ??
    (looksNorthAmerican(text) ? parseValid(text, "US") : undefined);
  if (phone === undefined) return { e164: null, country: internationalCountry(text) };
  return { e164: phone.number, country: phone.country ?? null };
}

/**
 * The country a number written with "+" or "00" names by its calling code alone. The caller wrote
 * the code, so the country is known even when the rest fits no range that libphonenumber's
 * metadata holds ("00233 30 123 4567"), provided the length is possible there.
 */
function internationalCountry(text: string): string | null {
  const international = text.replace(/^\s*00(?=[1-9])/, "+");
  if (!/^\s*\+/.test(international)) return null;
  const phone = parsePhoneNumberFromString(international);
  return phone?.isPossible() && phone.country !== undefined ? phone.country : null;
}

function parseValid(text: string, country: CountryCode | undefined): PhoneNumber | undefined {
  const phone = parsePhoneNumberFromString(text, country === undefined ? undefined : { defaultCountry: country });
  return phone?.isValid() ? phone : undefined;
}

/** Written as a national number without the "0" that the country's national format starts with. */
function lacksTrunkPrefix(text: string, phone: PhoneNumber): boolean {
  if (/^\s*(?:\+|00)/.test(text)) return false;
  return /^\D*0/.test(phone.formatNational()) && !/^\D*0/.test(text);
}

function looksNorthAmerican(text: string): boolean {
  const digits = text.replace(/\D/g, "");
  return !text.trim().startsWith("+") && (/^[2-9]\d{9}$/.test(digits) || /^1[2-9]\d{9}$/.test(digits));
}

function toCountryCode(hint: string | null | undefined): CountryCode | undefined {
  if (typeof hint !== "string") return undefined;
  const code = hint.trim().toUpperCase();
  return isSupportedCountry(code) ? code : undefined;
}
