import type { PersonIdentity } from "../plan/plan-research.js";
import { isOnSite, siteHostOf } from "../site-host.js";
import { fullNameAsWritten } from "../text/person-names.js";
import { containsWhole, normalizeForMatch } from "./quote-matches.js";

export type { PersonIdentity };

/** Words that say what someone does; a first name shown with some of them and none of the given title's is a namesake. */
const ROLE_WORDS = new Set(
  (
    "engineer engineering manager management director head chief officer ceo cto cfo coo cmo cpo founder cofounder " +
    "co-founder lead leader designer developer architect analyst scientist researcher president vp vice marketing " +
    "sales product operations finance legal recruiter recruiting support success infrastructure security partner " +
    "consultant specialist coordinator administrator intern advocate editor writer owner"
  ).split(" "),
);

function contentWords(text: string): string[] {
  return normalizeForMatch(text)
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((word) => word.length > 1);
}

/**
 * Whether some mention of the first name in `text` can be this person: the words around it (a
 * line, or a dozen words either side) do not show a role that shares nothing with the given title.
 */
function firstNameFits(text: string, firstName: string, title: string | null): boolean {
  const name = normalizeForMatch(firstName);
  if (!containsWhole(text, name)) return false;
  if (!title) return true;
  const titleWords = new Set(contentWords(title));
  const words = text.split(/\s+/);
  for (let index = 0; index < words.length; index += 1) {
    if (!containsWhole(words[index] ?? "", name)) continue;
    const around = words.slice(Math.max(0, index - 12), index + 13).join(" ");
    const aroundWords = contentWords(around);
    const sharesTitle = aroundWords.some((word) => titleWords.has(word));
    const showsRole = aroundWords.some((word) => ROLE_WORDS.has(word));
    if (sharesTitle || !showsRole) return true;
  }
  return false;
}

/** Whether the page is on the person's company's site, or names the company or its domain. */
function namesCompany(text: string, url: string, person: PersonIdentity): boolean {
  const host = siteHostOf(url, "");
  if (person.companyHosts.some((companyHost) => isOnSite(host, companyHost))) return true;
  if (person.companyName && containsWhole(text, normalizeForMatch(person.companyName))) return true;
  return person.companyHosts.some((companyHost) => containsWhole(text, companyHost.toLowerCase(), true));
}

/**
 * Whether a page may be used for facts about this person: it must name them (the full name, or,
 * when only the first name is known, the first name without a conflicting role) and be on their
 * company's own site or name the company (or its domain) too. A namesake at another company fails.
 */
export function isAboutPerson(
  page: { url: string; text: string; title?: string | null },
  person: PersonIdentity,
): boolean {
  const text = normalizeForMatch(`${page.title ?? ""} ${page.text}`);
  if (person.fullName !== null) {
    if (fullNameAsWritten(text, normalizeForMatch(person.fullName)) === null) return false;
  } else if (person.firstName === null || !firstNameFits(text, person.firstName, person.title)) {
    return false;
  }
  return namesCompany(text, page.url, person);
}
