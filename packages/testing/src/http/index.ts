export * from "./test-server.js";
