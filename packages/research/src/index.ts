export * from "./gather/search/index.js";
export * from "./gather/fetch/index.js";
export * from "./gather/extract/index.js";
export * from "./rank/index.js";
export * from "./answer/index.js";
export * from "./research.js";
