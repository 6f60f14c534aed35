export { extractPage } from "./extract-page.js";
export type { ExtractedPage, ExtractInput, PageLink } from "./extracted-page.js";
export { ExtractedPageCache } from "./extracted-page-cache.js";
export { ExtractionPool, type ExtractionPoolSettings, LARGE_PAGE_CHARS } from "./extraction-pool.js";
export { findProfileLinks, toProfileUrl } from "./find-profile-links.js";
export { jsonLdTypes, parseJsonLd } from "./parse-json-ld.js";
