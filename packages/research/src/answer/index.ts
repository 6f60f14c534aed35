export * from "./answer-from-evidence.js";
export * from "./answer-schema.js";
export * from "./chat-model.js";
export * from "./check-answer.js";
export * from "./evidence-prompt.js";
export * from "./generate-structured.js";
export * from "./openai-compatible-chat-model.js";
