export * from "./read-event-stream.js";
export * from "./start-proxy.js";
export * from "./test-server.js";
