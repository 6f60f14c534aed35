export { fetchSitemapUrls, maxSitemapUrls } from "./fetch-sitemap-urls.js";
export { MemoryPageCache, type PageCache } from "./page-cache.js";
export type { FetchedPage, PageFetcher, PageFetchOptions } from "./page-fetcher.js";
export { RedisPageCache, type RedisPageCacheSettings } from "./redis-page-cache.js";
export { defaultUserAgent, UndiciPageFetcher, type UndiciPageFetcherSettings } from "./undici-page-fetcher.js";
