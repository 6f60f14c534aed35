export * from "./error-codes.js";
export * from "./dossier-error.js";
