export * from "./load-config.js";
export * from "./create-logger.js";
