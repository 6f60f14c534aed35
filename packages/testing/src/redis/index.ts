export * from "./free-port.js";
export * from "./redis-server-process.js";
export * from "./start-redis-cluster.js";
export * from "./start-redis-sentinels.js";
export * from "./test-redis.js";
