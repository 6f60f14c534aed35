export * from "./names.js";
export * from "./redis-connection.js";
export * from "./job-id.js";
export * from "./job-payload.js";
export * from "./research-queue.js";
export * from "./research-worker.js";
export * from "./fleet-stats.js";
export * from "./worker-heartbeat.js";
