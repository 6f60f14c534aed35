import { normalizeForMatch } from "./quote-matches.js";

/** What identifies the person a page must be about. */
export interface PersonIdentity {
  fullName: string;
  companyName: string | null;
  /** Hosts of the company's own sites (from its website or the e-mail domain). */
  companyHosts: string[];
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

/**
 * Whether `phrase` stands in `text` as whole words: "Jane Doe" is not in "Jane Doerr", nor
 * "acme.com" in "notacme.com" or "acme.com.evil.example" (for hosts a dash joins words too).
 */
function containsWhole(text: string, phrase: string, isHost = false): boolean {
  if (phrase === "") return false;
  const joins = (character: string | undefined) => character !== undefined && (/[\p{L}\p{N}]/u.test(character) || (isHost && character === "-"));
  for (let index = text.indexOf(phrase); index !== -1; index = text.indexOf(phrase, index + 1)) {
    const after = text[index + phrase.length];
    const continuesHost = isHost && after === "." && joins(text[index + phrase.length + 1]);
    if (!joins(text[index - 1]) && !joins(after) && !continuesHost) return true;
  }
  return false;
}

/**
 * Whether a page may be used for facts about this person: it must name them, and be on their
 * company's own site or name the company (or its domain) too. A namesake at another company fails.
 */
export function isAboutPerson(page: { url: string; text: string; title?: string | null }, person: PersonIdentity): boolean {
  const text = normalizeForMatch(`${page.title ?? ""} ${page.text}`);
  if (!containsWhole(text, normalizeForMatch(person.fullName))) return false;
  const host = hostOf(page.url);
  if (person.companyHosts.some((companyHost) => host === companyHost || host.endsWith(`.${companyHost}`))) return true;
  if (person.companyName && containsWhole(text, normalizeForMatch(person.companyName))) return true;
  return person.companyHosts.some((companyHost) => containsWhole(text, companyHost.toLowerCase(), true));
}
