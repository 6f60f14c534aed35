import { ISO_DATE_PATTERN, type ResponseType } from "@dossier/contract";
import * as z from "zod";

/**
 * The schema of the typed answer the model gives for a responseType. Kept flat and small so that
 * small local models with grammar-constrained decoding follow it: `null` means "the evidence does
 * not say".
 */
export function answerValueSchema(type: ResponseType, options: readonly string[]): z.ZodType {
  switch (type) {
    case "TEXT":
      return z.string().nullable();
    case "BOOL":
      return z.boolean().nullable();
    case "NUMBER":
      return z.number().nullable();
    case "DATE":
      return z.string().regex(ISO_DATE_PATTERN, "must be YYYY, YYYY-MM or YYYY-MM-DD").nullable();
    case "URL":
      return z
        .string()
        .regex(/^https?:\/\/\S+$/, "must be an absolute http(s) URL")
        .nullable();
    case "OPTION":
      return z.enum(options as [string, ...string[]]).nullable();
    case "OPTIONS":
      return z.array(z.enum(options as [string, ...string[]])).nullable();
  }
}

/** How the model is told to write each responseType's answer. */
export function answerInstruction(type: ResponseType, options: readonly string[]): string {
  const list = options.map((option) => JSON.stringify(option)).join(", ");
  switch (type) {
    case "TEXT":
      return "`answer`: a short text answer.";
    case "BOOL":
      return "`answer`: true or false.";
    case "NUMBER":
      return "`answer`: a plain number (no units, no thousands separators; amounts of money in US dollars).";
    case "DATE":
      return "`answer`: an ISO 8601 date: YYYY-MM-DD, or YYYY-MM or YYYY when only that is known.";
    case "URL":
      return "`answer`: one absolute http(s) URL.";
    case "OPTION":
      return `\`answer\`: exactly one of these options, copied verbatim: ${list}.`;
    case "OPTIONS":
      return `\`answer\`: the list of every option that applies, copied verbatim from: ${list}. An empty list means none applies.`;
  }
}
