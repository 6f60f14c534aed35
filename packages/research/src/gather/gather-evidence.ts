import { isDossierError } from "@dossier/contract";
import type { ResearchPlan } from "../plan/plan-research.js";
import { otherWwwOrigin, siteHostOf } from "../site-host.js";
import { diversePages, PERSON_PAGE_KIND, type ScoredPage, scoreSitePages } from "./crawl/choose-site-pages.js";
import { extractPage } from "./extract/extract-page.js";
import type { ExtractedPage, PageLink } from "./extract/extracted-page.js";
import type { ExtractedPageCache } from "./extract/extracted-page-cache.js";
import type { ExtractionPool } from "./extract/extraction-pool.js";
import { fetchSitemapUrls } from "./fetch/fetch-sitemap-urls.js";
import type { PageFetcher } from "./fetch/page-fetcher.js";
import type { SearchHit, SearchProvider } from "./search/search-provider.js";

export interface GatherDependencies {
  fetcher: PageFetcher;
  /** Null when no search provider is configured (SEARCH_PROVIDER=none). */
  search: SearchProvider | null;
  /** Extractions kept across jobs of this process; none when absent. */
  extracted?: Pick<ExtractedPageCache, "extract" | "recent">;
  /** Extracts large pages off the event loop; without it every page is extracted on the calling thread. */
  extraction?: Pick<ExtractionPool, "extract">;
}

export interface GatherOptions {
  /** Most pages read for one request, both rounds together. */
  pageBudget: number;
  /** Search results asked for per query. Default 6. */
  hitsPerQuery?: number;
  /** `home`: each own site is read at its home page only, no sitemap or crawl. Default `crawl`. */
  siteDepth?: "home" | "crawl";
  /** Pages of an own site read after its home page when search also runs. Default 4. */
  crawlPages?: number;
  /**
   * Whether the run always takes the second look (deep): its sitemaps are then read with the home
   * pages, as the second look chooses with them. Default false.
   */
  alwaysLooksTwice?: boolean;
  /** Whether the pages of search results are read; without, only their hits (snippets) are gathered. Default true. */
  readSearchResults?: boolean;
  signal?: AbortSignal;
  /** Passed to the search provider: see {@link SearchOptions.background}. */
  background?: boolean;
  /** Counts a page this worker reused from memory, by its URL (the fetcher counts the others). */
  countReused?: (url: string) => Promise<void>;
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

/** Gathering in progress: the first round is done; {@link readMore} is the second look. */
export interface Gathering {
  /** Pages the budget still allows. */
  remainingBudget(): number;
  /**
   * Reads up to `limit` more pages (within the budget): the subject's own pages that now score
   * best (links found on the pages already read count), and search results not yet read. Returns
   * the pages read in this round.
   */
  readMore(limit: number): Promise<ExtractedPage[]>;
  /**
   * Whether the person's own page on their company's site (`/team/jane-doe`) is known, linked from
   * a page read, in the sitemap or found by search, and not read yet: it answers more about them
   * than the passages that seem to cover the question.
   */
  personPageUnread(): Promise<boolean>;
  /** Everything gathered so far. */
  evidence(): GatheredEvidence;
}

/** A page's URL without its scheme: `https://a.test/x` and `http://a.test/x` are the same page. */
function pageIdentity(url: string): string {
  return url
    .replace(/^https?:\/\//i, "")
    .replace(/\/$/, "")
    .toLowerCase();
}

/** Own-site pages read in the first round after the home page; the rest of the budget is for search hits and the second look. */
const FIRST_ROUND_SITE_PAGES = 4;
/** Third-party search results read in the first round. */
const FIRST_ROUND_SEARCH_PAGES = 3;
/** Pages kept back for the second look when the budget allows. */
const SECOND_LOOK_RESERVE = 4;
/** A search engine's own-site hit joins the site's candidates with this much added to its score, less for lower ranks. */
const SEARCH_HIT_BOOST = 4;

/**
 * Starts gathering for one request and runs the first round: the configured search provider with
 * the planned queries, and each of the subject's own sites from its home page and sitemap to the
 * pages whose kind best fits what the question asks (search hits on the site count as a second
 * opinion). A few pages of the budget are kept back for the second look. Failures become notes,
 * never silent gaps.
 */
export async function startGathering(
  plan: ResearchPlan,
  question: string,
  dependencies: GatherDependencies,
  options: GatherOptions,
): Promise<Gathering> {
  const { fetcher, search } = dependencies;
  const signal = options.signal;
  const pages: ExtractedPage[] = [];
  const unreachable: string[] = [];
  const claimed = new Set<string>();
  const failedHosts = new Set<string>();
  let budget = options.pageBudget;
  // Lite research reads no search result's page: the snippets are its evidence.
  const readsSearchResults = search !== null && (options.readSearchResults ?? true);

  const note = (message: string) => {
    if (!unreachable.includes(message)) unreachable.push(message);
  };

  /** Reads one page within the budget; a failure is told to `failed` (by default noted as unreachable). */
  const read = async (url: string, failed: (message: string) => void = note): Promise<ExtractedPage | null> => {
    const key = url.replace(/#.*$/, "");
    // The same page over http and https is one page.
    const identity = pageIdentity(key);
    if (claimed.has(identity) || budget <= 0 || signal?.aborted) return null;
    claimed.add(identity);
    budget -= 1;
    try {
      let page = dependencies.extracted?.recent(key);
      if (page) await options.countReused?.(key);
      if (!page) {
        const fetched = await fetcher.fetch(key, { signal });
        const input = { url: fetched.url, contentType: fetched.contentType, text: fetched.text };
        const produce = async () => dependencies.extraction?.extract(input) ?? extractPage(input);
        page = await (dependencies.extracted?.extract(fetched.url, fetched.fetchedAt, produce, key) ?? produce());
      }
      pages.push(page);
      return page;
    } catch (error) {
      if (signal?.aborted) return null;
      const host = siteHostOf(key);
      if (isDossierError(error)) {
        if (error.code === "FETCH_BLOCKED_ADDRESS" || error.code === "FETCH_INVALID_URL")
          failed(`${key} was not read: ${error.detail}`);
        else if (error.code === "FETCH_DISALLOWED_BY_ROBOTS")
          failed(`${key} was not read: its robots.txt disallows it.`);
        else if (!failedHosts.has(host)) failed(`${host} could not be read (${error.detail}).`);
      } else if (!failedHosts.has(host)) {
        failed(`${host} could not be read.`);
      }
      failedHosts.add(host);
      return null;
    }
  };

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

  const pageQuestion = {
    question,
    intents: plan.intents,
    subjectTerms: plan.subjectTerms,
    personName: plan.person ? (plan.person.fullName ?? plan.person.firstName) : null,
  };
  const sitemaps = new Map<string, string[]>();
  const sitemapsRead: Promise<void>[] = [];
  /** Where each own site answered: its home page's origin after redirects (`www.` or not), by planned origin. */
  const answeredAt = new Map<string, string>();

  /**
   * Reads a site's home page at the host the caller gave, else at its other form (`www.` added or
   * dropped), as a browser does; the site's pages are then read where it answered. Returns that origin.
   */
  const readHome = async (origin: string): Promise<string> => {
    const failures: string[] = [];
    let home = await read(`${origin}/`, (message) => failures.push(message));
    if (home === null && failures.length > 0 && !signal?.aborted)
      home = await read(`${otherWwwOrigin(origin)}/`, () => {});
    if (home === null) for (const failure of failures) note(failure);
    const answered = home ? new URL(home.url).origin : origin;
    answeredAt.set(origin, answered);
    return answered;
  };

  /** The site's pages worth reading now, best first: linked from any of its pages read, in its sitemap, or found by search. */
  const siteCandidates = (origin: string): ScoredPage[] => {
    const host = siteHostOf(origin);
    const base = answeredAt.get(origin) ?? origin;
    const links: PageLink[] = pages.filter((page) => siteHostOf(page.url) === host).flatMap((page) => page.links);
    const scored = scoreSitePages(base, links, sitemaps.get(origin) ?? [], pageQuestion);
    const byIdentity = new Map(scored.map((entry) => [pageIdentity(entry.url), entry]));
    searchHits
      .filter((hit) => ownOrigin(hit.url) === origin)
      .forEach((hit, rank) => {
        const url = new URL(new URL(hit.url).pathname + new URL(hit.url).search, base).toString();
        const boost = Math.max(1.5, SEARCH_HIT_BOOST - rank * 0.5);
        const known = byIdentity.get(pageIdentity(url));
        if (known) known.score += boost;
        else
          byIdentity.set(pageIdentity(url), {
            url,
            score: boost,
            depth: new URL(url).pathname.split("/").length,
            kind: "found-by-search",
          });
      });
    return [...byIdentity.values()]
      .filter((entry) => !claimed.has(pageIdentity(entry.url)))
      .sort((a, b) => b.score - a.score || a.depth - b.depth || a.url.localeCompare(b.url));
  };

  const otherHits = () =>
    searchHits.filter((hit) => !ownHosts.includes(siteHostOf(hit.url)) && !claimed.has(pageIdentity(hit.url)));

  const readHits = async (hits: readonly SearchHit[]) => {
    await Promise.all(hits.map((hit) => read(hit.url)));
  };

  const reserve = Math.min(SECOND_LOOK_RESERVE, Math.max(0, options.pageBudget - 4));
  const firstRoundBudget = options.pageBudget - reserve;
  // Own sites and search results each get their share of the first round, so one cannot starve the
  // other; without a search provider the own sites get it whole, without an own site search does.
  const siteShare =
    plan.ownSites.length === 0
      ? 0
      : search
        ? Math.min(firstRoundBudget - 1, plan.ownSites.length * ((options.crawlPages ?? FIRST_ROUND_SITE_PAGES) + 1))
        : firstRoundBudget;
  const perSite = plan.ownSites.length > 0 ? Math.max(2, Math.floor(siteShare / plan.ownSites.length)) : 0;
  const searchShare =
    plan.ownSites.length === 0
      ? firstRoundBudget
      : Math.min(FIRST_ROUND_SEARCH_PAGES, Math.max(0, firstRoundBudget - siteShare));

  const crawlSite = async (origin: string) => {
    if (options.siteDepth === "home") {
      await readHome(origin);
      return;
    }
    const readSitemap = (base = answeredAt.get(origin) ?? origin) =>
      fetchSitemapUrls(fetcher, base, { signal })
        .catch(() => [] as string[])
        .then((sitemap) => {
          sitemaps.set(origin, sitemap);
        });
    // Without search the sitemap is the only way to the site's deeper pages: the first choice waits
    // for it. A run that always looks twice reads it at once too, for its second look. So does a
    // question about a person: their own page (/team/jane-doe) is often listed only there, and
    // found first it is read in the first round instead of calling for a second look after it.
    const sitemapFirst = !search || (options.alwaysLooksTwice ?? false) || pageQuestion.personName !== null;
    if (sitemapFirst) {
      await Promise.all([readHome(origin), readSitemap(origin), searched]);
      // A site that answered only at its other host form lists its pages there.
      const answered = answeredAt.get(origin) ?? origin;
      if (answered !== origin && (sitemaps.get(origin) ?? []).length === 0) await readSitemap(answered);
    } else {
      // With search, the home page's links and the search hits on the site choose the first pages,
      // and the sitemap is asked for after them: it takes the polite delay's next place rather than
      // one of theirs (a window sooner for a site whose robots.txt is read first), and the second
      // look chooses with it.
      await Promise.all([readHome(origin), searched]);
    }
    const chosen = diversePages(siteCandidates(origin), perSite - 1);
    const reading = Promise.all(chosen.map((entry) => read(entry.url)));
    if (!sitemapFirst) sitemapsRead.push(readSitemap());
    await reading;
  };

  const readSearchHits = async () => {
    await searched;
    if (!readsSearchResults) return;
    await readHits(otherHits().slice(0, searchShare));
  };

  await Promise.all([readSearchHits(), ...plan.ownSites.map(crawlSite)]);

  return {
    remainingBudget: () => budget,
    async readMore(limit) {
      const count = Math.min(limit, budget);
      if (count <= 0 || signal?.aborted) return [];
      await Promise.all(sitemapsRead);
      const before = pages.length;
      const own = plan.ownSites.flatMap((origin) => siteCandidates(origin).map((entry) => ({ ...entry, origin })));
      own.sort((a, b) => b.score - a.score);
      const hits = readsSearchResults ? otherHits() : [];
      // The subject's own pages first, search results with what is left; either list fills the other's gap.
      const ownCount = Math.min(own.length, Math.max(count - hits.length, Math.ceil(count / 2)));
      await Promise.all([
        ...own.slice(0, ownCount).map((entry) => read(entry.url)),
        readHits(hits.slice(0, count - ownCount)),
      ]);
      return pages.slice(before);
    },
    async personPageUnread() {
      if (pageQuestion.personName === null || budget <= 0) return false;
      await Promise.all(sitemapsRead);
      return plan.ownSites.some((origin) => siteCandidates(origin).some((entry) => entry.kind === PERSON_PAGE_KIND));
    },
    evidence: () => ({ pages, searchHits, ownSites: plan.ownSites, unreachable }),
  };
}

/** The first round of {@link startGathering} alone: for callers that need no second look. */
export async function gatherEvidence(
  plan: ResearchPlan,
  question: string,
  dependencies: GatherDependencies,
  options: GatherOptions,
): Promise<GatheredEvidence> {
  return (await startGathering(plan, question, dependencies, options)).evidence();
}
