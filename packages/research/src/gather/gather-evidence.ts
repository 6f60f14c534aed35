import { isDossierError } from "@dossier/contract";
import type { ResearchPlan } from "../plan/plan-research.js";
import { siteHostOf } from "../site-host.js";
import { chooseSitePages } from "./crawl/choose-site-pages.js";
import { extractPage } from "./extract/extract-page.js";
import type { ExtractedPage } from "./extract/extracted-page.js";
import type { ExtractedPageCache } from "./extract/extracted-page-cache.js";
import { fetchSitemapUrls } from "./fetch/fetch-sitemap-urls.js";
import type { PageFetcher } from "./fetch/page-fetcher.js";
import type { SearchHit, SearchOptions, SearchProvider } from "./search/search-provider.js";

export interface GatherDependencies {
  fetcher: PageFetcher;
  /** Null when no search provider is configured (SEARCH_PROVIDER=none). */
  search: SearchProvider | null;
  /** Extractions kept across jobs of this process; none when absent. */
  extracted?: Pick<ExtractedPageCache, "get" | "set" | "recent">;
}

export interface GatherOptions {
  /** Most pages read for one request. */
  pageBudget: number;
  /** Search results asked for per query. Default 6. */
  hitsPerQuery?: number;
  /** `home`: each own site is read at its home page only, no sitemap or crawl. Default `crawl`. */
  siteDepth?: "home" | "crawl";
  /** Pages of an own site read after its home page when search also runs. Default 4. */
  crawlPages?: number;
  /** Whether the pages of search results are read; without, only their hits (snippets) are gathered. Default true. */
  readSearchResults?: boolean;
  signal?: AbortSignal;
  /** Passed to the search provider: see {@link SearchOptions.background}. */
  background?: boolean;
  /** Counts the pages this worker reused from memory (the fetcher counts the others). */
  usage?: { pagesFromCache: number };
}

/** The evidence gathered for one request. */
export interface GatheredEvidence {
  /** Pages read, in the order they arrived. */
  pages: ExtractedPage[];
  searchHits: SearchHit[];
  /** Origins of the subject's own sites, as planned. */
  ownSites: string[];
  /** What could not be searched or read, in plain words, for `details`. */
  unreachable: string[];
}

/** A page's URL without its scheme: `https://a.test/x` and `http://a.test/x` are the same page. */
function pageIdentity(url: string): string {
  return url
    .replace(/^https?:\/\//i, "")
    .replace(/\/$/, "")
    .toLowerCase();
}

/**
 * Searches and crawls in parallel, within a page budget: the configured search provider with the
 * planned queries, then the best hits; and each of the subject's own sites, from its home page and
 * sitemap to the pages most likely to answer. Failures become notes, never silent gaps.
 */
export async function gatherEvidence(
  plan: ResearchPlan,
  question: string,
  dependencies: GatherDependencies,
  options: GatherOptions,
): Promise<GatheredEvidence> {
  const { fetcher, search } = dependencies;
  const pages: ExtractedPage[] = [];
  const unreachable: string[] = [];
  const claimed = new Set<string>();
  const failedHosts = new Set<string>();
  const signal = options.signal;
  // Own sites and search results each get their share, so one cannot starve the other; without a
  // search provider the own sites get the whole budget.
  const readsSearchResults = search !== null && (options.readSearchResults ?? true);
  const siteShare =
    plan.ownSites.length === 0 ? 0 : readsSearchResults ? Math.ceil(options.pageBudget / 2) : options.pageBudget;
  const budgets = { site: siteShare, search: options.pageBudget - siteShare };

  const note = (message: string) => {
    if (!unreachable.includes(message)) unreachable.push(message);
  };

  const read = async (url: string, budget: keyof typeof budgets): Promise<ExtractedPage | null> => {
    const key = url.replace(/#.*$/, "");
    // The same page over http and https is one page.
    const identity = pageIdentity(key);
    if (claimed.has(identity) || budgets[budget] <= 0 || signal?.aborted) return null;
    claimed.add(identity);
    budgets[budget] -= 1;
    try {
      let page = dependencies.extracted?.recent(key);
      if (page && options.usage) options.usage.pagesFromCache += 1;
      if (!page) {
        const fetched = await fetcher.fetch(key, { signal });
        page = dependencies.extracted?.get(fetched.url, fetched.fetchedAt);
        if (!page) page = extractPage({ url: fetched.url, contentType: fetched.contentType, text: fetched.text });
        dependencies.extracted?.set(fetched.url, fetched.fetchedAt, page, key);
      }
      pages.push(page);
      return page;
    } catch (error) {
      if (signal?.aborted) return null;
      const host = siteHostOf(key);
      if (isDossierError(error)) {
        if (error.code === "FETCH_BLOCKED_ADDRESS" || error.code === "FETCH_INVALID_URL")
          note(`${key} was not read: ${error.detail}`);
        else if (error.code === "FETCH_DISALLOWED_BY_ROBOTS") note(`${key} was not read: its robots.txt disallows it.`);
        else if (!failedHosts.has(host)) note(`${host} could not be read (${error.detail}).`);
      } else if (!failedHosts.has(host)) {
        note(`${host} could not be read.`);
      }
      failedHosts.add(host);
      return null;
    }
  };

  const perSite = plan.ownSites.length > 0 ? Math.max(2, Math.floor(siteShare / plan.ownSites.length)) : 0;

  const ownHosts = plan.ownSites.map((origin) => siteHostOf(origin));
  const ownOrigin = (url: string) => plan.ownSites.find((origin) => siteHostOf(origin) === siteHostOf(url));

  // Search results, interleaved so that each query's best hits come first; empty without search.
  const searchHits: SearchHit[] = [];
  const searched = (async () => {
    if (!search) {
      note("No search provider is configured (SEARCH_PROVIDER=none), so only the subject's own site was read.");
      return;
    }
    const results = await Promise.allSettled(
      plan.queries.map((query) =>
        search.search(query, { signal, limit: options.hitsPerQuery ?? 6, background: options.background ?? false }),
      ),
    );
    const lists: SearchHit[][] = [];
    for (const result of results) {
      if (result.status === "fulfilled") lists.push(result.value);
      else if (!signal?.aborted) {
        const reason = result.reason;
        note(`The search provider (${search.id}) failed: ${isDossierError(reason) ? reason.detail : "unknown error"}.`);
      }
    }
    const seen = new Set<string>();
    for (let rank = 0; lists.some((list) => rank < list.length); rank += 1) {
      for (const list of lists) {
        const hit = list[rank];
        if (hit && !seen.has(hit.url)) {
          seen.add(hit.url);
          searchHits.push(hit);
        }
      }
    }
  })();

  /**
   * The subject's own site: robots.txt, the home page and the sitemap, then the pages most likely to
   * answer. Search hits on the site join that choice (they are read over the site's own origin),
   * so the site sees one crawl of a few pages rather than two competing ones.
   */
  const crawlSite = async (origin: string) => {
    if (options.siteDepth === "home") {
      await read(`${origin}/`, "site");
      return;
    }
    const [home, sitemap] = await Promise.all([
      read(`${origin}/`, "site"),
      fetchSitemapUrls(fetcher, origin, { signal }).catch(() => [] as string[]),
    ]);
    await searched;
    // With search, four pages keep the crawl to two rounds at two requests per host.
    const pagesAfterHome = search ? Math.min(perSite - 1, options.crawlPages ?? 4) : perSite - 1;
    const fromSearch = searchHits
      .filter((hit) => ownOrigin(hit.url) === origin)
      .map((hit) => new URL(new URL(hit.url).pathname + new URL(hit.url).search, origin).toString())
      .slice(0, Math.ceil(pagesAfterHome / 2));
    const fromSite = chooseSitePages(origin, home?.links ?? [], sitemap, question, pagesAfterHome, plan.subjectTerms);
    const chosen = [...new Set([...fromSearch, ...fromSite])].slice(0, pagesAfterHome);
    await Promise.all(chosen.map((url) => read(url, "site")));
  };

  const readSearchHits = async () => {
    await searched;
    if (!readsSearchResults) return;
    const picked = searchHits
      .filter((hit) => !ownHosts.includes(siteHostOf(hit.url)))
      .slice(0, budgets.search)
      .map((hit) => hit.url);
    await Promise.all(picked.map((url) => read(url, "search")));
  };

  await Promise.all([readSearchHits(), ...plan.ownSites.map(crawlSite)]);
  return { pages, searchHits, ownSites: plan.ownSites, unreachable };
}
