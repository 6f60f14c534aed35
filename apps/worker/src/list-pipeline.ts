import type { ListPipeline } from "@dossier/queue";
import {
  deriveCriteria,
  discoverCandidates,
  enrichmentRequest,
  itemStatus,
  judgeVerdict,
  type PageFetcher,
  type RedisPageReads,
  type SearchProvider,
  verdictRequest,
} from "@dossier/research";

/**
 * The research side of lists for the list runner: `@dossier/research`'s discover stage over the
 * worker's own search provider and page fetcher (behind the fleet's upstream limits and caches).
 */
export function createListPipeline(dependencies: {
  search: SearchProvider | null;
  fetcher: PageFetcher;
  /** Which key read which cached page; absent when nothing is cached. */
  pageReads?: RedisPageReads;
}): ListPipeline {
  const { search, fetcher, pageReads } = dependencies;
  return {
    deriveCriteria,
    async discover(list, context) {
      const discovery = await discoverCandidates(
        {
          objective: list.objective,
          entityType: list.entityType,
          criteria: list.criteria,
          exclude: list.exclude,
          effort: list.effort,
          // Found past the budget, a candidate is only counted: keep a margin for an extension.
          maxCandidates: Math.max(list.usage.maxCandidates * 4, 200),
          ...(list.maxAgeSeconds !== undefined ? { maxAgeSeconds: list.maxAgeSeconds } : {}),
        },
        { search, fetcher },
        {
          signal: context.signal,
          usage: context.usage,
          ...(pageReads ? { pageReads: pageReads.of(list.keyId) } : {}),
          background: true,
        },
      );
      return {
        candidates: discovery.candidates,
        // A page that answered for good (a 404, robots.txt forbids it) lists nothing: it counts as read.
        read: [...discovery.pagesRead, ...discovery.pagesRefused.map((page) => page.url)],
        unreadPages: discovery.pagesUnread,
        failedSearches: discovery.failedSearches,
      };
    },
    verdictRequest,
    enrichmentRequest,
    judge: judgeVerdict,
    itemStatus,
  };
}
