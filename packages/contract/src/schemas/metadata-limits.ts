/**
 * What metadata may hold, without the schema (and zod) around it: a browser bundle that fills
 * metadata from a file checks the limits with these.
 */

/** Most metadata pairs one request may carry. */
export const MAX_METADATA_PAIRS = 16;
/** Longest metadata key, in characters. */
export const MAX_METADATA_KEY_LENGTH = 64;
/** Longest metadata value, in characters. */
export const MAX_METADATA_VALUE_LENGTH = 512;

export { isReservedName } from "./reserved-names.js";
