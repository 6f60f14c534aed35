export * from "./read-event-stream.js";
export * from "./test-server.js";
