/**
 * Codes Intl knows that are not current ISO 3166-1 countries: withdrawn codes (DD, SU, YU, ...),
 * exceptional reservations (AC, EU, UK, UN, ...) and private-use codes (QO, XA, XB, ZZ).
 * Kosovo's XK is kept: it is user-assigned but used by the EU, banks and phone metadata.
 */
const NOT_COUNTRIES = new Set([
  "AC",
  "AN",
  "BU",
  "CP",
  "CQ",
  "CS",
  "DD",
  "DG",
  "DY",
  "EA",
  "EU",
  "EZ",
  "FX",
  "HV",
  "IC",
  "NH",
  "QO",
  "RH",
  "SU",
  "TA",
  "TP",
  "UK",
  "UN",
  "VD",
  "XA",
  "XB",
  "YD",
  "YU",
  "ZR",
  "ZZ",
]);

/** Intl's English names that differ from the short names people write. */
const NAME_OVERRIDES: Record<string, string> = {
  CD: "Democratic Republic of the Congo",
  CG: "Republic of the Congo",
  HK: "Hong Kong",
  MM: "Myanmar",
  MO: "Macao",
  PS: "Palestine",
  VC: "Saint Vincent and the Grenadines",
};

let displayNames: Intl.DisplayNames | undefined;
let allCodes: readonly string[] | undefined;

/**
 * The English short name of an ISO 3166-1 alpha-2 country code, or null for anything else.
 *
 * Names come from `Intl.DisplayNames(['en'], { type: 'region' })` ("DE" -> "Germany", "US" ->
 * "United States", "GB" -> "United Kingdom") with its long or abbreviated forms spelled out:
 * "Hong Kong SAR China" -> "Hong Kong", "Myanmar (Burma)" -> "Myanmar", "Congo - Kinshasa" ->
 * "Democratic Republic of the Congo", "&" -> "and", "St." -> "Saint", "’" -> "'". The code is
 * case-insensitive; withdrawn and reserved codes ("UK", "SU", "EU") give null.
 */
export function countryName(code: string | null | undefined): string | null {
  if (typeof code !== "string") return null;
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper) || NOT_COUNTRIES.has(upper)) return null;
  const override = NAME_OVERRIDES[upper];
  if (override !== undefined) return override;
  displayNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const name = displayNames.of(upper);
  if (name === undefined) return null;
  return name
    .replace(/ & /g, " and ")
    .replace(/\bSt\. /g, "Saint ")
    .replace(/’/g, "'");
}

/** Every ISO 3166-1 alpha-2 code that {@link countryName} names, in alphabetical order. */
export function countryCodes(): readonly string[] {
  if (allCodes === undefined) {
    const codes: string[] = [];
    for (let first = 65; first <= 90; first += 1) {
      for (let second = 65; second <= 90; second += 1) {
        const code = String.fromCharCode(first, second);
        if (countryName(code) !== null) codes.push(code);
      }
    }
    allCodes = Object.freeze(codes);
  }
  return allCodes;
}
