export * from "./repository-root.js";
export * from "./response-bodies.js";
export * from "./start-changing-site-stack.js";
export * from "./start-harness.js";
export * from "./start-process.js";
export * from "./start-realweb-world.js";
export * from "./start-research-world.js";
export * from "./start-stack.js";
