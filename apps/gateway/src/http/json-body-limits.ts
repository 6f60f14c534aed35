/** Largest accepted request body, in bytes (1 MB). */
export const BODY_LIMIT_BYTES = 1_048_576;

/** Deepest nesting of arrays and objects a JSON body may have; a research request needs 4, a batch 6. */
export const MAX_JSON_DEPTH = 64;
