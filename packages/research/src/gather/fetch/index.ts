export type { HostLookup } from "./address-policy.js";
export {
  type BlockedRange,
  blockedRanges,
  findBlockedRange,
  isBlockedAddress,
  outboundAddressPolicy,
} from "./blocked-ranges.js";
export { type ConnectTarget, parseConnectTo } from "./connect-to.js";
export { fetchSitemapUrls, maxSitemapUrls } from "./fetch-sitemap-urls.js";
export { MemoryPageCache, type PageCache } from "./page-cache.js";
export type { FetchedPage, PageFetcher, PageFetchOptions } from "./page-fetcher.js";
export { RedisPageCache, type RedisPageCacheSettings } from "./redis-page-cache.js";
export { defaultUserAgent, UndiciPageFetcher, type UndiciPageFetcherSettings } from "./undici-page-fetcher.js";
