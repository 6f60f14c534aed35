export * from "./web/index.js";
export * from "./search/index.js";
export * from "./llm/index.js";
