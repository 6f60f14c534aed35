import { type Company, DossierError, isDossierError, type Person } from "@dossier/contract";
import type { PageFetcher, PageFetchOptions } from "../gather/fetch/page-fetcher.js";
import type { SearchHit, SearchProvider } from "../gather/search/search-provider.js";
import { countPageRead, type PageReadMemory } from "../scope/count-usage.js";
import { type Candidate, CandidatePool, type FoundOn, shortCompanyName, subjectOfEntity } from "./candidate-pool.js";
import type { Criterion } from "./derive-criteria.js";
import { discoveryQueries, listedNoun, namedOrganisation } from "./discovery-queries.js";
import { listingLinks } from "./listing-links.js";
import { readProfilePage } from "./read-profile-page.js";
import { MIN_GROUP, splitEntities } from "./split-entities.js";

/** What to look for. */
export interface DiscoveryRequest {
  objective: string;
  entityType: "company" | "person";
  criteria: readonly Criterion[];
  exclude?: ReadonlyArray<Company | Person>;
  effort: "lite" | "standard" | "deep";
  /** Most candidates kept; the rest of what the pages list is not read. */
  maxCandidates: number;
  /** Oldest cached page or search accepted, in seconds (0: read everything anew). Default: any the caches hold. */
  maxAgeSeconds?: number;
}

export interface DiscoveryDependencies {
  /** Null when no search provider is configured: a list then cannot look, and fails saying so. */
  search: SearchProvider | null;
  fetcher: PageFetcher;
}

/** Counters discovery adds to. */
export interface DiscoveryUsage {
  searches: number;
  pagesFetched: number;
  pagesFromCache: number;
}

export interface DiscoveryContext {
  signal?: AbortSignal;
  /** Nobody waits on a connection: an upstream's 429 may be waited out. Default true. */
  background?: boolean;
  usage?: DiscoveryUsage;
  /** Which pages the list's key read before: a page cached for another key counts as fetched. */
  pageReads?: PageReadMemory;
}

/** A page discovery tried to read and could not, with why (a `FETCH_` code, and the status it answered). */
export interface DiscoveryPageFailure {
  url: string;
  code: string;
  /** The HTTP status the page answered, when it answered an error status. */
  status?: number;
}

/** What discovery found, and what it could not read. */
export interface Discovery {
  candidates: Candidate[];
  queries: string[];
  /** Pages read, in the order read (each as it answered, after redirects), whatever they listed. */
  pagesRead: string[];
  /**
   * Pages tried that answered for good with nothing to read: a 404, robots.txt forbids them, their
   * address is not allowed. That is the web as it is: they list nothing.
   */
  pagesRefused: DiscoveryPageFailure[];
  /**
   * Pages tried and not read for a reason that may pass (a time-out, a refused connection, a 5xx or
   * 429 status): whatever they list is missing from the candidates.
   */
  pagesUnread: DiscoveryPageFailure[];
  /** Searches that failed: whatever they would have found is missing too. */
  failedSearches: Array<{ query: string; code: string }>;
  /** Entries left out because the caller excluded them. */
  excluded: number;
}

/** Where discovery notes the pages it could not read. */
interface PageFailures {
  pagesRefused: DiscoveryPageFailure[];
  pagesUnread: DiscoveryPageFailure[];
}

/**
 * Notes a page that could not be read: as unread when the reason may pass (as research's outage
 * rule has it, ADR 13: a time-out, a refused connection, a 5xx or 429 status), as refused when it
 * is the web as it is (a 404, robots.txt, an address not allowed, a name that does not resolve).
 */
function notePageFailure(failures: PageFailures, url: string, error: unknown): void {
  const code = isDossierError(error) ? error.code : "FETCH_FAILED";
  const upstream = isDossierError(error) ? error.extensions?.upstreamStatus : undefined;
  const failure: DiscoveryPageFailure = { url, code, ...(typeof upstream === "number" ? { status: upstream } : {}) };
  if (!isDossierError(error) || error.retryable) failures.pagesUnread.push(failure);
  else failures.pagesRefused.push(failure);
}

/** Pages read per effort tier (search results, the next pages of paged listings and the listing pages linked, together). */
const PAGE_BUDGET = { lite: 4, standard: 16, deep: 40 } as const;
/** A site's own listing pages ("Sponsors", "Team", "Board") followed from the pages found, per effort tier. */
const LINKED_PAGES = { lite: 0, standard: 4, deep: 12 } as const;
/** Listing pages followed per site: one site's menu does not take the whole share. */
const LINKED_PER_SITE = 2;
/** Hits taken per query. */
const HITS_PER_QUERY = { lite: 6, standard: 8, deep: 10 } as const;
/** Next pages followed per paged listing. */
const NEXT_PAGES = { lite: 0, standard: 3, deep: 10 } as const;
/** Profile pages read per effort tier: each directory entry's own page, for its website. */
const PROFILE_PAGES = { lite: 0, standard: 20, deep: 60 } as const;
/** Pages read at once. */
const FETCH_CONCURRENCY = 4;

/** The organisation a page belongs to: its site name (or its title's last part) and its origin. */
function organisationOf(pageUrl: string, siteName: string | null, title: string | null): Company {
  const fromTitle = title
    ?.split(/\s+[|–—-]\s+/)
    .at(-1)
    ?.trim();
  const name = siteName ?? (fromTitle && fromTitle !== title ? fromTitle : null);
  return { ...(name ? { name } : {}), website: new URL(pageUrl).origin };
}

/** How discovery reads a page: under the caller's signal, no older than the request accepts. */
function fetchOptions(request: DiscoveryRequest, context: DiscoveryContext): PageFetchOptions {
  return {
    ...(context.signal ? { signal: context.signal } : {}),
    ...(request.maxAgeSeconds !== undefined ? { maxAgeSeconds: request.maxAgeSeconds } : {}),
  };
}

/** Hits of several queries taken in turn, best of each first, each URL once. */
function interleave(lists: SearchHit[][]): SearchHit[] {
  const seen = new Set<string>();
  const hits: SearchHit[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let rank = 0; rank < longest; rank += 1) {
    for (const list of lists) {
      const hit = list[rank];
      if (hit && !seen.has(hit.url)) {
        seen.add(hit.url);
        hits.push(hit);
      }
    }
  }
  return hits;
}

/** Content words of the objective and criteria: a card that shares more of them is evaluated earlier. */
function relevanceWords(request: DiscoveryRequest): string[] {
  const text = `${request.objective} ${request.criteria.map((criterion) => criterion.description).join(" ")}`;
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(
          (word) => word.length > 3 && !/^(?:that|which|with|from|based|have|were|their|this|these|those)$/.test(word),
        ),
    ),
  ];
}

/** How many of the objective's and criteria's words a text holds. */
function sharedWords(text: string, words: readonly string[]): number {
  const lower = text.toLowerCase();
  return words.filter((word) => lower.includes(word)).length;
}

/**
 * A listing's entries, those sharing most words with the objective and criteria first, in page
 * order otherwise: when a page lists more than the list may keep, the entries it keeps are the ones
 * it would evaluate first, not the top of the page.
 */
function mostRelevantFirst<T extends { text: string }>(entries: readonly T[], words: readonly string[]): T[] {
  return entries
    .map((entry, order) => ({ entry, order, score: sharedWords(entry.text, words) }))
    .sort((left, right) => right.score - left.score || left.order - right.order)
    .map(({ entry }) => entry);
}

/**
 * Reads the profile pages of the candidates found without a website (a directory entry that links to
 * the entity's own page on the directory), in the order found, within the effort's budget: the
 * website (and LinkedIn profile) they give lets research read the entity's own site, and the page
 * itself is one the candidate was found on.
 */
async function readProfiles(
  pool: CandidatePool,
  request: DiscoveryRequest,
  fetcher: PageFetcher,
  context: DiscoveryContext,
  failures: PageFailures,
  pagesRead: string[],
): Promise<void> {
  const wanted = pool
    .list()
    .filter((candidate) => candidate.profileUrl && !(candidate.company?.website ?? candidate.person?.linkedinUrl))
    .slice(0, PROFILE_PAGES[request.effort]);
  for (let start = 0; start < wanted.length; start += FETCH_CONCURRENCY) {
    await Promise.all(
      wanted.slice(start, start + FETCH_CONCURRENCY).map(async (candidate) => {
        const url = candidate.profileUrl!;
        try {
          const page = await fetcher.fetch(url, fetchOptions(request, context));
          if (context.usage) await countPageRead(context.usage, context.pageReads, url, page.fromCache);
          pagesRead.push(page.url);
          if (page.contentType !== "text/html" && page.contentType !== "application/xhtml+xml") return;
          const profile = readProfilePage(page.text, page.url, candidate.name);
          const title = /<title[^>]*>([^<]*)<\/title>/i.exec(page.text)?.[1]?.trim() || null;
          pool.addProfile(candidate, { url: page.url, title }, profile);
        } catch (error) {
          if (context.signal?.aborted) throw error;
          notePageFailure(failures, url, error);
        }
      }),
    );
  }
}

/**
 * Finds a list's candidates: searches the objective's queries, reads the pages they find (and the
 * next pages of paged listings) within the effort's page budget, splits every directory, listing,
 * member, portfolio or team page into its entries, and keeps each entity once (by website,
 * LinkedIn profile or normalized name), the excluded left out; an entry that links to its own page
 * on the directory has that page read for its website. For a company list, a search hit
 * that is a site's home page and lists nothing is a candidate itself. Candidates come back most
 * relevant first (the entries that share most words with the objective and criteria), then in the
 * order found.
 */
export async function discoverCandidates(
  request: DiscoveryRequest,
  dependencies: DiscoveryDependencies,
  context: DiscoveryContext = {},
): Promise<Discovery> {
  const { search, fetcher } = dependencies;
  if (!search) {
    throw new DossierError("SEARCH_NOT_CONFIGURED", {
      detail: "A list finds its candidates through web search; set SEARCH_PROVIDER (and its URL or key).",
    });
  }
  const background = context.background ?? true;
  const queries = discoveryQueries(request.objective, request.entityType, request.criteria, request.effort);
  const failedSearches: Discovery["failedSearches"] = [];
  const failures: PageFailures = { pagesRefused: [], pagesUnread: [] };
  const results = await Promise.all(
    queries.map(async (query) => {
      try {
        if (context.usage) context.usage.searches += 1;
        return await search.search(query, {
          limit: HITS_PER_QUERY[request.effort],
          background,
          ...(context.signal ? { signal: context.signal } : {}),
          ...(request.maxAgeSeconds !== undefined ? { maxAgeSeconds: request.maxAgeSeconds } : {}),
        });
      } catch (error) {
        if (context.signal?.aborted) throw error;
        failedSearches.push({ query, code: isDossierError(error) ? error.code : "SEARCH_PROVIDER_FAILED" });
        return [];
      }
    }),
  );
  if (results.every((hits) => hits.length === 0) && failedSearches.length === queries.length) {
    throw new DossierError("SEARCH_PROVIDER_FAILED", {
      detail: "Every search for the list's candidates failed; try again later.",
      retryable: true,
    });
  }

  const pool = new CandidatePool(request.entityType, request.exclude ?? [], request.maxCandidates);
  const words = relevanceWords(request);
  // Every page of the organisation the objective names carries its name: that alone does not make a page a listing.
  const organisationWords = new Set(
    (namedOrganisation(request.objective) ?? "").toLowerCase().split(/[^\p{L}\p{N}]+/u),
  );
  const listingWords = words.filter((word) => !organisationWords.has(word));
  const asksForPast = /\b(?:previous|past|former|earlier|ex|alumni|retired|emeritus)\b/i.test(request.objective);
  const pagesRead: string[] = [];
  const budget = PAGE_BUDGET[request.effort];
  // Pages to read, in order: the hits, and each listing's next pages right after it.
  const queue: Array<{ url: string; title: string | null; followed: number; linked?: boolean }> = interleave(
    results,
  ).map((hit) => ({
    url: hit.url,
    title: hit.title || null,
    followed: 0,
  }));
  const kind = listedNoun(request.objective);
  let linked = 0;
  const linkedPerSite = new Map<string, number>();
  const queued = new Set(queue.map((entry) => entry.url));
  // The entry shapes of a listing, for its next page (which may hold fewer entries than a listing needs).
  const shapesOf = new Map<string, string[]>();
  // A site's home page is a candidate only when the site lists nothing: a directory is not one of its entries.
  const homePages: Array<{ name: string; website: string; foundOn: FoundOn }> = [];
  const listingHosts = new Set<string>();
  type Read = { url: string; html: string; title: string | null; followed: number; linked: boolean } | null;
  const read = async (entry: (typeof queue)[number]): Promise<Read> => {
    try {
      const page = await fetcher.fetch(entry.url, fetchOptions(request, context));
      if (context.usage) await countPageRead(context.usage, context.pageReads, entry.url, page.fromCache);
      if (page.contentType !== "text/html" && page.contentType !== "application/xhtml+xml") {
        // Read, and lists nothing.
        pagesRead.push(page.url);
        return null;
      }
      return {
        url: page.url,
        html: page.text,
        title: entry.title,
        followed: entry.followed,
        linked: entry.linked === true,
      };
    } catch (error) {
      if (context.signal?.aborted) throw error;
      notePageFailure(failures, entry.url, error);
      return null;
    }
  };
  let started = 0;
  while (queue.length > 0 && started < budget && !pool.full) {
    const slice = queue.splice(0, Math.min(FETCH_CONCURRENCY, budget - started));
    started += slice.length;
    const pages = await Promise.all(slice.map(read));
    for (const page of pages) {
      if (!page) continue;
      pagesRead.push(page.url);
      const known = shapesOf.get(page.url) ?? shapesOf.get(page.url.replace(/\/$/, ""));
      const listing = splitEntities(page.html, page.url, request.entityType, {
        topicWords: listingWords,
        ...(known ? { signatures: known } : {}),
      });
      const foundOn: FoundOn = { url: page.url, title: listing.title ?? page.title };
      if (listing.entities.length >= MIN_GROUP || (known && listing.entities.length > 0)) {
        listingHosts.add(new URL(page.url).hostname);
        const organisation =
          request.entityType === "person" ? organisationOf(page.url, listing.siteName, listing.title) : null;
        for (const entity of mostRelevantFirst(listing.entities, words)) {
          // "Former sponsors" are no longer sponsors: candidates only when the objective asks for former ones.
          if (entity.past && !asksForPast) continue;
          pool.add(
            subjectOfEntity(entity, request.entityType, organisation),
            entity.name,
            foundOn,
            entity.text,
            entity.detailUrl,
          );
          if (pool.full) break;
        }
        const next = listing.nextPageUrl;
        if (next) shapesOf.set(next, listing.signatures);
        if (next && !queued.has(next) && page.followed < NEXT_PAGES[request.effort]) {
          queued.add(next);
          queue.unshift({ url: next, title: listing.title, followed: page.followed + 1 });
        }
      } else if (request.entityType === "company" && new URL(page.url).pathname === "/" && !page.linked) {
        // A company's own home page found by the search is a candidate of its own.
        const organisation = organisationOf(page.url, listing.siteName, listing.title);
        if (organisation.name)
          homePages.push({ name: shortCompanyName(organisation.name), website: organisation.website!, foundOn });
      }
      // A page found by search leads to its site's own listing pages: the sponsors, members, team or board.
      if (!page.linked && page.followed === 0 && linked < LINKED_PAGES[request.effort]) {
        const host = new URL(page.url).hostname.replace(/^www\./, "");
        for (const url of listingLinks(page.html, page.url, request.entityType, kind ? [kind] : [])) {
          if (linked >= LINKED_PAGES[request.effort] || (linkedPerSite.get(host) ?? 0) >= LINKED_PER_SITE) break;
          if (queued.has(url)) continue;
          queued.add(url);
          linked += 1;
          linkedPerSite.set(host, (linkedPerSite.get(host) ?? 0) + 1);
          queue.unshift({ url, title: null, followed: 0, linked: true });
        }
      }
    }
  }
  for (const home of homePages) {
    if (listingHosts.has(new URL(home.website).hostname) || pool.full) continue;
    pool.add({ company: { name: home.name, website: home.website } }, home.name, home.foundOn, "");
  }

  await readProfiles(pool, request, fetcher, context, failures, pagesRead);
  const scored = pool.list().map((candidate, order) => {
    const shared = sharedWords(candidate.cards.join(" "), words);
    return { candidate, order, score: shared + candidate.foundOn.length - 1 };
  });
  scored.sort((left, right) => right.score - left.score || left.order - right.order);
  return {
    candidates: scored.map((entry) => entry.candidate),
    queries,
    pagesRead,
    ...failures,
    failedSearches,
    excluded: pool.excludedCount,
  };
}
