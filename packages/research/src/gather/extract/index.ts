export type { ExtractInput, ExtractedPage, PageLink } from "./extracted-page.js";
export { extractPage } from "./extract-page.js";
export { findProfileLinks, toProfileUrl } from "./find-profile-links.js";
export { parseJsonLd, jsonLdTypes } from "./parse-json-ld.js";
export { ExtractedPageCache } from "./extracted-page-cache.js";
