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

/** Tokens a reply takes besides its answer: a few quotes of up to 30 words, one or two sentences, the JSON around them. */
const REPLY_OVERHEAD_TOKENS = 320;
/** The person fields, each a value with its passage and quote. */
const PERSON_FIELDS_TOKENS = 260;

/**
 * The most completion tokens a research reply needs for a responseType: enough for the answer,
 * its quotes and explanation with room to spare, so that a model that loops (small local ones
 * do) is stopped by Dossier rather than by the server's own cap, minutes later.
 */
export function completionTokenCap(type: ResponseType, kind: "company" | "person"): number {
  const answer = type === "TEXT" ? 160 : type === "OPTIONS" ? 120 : type === "URL" ? 80 : 40;
  return REPLY_OVERHEAD_TOKENS + answer + (kind === "person" ? PERSON_FIELDS_TOKENS : 0);
}
