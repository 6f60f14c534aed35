export * from "./citing-responder.js";
export * from "./example-from-schema.js";
export * from "./prompt-passages.js";
export * from "./proven-fields-responder.js";
export * from "./start-fake-chat-server.js";
export * from "./start-recording-chat-proxy.js";
export * from "./stated-answer-responder.js";
export * from "./weak-reader-responder.js";
