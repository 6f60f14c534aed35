export type { FetchedPage, PageFetcher, PageFetchOptions } from "./page-fetcher.js";
export { UndiciPageFetcher, defaultUserAgent, type UndiciPageFetcherSettings } from "./undici-page-fetcher.js";
export { blockedRanges, findBlockedRange, isBlockedAddress, outboundAddressPolicy, type BlockedRange } from "./blocked-ranges.js";
export { parseConnectTo, type ConnectTarget } from "./connect-to.js";
export type { HostLookup } from "./address-policy.js";
export { MemoryPageCache, type PageCache } from "./page-cache.js";
export { RedisPageCache, type RedisPageCacheSettings } from "./redis-page-cache.js";
export { fetchSitemapUrls, maxSitemapUrls } from "./fetch-sitemap-urls.js";
