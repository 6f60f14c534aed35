import { countryCodes, countryName } from "./country-name.js";
import { cleanText } from "./is-filler.js";
import { countryAliases, findCity, findRegions, placeKey } from "./location-table.js";
import { recasePlaceName } from "./normalize-name.js";

/** What a free-text location says about country and city. */
export interface ParsedLocation {
  /** ISO 3166-1 alpha-2 code, such as "DE"; null when no country can be told. */
  countryCode: string | null;
  /** English short name of `countryCode` (see countryName), such as "Germany". */
  country: string | null;
  /** The city, when the text clearly names one: "Munich" for "München, Deutschland". */
  city: string | null;
}

const NOTHING: ParsedLocation = Object.freeze({ countryCode: null, country: null, city: null });

/** How a part of the location was read. */
interface Reading {
  kind: "country" | "region";
  countryCode: string;
}

let countryIndex: Map<string, string> | undefined;

/**
 * Country and city from a free-text location such as "Berlin, Germany", "San Francisco, CA",
 * "London, UK", "München, Deutschland", "NYC" or "US".
 *
 * The text is split at commas (and ";", "|", "/", " - ", parentheses). The last part that names a
 * country (any English name Intl knows, an upper-case ISO code, or an alias such as "USA", "UK",
 * "England", "Deutschland") or a first-level region (a US state, Canadian province or Australian
 * state, by name or postal code) gives the country; failing that, a known city does ("Paris").
 * A two-letter code after a place ("Portland, OR") is read as a US state unless the place is a
 * known city of the country with that code ("Berlin, DE"), since "City, ST" is the US convention.
 *
 * `city` is set only when the text clearly names a city: a city of the built-in table (given in
 * its English name), a place followed by a state or province ("Boulder, CO"), or the first of
 * three or more parts ending in a country, LinkedIn's "City, Region, Country" form. In the
 * two-part form "X, Country" an unknown X is usually a region ("Bavaria, Germany"), so city
 * stays null.
 */
export function countryFromLocation(location: string | null | undefined): ParsedLocation {
  const text = cleanText(location);
  if (text === null) return NOTHING;
  let parts = splitParts(text);
  if (parts.length === 1) parts = splitTrailingPlace(parts[0]!);
  if (parts.length === 0) return NOTHING;

  let reading: Reading | undefined;
  let readingIndex = -1;
  for (let index = parts.length - 1; index >= 0 && reading === undefined; index -= 1) {
    reading = readPart(parts, index);
    readingIndex = index;
  }

  const cityPart = readingIndex === 0 ? undefined : parts[0];
  if (reading === undefined) {
    const city = findCity(withoutAreaWords(parts[0]!));
    return city === undefined ? NOTHING : result(city.countryCode, city.name);
  }
  if (readingIndex === 0) {
    // A city-state names both: "Singapore", "Hong Kong".
    const city = reading.kind === "country" ? findCity(parts[0]!) : undefined;
    return result(reading.countryCode, city?.countryCode === reading.countryCode ? city.name : null);
  }
  return result(reading.countryCode, cityOf(cityPart!, reading, parts.length, readingIndex));
}

function cityOf(part: string, reading: Reading, partCount: number, readingIndex: number): string | null {
  const place = withoutAreaWords(part);
  const city = findCity(place);
  if (city !== undefined && city.countryCode === reading.countryCode) return city.name;
  if (place === "" || readPlace(place) !== undefined) return null;
  // A known city name under another country's state is a namesake: "Paris, TX", "London, ON".
  if (reading.kind === "region") return recasePlaceName(place);
  if (city !== undefined) return null;
  return partCount >= 3 && readingIndex === partCount - 1 ? recasePlaceName(place) : null;
}

function result(countryCode: string, city: string | null): ParsedLocation {
  return { countryCode, country: countryName(countryCode), city };
}

/** Reads part `index` of the location, using the part before it to settle two-letter codes. */
function readPart(parts: string[], index: number): Reading | undefined {
  const part = parts[index]!;
  const country = findCountry(part);
  const regions = findRegions(part);
  if (country === undefined) {
    return regions.length === 0 ? undefined : { kind: "region", countryCode: regions[0]!.countryCode };
  }
  if (regions.length === 0 || index === 0) return { kind: "country", countryCode: country };
  // "CA", "DE", "IN", "Georgia": a country and a region at once; the place before decides.
  const previousCity = findCity(withoutAreaWords(parts[index - 1]!));
  if (previousCity?.countryCode === country) return { kind: "country", countryCode: country };
  const region = regions.find((candidate) => candidate.countryCode === previousCity?.countryCode) ?? regions[0]!;
  if (previousCity === undefined && !region.isCode) return { kind: "country", countryCode: country };
  return { kind: "region", countryCode: region.countryCode };
}

/** A lone place read as a country or region, without context. */
function readPlace(text: string): Reading | undefined {
  const country = findCountry(text);
  if (country !== undefined) return { kind: "country", countryCode: country };
  const regions = findRegions(text);
  return regions.length === 0 ? undefined : { kind: "region", countryCode: regions[0]!.countryCode };
}

function findCountry(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^[A-Z]{2}$/.test(trimmed) && countryName(trimmed) !== null) return trimmed;
  if (countryIndex === undefined) {
    countryIndex = new Map();
    const intlNames = new Intl.DisplayNames(["en"], { type: "region" });
    for (const code of countryCodes()) {
      countryIndex.set(placeKey(countryName(code)!), code);
      countryIndex.set(placeKey(intlNames.of(code)!), code);
    }
    for (const [alias, code] of countryAliases()) countryIndex.set(placeKey(alias), code);
  }
  return countryIndex.get(placeKey(trimmed));
}

function splitParts(text: string): string[] {
  return text
    .replace(/[()[\]]/g, ",")
    .split(/[,;|/·•]|\s[-–—]\s/)
    .map((part) => part.trim())
    .filter((part) => cleanText(part) !== null);
}

/** "Berlin Germany" or "San Francisco CA": a place and a country or state written without comma. */
function splitTrailingPlace(part: string): string[] {
  if (findCity(withoutAreaWords(part)) !== undefined || readPlace(part) !== undefined) return [part];
  const words = part.split(" ");
  for (let count = Math.min(3, words.length - 1); count >= 1; count -= 1) {
    const tail = words.slice(-count).join(" ");
    if (readPlace(tail) !== undefined) return [words.slice(0, -count).join(" "), tail];
  }
  return [part];
}

/** "Greater Munich Metropolitan Area" -> "Munich", "San Francisco Bay Area" -> "San Francisco". */
function withoutAreaWords(text: string): string {
  return text
    .replace(/^greater\s+/i, "")
    .replace(/\s+(?:bay\s+area|metropolitan\s+area|metro\s+area|metropolitan\s+region|area|region|metro)$/i, "")
    .trim();
}
