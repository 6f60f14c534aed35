import * as z from "zod";
import { apiRegistry } from "./registry.js";

export const responseTypes = ["TEXT", "BOOL", "NUMBER", "DATE", "URL", "OPTION", "OPTIONS"] as const;

export const responseTypeSchema = z.enum(responseTypes).register(apiRegistry, {
  id: "ResponseType",
  description: [
    "The kind of answer wanted, and how it is carried:",
    "`TEXT` (default): answerText is the answer, answerNumber is null.",
    '`BOOL`: answerText is `"true"` or `"false"`, answerNumber is 1 or 0.',
    '`NUMBER`: answerNumber is the number, answerText a readable form (`"1,250"`).',
    "`DATE`: answerText is ISO 8601 (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`), answerNumber is null.",
    "`URL`: answerText is an absolute http(s) URL, answerNumber is null.",
    "`OPTION`: answerText is exactly one of responseOptions, answerNumber its 0-based index.",
    "`OPTIONS`: answerText is a JSON array of the chosen responseOptions in the order offered, answerNumber how many were chosen (0 is a real answer: none apply).",
    "For every type, when the evidence does not say, answerText and answerNumber are both null and confidence is low.",
  ].join(" "),
});

export type ResponseType = z.infer<typeof responseTypeSchema>;

/** Other names callers give the response types, lower-case, for the "did you mean" of a bad one. */
export const RESPONSE_TYPE_SYNONYMS: Readonly<Record<string, ResponseType>> = {
  string: "TEXT",
  boolean: "BOOL",
  "yes/no": "BOOL",
  integer: "NUMBER",
  int: "NUMBER",
  float: "NUMBER",
  datetime: "DATE",
  link: "URL",
  choice: "OPTION",
  enum: "OPTION",
  multiple: "OPTIONS",
};

/** Response types that choose among `responseOptions`. */
export function takesOptions(type: ResponseType): boolean {
  return type === "OPTION" || type === "OPTIONS";
}
