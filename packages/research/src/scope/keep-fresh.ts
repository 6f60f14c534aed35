import type { ExtractedPageCache } from "../gather/extract/extracted-page-cache.js";
import type { PageFetcher } from "../gather/fetch/page-fetcher.js";
import type { SearchProvider } from "../gather/search/search-provider.js";

/** The parts of a run that can serve something cached: pages, extractions and searches. */
export interface CachingDependencies {
  fetcher: PageFetcher;
  search: SearchProvider | null;
  extracted?: Pick<ExtractedPageCache, "extract" | "recent">;
}

/**
 * The run's fetcher, search provider and extraction memory, refusing whatever was cached more than
 * `maxAgeSeconds` ago (a request's `maxAgeSeconds`): each fetch and search carries the limit, and a
 * page this worker read recently is reused only when read within it.
 */
export function keepFresh<Dependencies extends CachingDependencies>(
  dependencies: Dependencies,
  maxAgeSeconds: number | undefined,
): Dependencies {
  if (maxAgeSeconds === undefined) return dependencies;
  const { fetcher, search, extracted } = dependencies;
  return {
    ...dependencies,
    fetcher: { id: fetcher.id, fetch: (url, options) => fetcher.fetch(url, { ...options, maxAgeSeconds }) },
    search: search && {
      id: search.id,
      search: (query, options) => search.search(query, { ...options, maxAgeSeconds }),
    },
    ...(extracted
      ? {
          extracted: {
            extract: (...entry: Parameters<ExtractedPageCache["extract"]>) => extracted.extract(...entry),
            recent: (url: string, now?: number) => extracted.recent(url, now, maxAgeSeconds * 1000),
          },
        }
      : {}),
  };
}
