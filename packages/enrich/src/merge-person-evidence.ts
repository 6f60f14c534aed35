import { countryFromLocation } from "./country-from-location.js";
import { countryName } from "./country-name.js";
import { cleanText } from "./is-filler.js";
import { normalizeDate } from "./normalize-date.js";
import { recasePlaceName } from "./normalize-name.js";
import type { EnrichedPerson } from "./normalize-person-request.js";

/** A fact about the person that a verified citation supports. */
export interface PersonEvidence {
  field: "jobTitle" | "city" | "country" | "jobStartDate";
  value: string;
  /** The page that states it. */
  url: string;
  /** The verified words of the page that state it. */
  quote: string;
  /** Whether the page is on the person's company's own site. */
  ownSite: boolean;
  /** The page's publication date (ISO), when known. */
  publishedAt: string | null;
}

/** A founder, named with the role beside it: "Co-founder", "founder". */
const FOUNDER = String.raw`(?:co-?\s?)?founder`;
/** What joins the parts of a title: "and", "&", "/", "+", a comma. */
const JOIN = String.raw`\s*(?:,|&|\/|\+|\band\b)\s*`;
const FOUNDER_AFTER = new RegExp(`${JOIN}${FOUNDER}\\b`, "giu");
const FOUNDER_BEFORE = new RegExp(`^${FOUNDER}${JOIN}`, "iu");

/**
 * A title without the founding beside a role ("Founder and CEO", "Co-Founder, CTO", "CEO &
 * Co-founder": the CEO, the CTO): having founded the company is not a job. A founder with no
 * other role stays the founder.
 */
function withoutFounding(title: string): string {
  const role = title.replace(FOUNDER_AFTER, "").replace(FOUNDER_BEFORE, "").trim();
  return role === "" || new RegExp(`^${FOUNDER}$`, "iu").test(role) ? title : role;
}

function normalizeField(field: PersonEvidence["field"], value: string): string | null {
  const text = cleanText(value);
  if (text === null) return null;
  switch (field) {
    case "jobTitle":
      return withoutFounding(text);
    case "city":
      return recasePlaceName(text);
    case "country":
      return countryFromLocation(text).country ?? countryName(text) ?? countryFromLocation(`x, ${text}`).country;
    case "jobStartDate": {
      const date = normalizeDate(text);
      // A start date must say at least the month.
      return date && date.length >= 7 ? date : null;
    }
  }
}

const host = (url: string) => new URL(url).hostname.replace(/^www\./, "");

/**
 * Merges verified evidence into the record built from the request. For each field the most
 * authoritative statement wins (the company's own site over third parties, then the most recent);
 * a title from evidence that differs from the request's replaces it, and the change is noted.
 * `used` names the evidence each field was taken from.
 */
export function mergePersonEvidence(
  record: EnrichedPerson,
  evidence: readonly PersonEvidence[],
): { person: EnrichedPerson; notes: string[]; used: Partial<Record<PersonEvidence["field"], PersonEvidence>> } {
  const person = { ...record };
  const notes: string[] = [];
  const used: Partial<Record<PersonEvidence["field"], PersonEvidence>> = {};
  const ranked = [...evidence].sort(
    (a, b) => Number(b.ownSite) - Number(a.ownSite) || (b.publishedAt ?? "").localeCompare(a.publishedAt ?? ""),
  );
  const done = new Set<string>();
  for (const item of ranked) {
    if (done.has(item.field)) continue;
    const value = normalizeField(item.field, item.value);
    if (value === null) continue;
    done.add(item.field);
    const previous = person[item.field];
    if (item.field === "jobTitle" && previous && previous.toLowerCase() !== value.toLowerCase()) {
      notes.push(`The job title "${value}" from ${host(item.url)} replaces the title given ("${previous}").`);
    }
    person[item.field] = value;
    used[item.field] = item;
  }
  // A verified city from evidence outranks a country guessed from the company's location.
  if (done.has("city") && !done.has("country") && person.city) {
    const fromCity = countryFromLocation(person.city).country;
    if (fromCity) {
      person.country = fromCity;
      if (used.city) used.country = used.city;
    }
  }
  return { person, notes, used };
}
