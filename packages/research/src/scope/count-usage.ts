import type { PageFetcher } from "../gather/fetch/page-fetcher.js";
import type { SearchProvider } from "../gather/search/search-provider.js";

/** The evidence counters of a run's usage: what it searched and read. */
export interface EvidenceUsage {
  /** Search queries made, whether the provider or the search cache answered them. */
  searches: number;
  /** Pages (and sitemaps) read from the web. */
  pagesFetched: number;
  /** Pages taken from the page cache, or from this worker's memory of pages it read recently. */
  pagesFromCache: number;
  /** Of `pagesFetched`, those whose origin answered 304 Not Modified: the stored copy, for a round trip. */
  pagesNotModified: number;
}

/**
 * The run's fetcher and search provider, counting into `usage`: each fetch as read from the web or
 * from the page cache (the fetcher says which), each search as one. The shared adapters stay as they
 * are; only this run's view of them counts.
 */
export function countEvidenceUsage<Dependencies extends { fetcher: PageFetcher; search: SearchProvider | null }>(
  dependencies: Dependencies,
  usage: EvidenceUsage | undefined,
): Dependencies {
  if (usage === undefined) return dependencies;
  const { fetcher, search } = dependencies;
  const counted: PageFetcher = {
    id: fetcher.id,
    async fetch(url, options) {
      const page = await fetcher.fetch(url, options);
      if (page.fromCache) usage.pagesFromCache += 1;
      else usage.pagesFetched += 1;
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
