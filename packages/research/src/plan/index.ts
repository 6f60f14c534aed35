export * from "./plan-research.js";
