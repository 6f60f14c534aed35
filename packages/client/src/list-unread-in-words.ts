import { errorCodes } from "@dossier/contract/error-codes";
import type { ListStatus } from "./types.js";

/** A page a list's discovery could not read. */
export type ListUnreadPage = NonNullable<ListStatus["unreadPages"]>[number];
/** A search of a list's discovery that failed. */
export type ListFailedSearch = NonNullable<ListStatus["failedSearches"]>[number];

/** An error code's title as the gateway's problems carry it ("Research failed"), or the code when it is unknown. */
export function errorTitleOf(code: string): string {
  return (errorCodes as Record<string, { title: string } | undefined>)[code]?.title ?? code;
}

/** The title in lower case, to follow other words ("search provider failed"). */
const inSentence = (code: string) => {
  const title = errorTitleOf(code);
  return title === code ? code : title.charAt(0).toLowerCase() + title.slice(1);
};

/** Why a page could not be read, in a few words: the status it answered ("503"), else what happened ("page fetch timed out"). */
export function unreadPageReason(page: ListUnreadPage): string {
  return page.status !== undefined ? String(page.status) : inSentence(page.code);
}

/** Why a search failed, in a few words ("search provider rate limited"). */
export function failedSearchReason(search: ListFailedSearch): string {
  return inSentence(search.code);
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What a list's discovery could not read, one sentence for its pages and one for its searches
 * (none when it read everything): "2 pages could not be read: https://a.example/members (503),
 * https://b.example/ (page fetch timed out)" and "1 search failed: “climate startups directory”
 * (search provider failed)". What they list is not among the list's candidates.
 */
export function listUnreadInWords(list: Pick<ListStatus, "unreadPages" | "failedSearches">): string[] {
  const pages = list.unreadPages ?? [];
  const searches = list.failedSearches ?? [];
  return [
    ...(pages.length > 0
      ? [
          `${counted(pages.length, "page", "pages")} could not be read: ${pages.map((page) => `${page.url} (${unreadPageReason(page)})`).join(", ")}`,
        ]
      : []),
    ...(searches.length > 0
      ? [
          `${counted(searches.length, "search", "searches")} failed: ${searches.map((search) => `“${search.query}” (${failedSearchReason(search)})`).join(", ")}`,
        ]
      : []),
  ];
}
