export * from "./quote-matches.js";
export * from "./is-about-person.js";
export * from "./verify-answer.js";
