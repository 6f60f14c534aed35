import { isOnSite, siteHostOf } from "../site-host.js";
import { containsWhole, normalizeForMatch } from "./quote-matches.js";

/** What identifies the person a page must be about. */
export interface PersonIdentity {
  fullName: string;
  companyName: string | null;
  /** Hosts of the company's own sites (from its website or the e-mail domain). */
  companyHosts: string[];
}

/**
 * Whether a page may be used for facts about this person: it must name them, and be on their
 * company's own site or name the company (or its domain) too. A namesake at another company fails.
 */
export function isAboutPerson(
  page: { url: string; text: string; title?: string | null },
  person: PersonIdentity,
): boolean {
  const text = normalizeForMatch(`${page.title ?? ""} ${page.text}`);
  if (!containsWhole(text, normalizeForMatch(person.fullName))) return false;
  const host = siteHostOf(page.url, "");
  if (person.companyHosts.some((companyHost) => isOnSite(host, companyHost))) return true;
  if (person.companyName && containsWhole(text, normalizeForMatch(person.companyName))) return true;
  return person.companyHosts.some((companyHost) => containsWhole(text, companyHost.toLowerCase(), true));
}
