export * from "./create-logger.js";
export * from "./load-config.js";
export * from "./redis-target.js";
export * from "./worker-node-flags.js";
