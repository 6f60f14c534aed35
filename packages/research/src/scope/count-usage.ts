import type { PageFetcher } from "../gather/fetch/page-fetcher.js";
import type { SearchProvider } from "../gather/search/search-provider.js";

/** The evidence counters of a run's usage: what it searched and read. */
export interface EvidenceUsage {
  /** Search queries made, whether the provider or the search cache answered them. */
  searches: number;
  /** Pages (and sitemaps) read from the web, or from a cache that held them for another caller. */
  pagesFetched: number;
  /**
   * Pages the caller read before, taken from the page cache or from this worker's memory of pages
   * it read recently.
   */
  pagesFromCache: number;
  /** Of `pagesFetched`, those whose origin answered 304 Not Modified: the stored copy, for a round trip. */
  pagesNotModified: number;
}

/**
 * Which pages one caller (an API key) has read, over the page cache's lifetime. The page cache is
 * shared by every caller: a page it holds because another caller read it counts for this one as
 * fetched, or its usage would tell that someone else had just researched the same subject.
 */
export interface PageReadMemory {
  /** Notes that the caller read `url` now; resolves true when it had read it before. */
  noteRead(url: string): Promise<boolean>;
}

/**
 * Counts one page read into `usage`: from the cache when it came from one and the caller read it
 * before (or when no memory of callers is kept), else as fetched. A memory that cannot answer
 * (Redis full or away) counts the page as fetched, which tells nothing.
 */
export async function countPageRead(
  usage: Pick<EvidenceUsage, "pagesFetched" | "pagesFromCache">,
  memory: PageReadMemory | undefined,
  url: string,
  fromCache: boolean,
): Promise<void> {
  const readBefore = memory === undefined ? true : await memory.noteRead(url).catch(() => false);
  if (fromCache && readBefore) usage.pagesFromCache += 1;
  else usage.pagesFetched += 1;
}

/**
 * The run's fetcher and search provider, counting into `usage`: each fetch as read from the web or
 * from the page cache ({@link countPageRead}), each search as one. The shared adapters stay as they
 * are; only this run's view of them counts.
 */
export function countEvidenceUsage<Dependencies extends { fetcher: PageFetcher; search: SearchProvider | null }>(
  dependencies: Dependencies,
  usage: EvidenceUsage | undefined,
  memory?: PageReadMemory,
): Dependencies {
  if (usage === undefined) return dependencies;
  const { fetcher, search } = dependencies;
  const counted: PageFetcher = {
    id: fetcher.id,
    async fetch(url, options) {
      const page = await fetcher.fetch(url, options);
      await countPageRead(usage, memory, url, page.fromCache);
      if (page.notModified) usage.pagesNotModified += 1;
      return page;
    },
  };
  const countedSearch: SearchProvider | null = search && {
    id: search.id,
    search(query, options) {
      usage.searches += 1;
      return search.search(query, options);
    },
  };
  return { ...dependencies, fetcher: counted, search: countedSearch };
}
