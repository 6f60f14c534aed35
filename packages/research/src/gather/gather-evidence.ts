import { isDossierError } from "@dossier/contract";
import type { ResearchPlan } from "../plan/plan-research.js";
import { extractPage } from "./extract/extract-page.js";
import type { ExtractedPage } from "./extract/extracted-page.js";
import type { ExtractedPageCache } from "./extract/extracted-page-cache.js";
import type { PageFetcher } from "./fetch/page-fetcher.js";
import { fetchSitemapUrls } from "./fetch/fetch-sitemap-urls.js";
import type { SearchHit, SearchProvider } from "./search/search-provider.js";
import { chooseSitePages } from "./crawl/choose-site-pages.js";

export interface GatherDependencies {
  fetcher: PageFetcher;
  /** Null when no search provider is configured (SEARCH_PROVIDER=none). */
  search: SearchProvider | null;
  /** Extractions kept across jobs of this process; none when absent. */
  extracted?: ExtractedPageCache;
}

export interface GatherOptions {
  /** Most pages read for one request. */
  pageBudget: number;
  /** Search results asked for per query. Default 6. */
  hitsPerQuery?: number;
  signal?: AbortSignal;
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
  return url.replace(/^https?:\/\//i, "").replace(/\/$/, "").toLowerCase();
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/**
 * Searches and crawls in parallel, within a page budget: the configured search provider with the
 * planned queries, then the best hits; and each of the subject's own sites, from its home page and
 * sitemap to the pages most likely to answer. Failures become notes, never silent gaps.
 */
export async function gatherEvidence(plan: ResearchPlan, question: string, dependencies: GatherDependencies, options: GatherOptions): Promise<GatheredEvidence> {
  const { fetcher, search } = dependencies;
  const pages: ExtractedPage[] = [];
  const unreachable: string[] = [];
  const claimed = new Set<string>();
  const failedHosts = new Set<string>();
  const signal = options.signal;
  // Own sites and search results each get their share, so one cannot starve the other; without a
  // search provider the own sites get the whole budget.
  const siteShare = plan.ownSites.length === 0 ? 0 : search ? Math.ceil(options.pageBudget / 2) : options.pageBudget;
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
      const fetched = await fetcher.fetch(key, { signal });
      let page = dependencies.extracted?.get(fetched.url, fetched.fetchedAt);
      if (!page) {
        page = extractPage({ url: fetched.url, contentType: fetched.contentType, text: fetched.text });
        dependencies.extracted?.set(fetched.url, fetched.fetchedAt, page);
      }
      pages.push(page);
      return page;
    } catch (error) {
      if (signal?.aborted) return null;
      const host = hostOf(key);
      if (isDossierError(error)) {
        if (error.code === "FETCH_BLOCKED_ADDRESS" || error.code === "FETCH_INVALID_URL") note(`${key} was not read: ${error.detail}`);
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

  const crawlSite = async (origin: string) => {
    const [home, sitemap] = await Promise.all([
      read(`${origin}/`, "site"),
      fetchSitemapUrls(fetcher, origin, { signal }).catch(() => [] as string[]),
    ]);
    // With search running alongside, four pages keep the crawl to two rounds at two requests per host.
    const pagesAfterHome = search ? Math.min(perSite - 1, 4) : perSite - 1;
    const chosen = chooseSitePages(origin, home?.links ?? [], sitemap, question, pagesAfterHome, plan.subjectTerms);
    await Promise.all(chosen.map((url) => read(url, "site")));
  };

  const searchHits: SearchHit[] = [];
  const searchAndRead = async () => {
    if (!search) {
      note("No search provider is configured (SEARCH_PROVIDER=none), so only the subject's own site was read.");
      return;
    }
    const results = await Promise.allSettled(plan.queries.map((query) => search.search(query, { signal, limit: options.hitsPerQuery ?? 6 })));
    const lists: SearchHit[][] = [];
    for (const result of results) {
      if (result.status === "fulfilled") lists.push(result.value);
      else if (!signal?.aborted) {
        const reason = result.reason;
        note(`The search provider (${search.id}) failed: ${isDossierError(reason) ? reason.detail : "unknown error"}.`);
      }
    }
    // Interleave the queries' results so each query's best hits come first.
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
    // The crawl already covers the subject's own site: at most half the search share goes there.
    const ownHosts = plan.ownSites.map(hostOf);
    const isOwn = (url: string) => ownHosts.includes(hostOf(url));
    const ownCap = Math.ceil(budgets.search / 2);
    const picked: string[] = [];
    let ownPicked = 0;
    for (const hit of searchHits) {
      if (picked.length >= budgets.search) break;
      if (isOwn(hit.url)) {
        if (ownPicked >= ownCap) continue;
        ownPicked += 1;
      }
      picked.push(hit.url);
    }
    await Promise.all(picked.map((url) => read(url, "search")));
  };

  await Promise.all([searchAndRead(), ...plan.ownSites.map(crawlSite)]);
  return { pages, searchHits, ownSites: plan.ownSites, unreachable };
}
