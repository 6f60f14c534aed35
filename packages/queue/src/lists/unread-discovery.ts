import type { StoredList } from "./list-store.js";

/** Unread pages a problem names; the rest are counted. */
const PAGES_NAMED = 3;

/**
 * Why a list's discovery tells nothing about what it lists, or null when it does: it found no
 * candidate at all while pages or searches failed for a reason that may pass (a time-out, a refused
 * connection, a 5xx or 429 status, a search that failed). Its empty result is the outage, not the
 * web: what those pages and searches list is unknown, not absent. The detail names the pages (their
 * status or error code) and counts the searches.
 */
export function unreadDiscoveryProblem(
  list: Pick<StoredList, "discovery" | "counts">,
): { code: "RESEARCH_FAILED"; detail: string } | null {
  const discovery = list.discovery;
  if (!discovery || list.counts.candidates > 0) return null;
  const { unreadPages, failedSearches } = discovery;
  if (unreadPages.length === 0 && failedSearches.length === 0) return null;
  const named = unreadPages
    .slice(0, PAGES_NAMED)
    .map((page) => `${page.url} (${page.status ?? page.code})`)
    .join(", ");
  const more = unreadPages.length > PAGES_NAMED ? ` and ${unreadPages.length - PAGES_NAMED} more` : "";
  const pages = unreadPages.length > 0 ? `could not read ${named}${more}` : "";
  const searches =
    failedSearches.length > 0 ? `${failedSearches.length} of its searches failed (${failedSearches[0]!.code})` : "";
  return {
    code: "RESEARCH_FAILED",
    detail: `The list found no candidate: its discovery ${[pages, searches].filter(Boolean).join(" and ")}. What they list is unknown, not absent; try again later.`,
  };
}
