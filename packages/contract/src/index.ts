export * from "./csv/index.js";
export * from "./errors/index.js";
export * from "./openapi/build-openapi.js";
export * from "./openapi/list-operations.js";
export * from "./schemas/index.js";
