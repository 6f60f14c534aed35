export * from "./dossier-error.js";
export * from "./error-codes.js";
