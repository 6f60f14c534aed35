export { BraveSearchProvider, type BraveSearchProviderSettings } from "./brave-search-provider.js";
export {
  CachedSearchProvider,
  type CachedSearchProviderOptions,
  normalizeSearchQuery,
  type SearchCache,
  searchCacheKey,
} from "./cached-search-provider.js";
export { MemorySearchCache, type MemorySearchCacheOptions } from "./memory-search-cache.js";
export { normalizeSearchHits, type RawSearchHit, stripHtmlTags } from "./normalize-search-hits.js";
export { RedisSearchCache, type RedisSearchCacheOptions } from "./redis-search-cache.js";
export { MAX_SEARCH_RESPONSE_BYTES, parseRetryAfter } from "./request-search-json.js";
export {
  DEFAULT_SEARCH_LIMIT,
  DEFAULT_SEARCH_TIMEOUT_MS,
  resolveSearchLimit,
  type SearchHit,
  type SearchOptions,
  type SearchProvider,
} from "./search-provider.js";
export { SearxngSearchProvider, type SearxngSearchProviderSettings } from "./searxng-search-provider.js";
export { SerperSearchProvider, type SerperSearchProviderSettings } from "./serper-search-provider.js";
export { TavilySearchProvider, type TavilySearchProviderSettings } from "./tavily-search-provider.js";
