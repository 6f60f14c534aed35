export * from "./chat-model.js";
export * from "./openai-compatible-chat-model.js";
export * from "./generate-structured.js";
export * from "./answer-schema.js";
export * from "./answer-from-facts.js";
