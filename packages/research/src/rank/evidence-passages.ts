import type { GatheredEvidence } from "../gather/gather-evidence.js";
import { isOwnSite, mentionsAny } from "../own-site.js";
import type { Passage } from "./passage.js";
import { snippetPassages } from "./snippet-passages.js";
import { splitPassages } from "./split-passages.js";

/** A page with less text than this may be a script-only shell or a consent wall: its search snippet is kept beside it. */
const THIN_PAGE_TEXT = 200;

/**
 * Every passage the gathered evidence offers: the passages of each page that is on the subject's
 * own site or names the subject (`relevanceTerms`: the company, its domain, the person's full
 * name), and the search engine's title and snippet of each result whose page could not be read or
 * held almost no text, marked `search-snippet`, under the same rule.
 */
export function evidencePassages(
  evidence: GatheredEvidence,
  ownSites: readonly string[],
  relevanceTerms: readonly string[],
): Passage[] {
  const relevant = (page: { url: string; title: string | null; text: string }) =>
    isOwnSite(page.url, ownSites) || mentionsAny(page, relevanceTerms);
  const substantial = evidence.pages.filter((page) => page.text.length >= THIN_PAGE_TEXT);
  const readUrls = new Set(substantial.map((page) => page.url.replace(/\/$/, "")));
  const fromPages = evidence.pages.filter(relevant).flatMap((page) => splitPassages(page));
  const unread = evidence.searchHits.filter((hit) => !readUrls.has(hit.url.replace(/\/$/, "")));
  const fromSnippets = snippetPassages(unread).filter((passage) =>
    relevant({ url: passage.url, title: passage.title, text: passage.text }),
  );
  return [...fromPages, ...fromSnippets];
}
