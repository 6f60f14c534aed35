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
