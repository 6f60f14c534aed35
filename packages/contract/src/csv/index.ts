export * from "./neutralize-csv-formula.js";
