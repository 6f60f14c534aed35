export * from "./is-about-person.js";
export * from "./quote-matches.js";
export * from "./verify-answer.js";
