export * from "./crawl/choose-site-pages.js";
export * from "./gather-evidence.js";
