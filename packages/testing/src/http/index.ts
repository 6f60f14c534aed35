export * from "./read-event-stream.js";
export * from "./start-callback-receiver.js";
export * from "./start-proxy.js";
export * from "./test-server.js";
