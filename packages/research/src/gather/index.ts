export * from "./gather-evidence.js";
export * from "./crawl/choose-site-pages.js";
