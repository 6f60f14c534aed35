import * as z from "zod";
import { MAX_METADATA_KEY_LENGTH, MAX_METADATA_PAIRS, MAX_METADATA_VALUE_LENGTH } from "./metadata-limits.js";
import { apiRegistry } from "./registry.js";

export { MAX_METADATA_KEY_LENGTH, MAX_METADATA_PAIRS, MAX_METADATA_VALUE_LENGTH };

/** The caller's own string pairs, returned untouched with the result. */
export type Metadata = Record<string, string>;

/**
 * Up to 16 string pairs the caller attaches to a request (a CRM id, a row number) and gets back
 * untouched with its result. Each bad pair is named by its own path, `metadata.<key>`.
 */
export const metadataSchema = z
  .record(
    z.string().min(1).max(MAX_METADATA_KEY_LENGTH),
    z
      .string({ error: "must be a string" })
      .max(MAX_METADATA_VALUE_LENGTH, `must be at most ${MAX_METADATA_VALUE_LENGTH} characters`),
    {
      error: (issue) =>
        issue.code === "invalid_key"
          ? `keys must be 1 to ${MAX_METADATA_KEY_LENGTH} characters`
          : issue.code === "invalid_type"
            ? "must be an object of string pairs"
            : undefined,
    },
  )
  .refine((value) => Object.keys(value).length <= MAX_METADATA_PAIRS, `must hold at most ${MAX_METADATA_PAIRS} pairs`)
  .register(apiRegistry, {
    id: "Metadata",
    description: `Your own string pairs, returned untouched with the result (at most ${MAX_METADATA_PAIRS}; keys up to ${MAX_METADATA_KEY_LENGTH} characters, values up to ${MAX_METADATA_VALUE_LENGTH}). They take no part in the research: identical requests with different metadata share one research run, and each gets its own metadata back.`,
  });

/** Metadata as text with its keys sorted, so that equal metadata gives equal text. */
export function stableMetadataText(metadata: Metadata): string {
  return JSON.stringify(Object.fromEntries(Object.entries(metadata).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}
