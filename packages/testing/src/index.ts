export * from "./http/index.js";
export * from "./llm/index.js";
export * from "./redis/index.js";
export * from "./search/index.js";
export * from "./stack/index.js";
export * from "./web/index.js";
