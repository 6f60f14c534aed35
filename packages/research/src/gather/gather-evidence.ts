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
import { namedSiteOf } from "./named-site.js";
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
  /**
   * Pages read, in the order they were chosen, whatever order they arrived in: round by round, each
   * own site (its home page, then its chosen pages, best first) in the plan's order, then the search
   * results, best first.
   */
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
   * best (links found on the pages already read count), and search results not yet read. Pages
   * in `leads` (those whose search snippets seem to answer, best first) take turns with the best of
   * the rest of their list. Returns the pages read in this round.
   */
  readMore(limit: number, leads?: readonly string[]): Promise<ExtractedPage[]>;
  /**
   * Whether the person's own page on their company's site (`/team/jane-doe`) is known, linked from
   * a page read, in the sitemap or found by search, and not read yet: it answers more about them
   * than the passages that seem to cover the question.
   */
  personPageUnread(): Promise<boolean>;
  /**
   * The subject's own pages not read whose own names hold two or more of the question's words
   * ("/news/2021/05/one-million-members" for "when did they pass a million members"), best
   * first: those linked from the pages read or found by search. The sitemap is not waited for: a
   * question the passages seem to cover is answered without that wait.
   */
  namedPagesUnread(): string[];
  /** Everything gathered so far. */
  evidence(): GatheredEvidence;
}

/** Why a page could not be read, for `unreachable`. */
interface ReadFailure {
  message: string;
  host: string;
  /** Told once for its host (the host is down), not once per page (robots.txt forbids this page). */
  oncePerHost: boolean;
}

/** One read, placed when it was decided on and filled when it settled. */
interface Slot {
  page: ExtractedPage | null;
  failure: ReadFailure | null;
}

/**
 * A part of a round (one own site's crawl, the search results' reads, a second look's own pages or
 * its search results): the pages the budget granted it and its reads, in the order it decided on them.
 */
interface Part {
  left: number;
  slots: Slot[];
}

function readFailure(url: string, error: unknown): ReadFailure {
  const host = siteHostOf(url);
  if (isDossierError(error)) {
    if (error.code === "FETCH_BLOCKED_ADDRESS" || error.code === "FETCH_INVALID_URL")
      return { message: `${url} was not read: ${error.detail}`, host, oncePerHost: false };
    if (error.code === "FETCH_DISALLOWED_BY_ROBOTS")
      return { message: `${url} was not read: its robots.txt disallows it.`, host, oncePerHost: false };
    // A page that is gone or forbidden (404, 410, 403) is that page's answer, not the host's: the
    // host answered. Too many requests and a timeout (429, 408) are the host's.
    const status = Number(error.extensions?.upstreamStatus);
    if (error.code === "FETCH_HTTP_ERROR" && status >= 400 && status < 500 && status !== 408 && status !== 429)
      return { message: `${url} was not read: it answered ${status}.`, host, oncePerHost: false };
    return { message: `${host} could not be read (${error.detail}).`, host, oncePerHost: true };
  }
  return { message: `${host} could not be read.`, host, oncePerHost: true };
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
/** Words of the question a page's own name holds that make it worth a second look. */
const NAMED_PAGE_WORDS = 2;
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
 *
 * Which pages are read, and the order the evidence lists them and its notes in, never depend on
 * which answer arrives first: the budget is shared out among a round's parts (each own site, the
 * search results) before any of them reads, each reads only within its own share (what it leaves
 * goes back once the round is over), and each read keeps the place it was decided in.
 */
export async function startGathering(
  plan: ResearchPlan,
  question: string,
  dependencies: GatherDependencies,
  options: GatherOptions,
): Promise<Gathering> {
  const { fetcher, search } = dependencies;
  const signal = options.signal;
  /** Notes that are not about one page (the search provider's), in the order they were made. */
  const notes: string[] = [];
  const claimed = new Set<string>();
  let budget = options.pageBudget;
  // Lite research reads no search result's page: the snippets are its evidence.
  const readsSearchResults = search !== null && (options.readSearchResults ?? true);

  const note = (message: string) => {
    if (!notes.includes(message)) notes.push(message);
  };

  /** Every part of every round so far, in the order the evidence lists their pages. */
  const parts: Part[] = [];
  const newPart = (): Part => {
    const part: Part = { left: 0, slots: [] };
    parts.push(part);
    return part;
  };
  /** Takes up to `wanted` pages of what is left of the budget for `part`. */
  const grant = (part: Part, wanted: number) => {
    const granted = Math.max(0, Math.min(wanted, budget));
    part.left += granted;
    budget -= granted;
  };
  /** Gives back what a part did not read, once its round is over. */
  const giveBack = (round: readonly Part[]) => {
    for (const part of round) {
      budget += part.left;
      part.left = 0;
    }
  };
  const pagesOf = (round: readonly Part[]): ExtractedPage[] =>
    round.flatMap((part) => part.slots.flatMap((slot) => (slot.page ? [slot.page] : [])));
  /** What could not be searched or read: the general notes, then each failed read in its place, a host that failed told once. */
  const unreachable = (): string[] => {
    const messages = [...notes];
    const failedHosts = new Set<string>();
    // A host that served a page was reached: one of its pages failing does not make it unreadable.
    const servedHosts = new Set(pagesOf(parts).map((page) => siteHostOf(page.url)));
    for (const part of parts) {
      for (const { failure } of part.slots) {
        if (!failure || (failure.oncePerHost && servedHosts.has(failure.host))) continue;
        if (!(failure.oncePerHost && failedHosts.has(failure.host)) && !messages.includes(failure.message))
          messages.push(failure.message);
        failedHosts.add(failure.host);
      }
    }
    return messages;
  };

  /**
   * Reads one page within `part`'s share of the budget, in the next of its places; returns that
   * place (its page, or why it could not be read), or null when the page was not read at all (read
   * already, no budget left, or the gathering was stopped).
   */
  const read = async (url: string, part: Part): Promise<Slot | null> => {
    const key = url.replace(/#.*$/, "");
    // The same page over http and https is one page.
    const identity = pageIdentity(key);
    if (claimed.has(identity) || part.left <= 0 || signal?.aborted) return null;
    claimed.add(identity);
    part.left -= 1;
    const slot: Slot = { page: null, failure: null };
    part.slots.push(slot);
    try {
      let page = dependencies.extracted?.recent(key);
      if (page) await options.countReused?.(key);
      if (!page) {
        const fetched = await fetcher.fetch(key, { signal });
        const input = { url: fetched.url, contentType: fetched.contentType, text: fetched.text };
        const produce = async () => dependencies.extraction?.extract(input) ?? extractPage(input);
        page = await (dependencies.extracted?.extract(fetched.url, fetched.fetchedAt, produce, key) ?? produce());
      }
      slot.page = page;
    } catch (error) {
      if (!signal?.aborted) slot.failure = readFailure(key, error);
    }
    return slot;
  };

  const ownHosts = plan.ownSites.map((origin) => siteHostOf(origin));
  /** The company's own site found among the search results on the second look, when none was given. */
  let foundSite: string | null = null;

  /** The own site a page is on: one given, or the one found for a company named without one. */
  const ownOrigin = (url: string) =>
    [...plan.ownSites, ...(foundSite ? [foundSite] : [])].find((origin) => siteHostOf(origin) === siteHostOf(url));

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
  const readHome = async (origin: string, part: Part): Promise<string> => {
    const given = await read(`${origin}/`, part);
    let home = given?.page ?? null;
    if (given?.failure && !signal?.aborted) {
      const other = await read(`${otherWwwOrigin(origin)}/`, part);
      // The other form failing too is not news: the note is the host as given.
      if (other) other.failure = null;
      home = other?.page ?? null;
      if (home) given.failure = null;
    }
    const answered = home ? new URL(home.url).origin : origin;
    answeredAt.set(origin, answered);
    return answered;
  };

  /** The site's pages worth reading now, best first: linked from any of its pages read, in its sitemap, or found by search. */
  const siteCandidates = (origin: string, { withSitemap = true } = {}): ScoredPage[] => {
    const host = siteHostOf(origin);
    const base = answeredAt.get(origin) ?? origin;
    const links: PageLink[] = pagesOf(parts)
      .filter((page) => siteHostOf(page.url) === host)
      .flatMap((page) => page.links);
    const scored = scoreSitePages(base, links, withSitemap ? (sitemaps.get(origin) ?? []) : [], pageQuestion);
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

  /**
   * The search engine read the site's pages whole, the scores only their names: the site's best
   * search hit takes a place among the chosen pages whatever its name, the place of the chosen page
   * scored lowest (not a person's own page nor the directory with their card).
   */
  const withBestHit = (chosen: ScoredPage[], candidates: readonly ScoredPage[], origin: string, limit: number) => {
    const best = searchHits.find((hit) => ownOrigin(hit.url) === origin);
    if (!best || limit <= 0) return;
    const identity = pageIdentity(new URL(new URL(best.url).pathname + new URL(best.url).search, origin).toString());
    const entry = candidates.find((candidate) => pageIdentity(candidate.url) === identity);
    if (!entry || chosen.some((page) => pageIdentity(page.url) === identity)) return;
    if (chosen.length < limit) {
      chosen.push(entry);
      return;
    }
    const kept = (page: ScoredPage) =>
      page.kind === PERSON_PAGE_KIND ||
      page.directory === true ||
      (pageQuestion.personName !== null && page.kind.split("|").includes("team"));
    const replaceable = chosen.filter((page) => !kept(page));
    const lowest = replaceable.reduce<ScoredPage | null>(
      (low, page) => (low && low.score <= page.score ? low : page),
      null,
    );
    if (lowest) chosen.splice(chosen.indexOf(lowest), 1, entry);
  };

  const otherHits = () =>
    searchHits.filter((hit) => !ownHosts.includes(siteHostOf(hit.url)) && !claimed.has(pageIdentity(hit.url)));

  const readHits = async (hits: readonly SearchHit[], part: Part) => {
    await Promise.all(hits.map((hit) => read(hit.url, part)));
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

  // The first round's parts, in the order the evidence lists them: each own site, then the search
  // results. Their shares of the budget are taken before anything is read, in this order: each
  // site's home page, the search results' share, each site's chosen pages, and each site's one page
  // more for its home page at the other host form (`www.` added or dropped) should the one given
  // not answer. A tight budget thus leaves out the same pages whichever site or result answers first.
  const sites = plan.ownSites.map((origin) => ({ origin, part: newPart() }));
  const searchPart = newPart();
  for (const { part } of sites) grant(part, 1);
  if (readsSearchResults) grant(searchPart, searchShare);
  if (options.siteDepth !== "home") for (const { part } of sites) grant(part, perSite - 1);
  for (const { part } of sites) grant(part, 1);

  const crawlSite = async (origin: string, part: Part) => {
    if (options.siteDepth === "home") {
      await readHome(origin, part);
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
      await Promise.all([readHome(origin, part), readSitemap(origin), searched]);
      // A site that answered only at its other host form lists its pages there.
      const answered = answeredAt.get(origin) ?? origin;
      if (answered !== origin && (sitemaps.get(origin) ?? []).length === 0) await readSitemap(answered);
    } else {
      // With search, the home page's links and the search hits on the site choose the first pages,
      // and the sitemap is asked for after them: it takes the polite delay's next place rather than
      // one of theirs (a window sooner for a site whose robots.txt is read first), and the second
      // look chooses with it.
      await Promise.all([readHome(origin, part), searched]);
    }
    // For a person, the team page with their card gives the record its title and place, whatever is asked.
    const candidates = siteCandidates(origin);
    const chosen = diversePages(candidates, perSite - 1, pageQuestion.personName ? { includeKind: "team" } : {});
    withBestHit(chosen, candidates, origin, perSite - 1);
    const reading = Promise.all(chosen.map((entry) => read(entry.url, part)));
    if (!sitemapFirst) sitemapsRead.push(readSitemap());
    await reading;
  };

  const readSearchHits = async () => {
    await searched;
    if (!readsSearchResults) return;
    await readHits(otherHits().slice(0, searchShare), searchPart);
  };

  await Promise.all([readSearchHits(), ...sites.map(({ origin, part }) => crawlSite(origin, part))]);
  giveBack(parts);

  return {
    remainingBudget: () => budget,
    async readMore(limit, leads = []) {
      const count = Math.min(limit, budget);
      if (count <= 0 || signal?.aborted) return [];
      await Promise.all(sitemapsRead);
      // A company named without a website: its own site, found among the search results, is chosen
      // from as one given is (the links of its pages read so far), for its team, about or legal page.
      // From then on its pages are the company's own, as those of a site given are.
      foundSite = plan.ownSites.length === 0 && plan.companyName ? namedSiteOf(plan.companyName, searchHits) : null;
      // Its sitemap too, as a site given has: the team page with a person's card, the handbook's
      // policy pages, are seldom linked from the pages search led to.
      if (foundSite && !sitemaps.has(foundSite)) {
        const listed = await fetchSitemapUrls(fetcher, foundSite, { signal }).catch(() => [] as string[]);
        sitemaps.set(foundSite, listed);
      }
      const origins = foundSite ? [foundSite] : plan.ownSites;
      // A page whose search snippet seems to answer is read whole: the snippet is cut off, the page is
      // not. They take turns with the own pages that score best and with the search results in rank order.
      const leadRank = new Map(leads.map((url, rank) => [pageIdentity(url), rank]));
      const lead = (url: string) => leadRank.get(pageIdentity(url)) ?? leads.length;
      const candidates = origins.flatMap((origin) => siteCandidates(origin).map((entry) => ({ ...entry, origin })));
      candidates.sort((a, b) => b.score - a.score);
      const others = candidates.filter((entry) => lead(entry.url) === leads.length);
      const leading = candidates
        .filter((entry) => lead(entry.url) < leads.length)
        .sort((a, b) => lead(a.url) - lead(b.url));
      // A lead that is also the site's best page by its name is read first, whatever its snippet's rank.
      const best = leading.reduce<(typeof leading)[number] | null>(
        (top, entry) => (top && top.score >= entry.score ? top : entry),
        null,
      );
      const own =
        best && best.score > (others[0]?.score ?? 0)
          ? [
              best,
              ...takingTurns(
                others,
                leading.filter((entry) => entry !== best),
              ),
            ]
          : takingTurns(others, leading);
      // The found site's search hits are among its own candidates, scored with its sitemap and links.
      const unread = readsSearchResults ? otherHits().filter((hit) => !foundSite || !ownOrigin(hit.url)) : [];
      const hits = takingTurns(
        unread.filter((hit) => lead(hit.url) === leads.length),
        unread.filter((hit) => lead(hit.url) < leads.length).sort((a, b) => lead(a.url) - lead(b.url)),
      );
      // The subject's own pages first, search results with what is left; either list fills the other's gap.
      // A site just found has had none of its own pages chosen yet (the first round read search
      // results): all but one of the round go to it.
      const ownShare = foundSite ? Math.max(1, count - 1) : Math.ceil(count / 2);
      const ownCount = Math.min(own.length, Math.max(count - hits.length, ownShare));
      const ownChosen = own.slice(0, ownCount);
      // As in the first round, the site's best search hit not read yet is among them.
      const pathKey = (url: string) => pageIdentity(new URL(url).pathname + new URL(url).search);
      const bestEntry = searchHits
        .filter((hit) => origins.includes(ownOrigin(hit.url) ?? ""))
        .map((hit) => own.find((entry) => pathKey(entry.url) === pathKey(hit.url)))
        .find((entry) => entry !== undefined);
      // It takes the place of the last page chosen by its name, never a lead's.
      const place = ownChosen.findLastIndex((entry) => lead(entry.url) === leads.length);
      if (bestEntry && place >= 0 && !ownChosen.includes(bestEntry)) ownChosen.splice(place, 1, bestEntry);
      // A found site's page is both its own and a search result: read once, in the own pages' place.
      const chosen = new Set(ownChosen.map((entry) => pageIdentity(entry.url)));
      const round = [newPart(), newPart()] as const;
      grant(round[0], ownCount);
      grant(round[1], count - ownCount);
      await Promise.all([
        ...ownChosen.map((entry) => read(entry.url, round[0])),
        readHits(hits.filter((hit) => !chosen.has(pageIdentity(hit.url))).slice(0, count - ownCount), round[1]),
      ]);
      giveBack(round);
      return pagesOf(round);
    },
    async personPageUnread() {
      if (pageQuestion.personName === null || budget <= 0) return false;
      await Promise.all(sitemapsRead);
      return plan.ownSites.some((origin) => siteCandidates(origin).some((entry) => entry.kind === PERSON_PAGE_KIND));
    },
    namedPagesUnread() {
      if (budget <= 0) return [];
      return plan.ownSites
        .flatMap((origin) => siteCandidates(origin, { withSitemap: false }))
        .filter((entry) => (entry.named ?? 0) >= NAMED_PAGE_WORDS)
        .sort((a, b) => (b.named ?? 0) - (a.named ?? 0) || b.score - a.score)
        .map((entry) => entry.url);
    },
    evidence: () => ({
      pages: pagesOf(parts),
      searchHits,
      ownSites: foundSite ? [...plan.ownSites, foundSite] : plan.ownSites,
      unreachable: unreachable(),
    }),
  };
}

/** The entries of two lists in turns, the first list's first; the longer list's rest at the end. */
function takingTurns<T>(first: readonly T[], second: readonly T[]): T[] {
  const turns: T[] = [];
  for (let index = 0; index < Math.max(first.length, second.length); index += 1) {
    if (index < first.length) turns.push(first[index] as T);
    if (index < second.length) turns.push(second[index] as T);
  }
  return turns;
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
