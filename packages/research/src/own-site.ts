import type { ExtractedPage } from "./gather/extract/extracted-page.js";
import { isOnSite, siteHostOf } from "./site-host.js";
import { containsWhole, normalizeForMatch } from "./verify/quote-matches.js";

/** Whether the URL is on one of the subject's own sites (or a subdomain of one). */
export function isOwnSite(url: string, ownSites: readonly string[]): boolean {
  const host = siteHostOf(url);
  return ownSites.some((origin) => isOnSite(host, siteHostOf(origin)));
}

/** Whether a page's title or text names one of the terms as whole words (hosts with their dots). */
export function mentionsAny(page: { title: string | null; text: string }, terms: readonly string[]): boolean {
  const text = normalizeForMatch(`${page.title ?? ""} ${page.text}`);
  return terms.some((term) => containsWhole(text, normalizeForMatch(term), term.includes(".")));
}

/** Link texts that say where a link goes or what to do, not whose site it is. */
const GENERIC_LINK_TEXT =
  /^(?:(?:visit|view|open|go to|see|check out)\b.*|(?:our |the |their |official |company )?(?:web ?site|homepage|home page|home|site|web|link|url|here|more|learn more|read more|details|profile|about|about us|contact|contact us|blog|careers|jobs)|click here)$/i;
/** Most names taken from links: the ones most pages agree on. */
const MAX_SITE_NAMES = 3;

/**
 * The names pages give the subject's own site, for a subject known by its website alone: its home
 * page's site name, and the text of links on other sites that point to it (a directory's card
 * writes "Acme Surveys", linked to acme.example). Pages that name the company that way are about
 * it even though they never write its domain. Most agreed first, at most three.
 */
export function namesOfSite(pages: readonly ExtractedPage[], ownSites: readonly string[]): string[] {
  const counts = new Map<string, { name: string; count: number }>();
  const count = (name: string, weight: number) => {
    const text = name.replace(/\s+/g, " ").trim();
    const words = text.split(" ").length;
    if (text.length < 2 || text.length > 60 || words > 5 || !/\p{L}/u.test(text)) return;
    if (GENERIC_LINK_TEXT.test(text) || /[/@]|\.\p{L}{2,}$|^www\./iu.test(text)) return;
    const key = text.toLowerCase();
    const known = counts.get(key) ?? { name: text, count: 0 };
    known.count += weight;
    counts.set(key, known);
  };
  for (const page of pages) {
    if (isOwnSite(page.url, ownSites)) {
      if (page.siteName && new URL(page.url).pathname.replace(/\/$/, "") === "") count(page.siteName, 2);
      continue;
    }
    for (const link of page.links) if (isOwnSite(link.url, ownSites)) count(link.text, 1);
  }
  return [...counts.values()]
    .sort((left, right) => right.count - left.count)
    .slice(0, MAX_SITE_NAMES)
    .map((entry) => entry.name);
}
