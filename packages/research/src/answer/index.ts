export * from "./chat-model.js";
export * from "./openai-compatible-chat-model.js";
export * from "./generate-structured.js";
export * from "./answer-schema.js";
export * from "./evidence-prompt.js";
export * from "./answer-from-evidence.js";
