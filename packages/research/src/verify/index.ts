export * from "./evidence-confidence.js";
export * from "./is-about-person.js";
export * from "./quote-matches.js";
export * from "./reads-as-instruction.js";
export * from "./states-answer.js";
export * from "./verify-answer.js";
