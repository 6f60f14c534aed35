import type { ResearchResponse } from "@dossier/contract";

/** True when a value, or anything inside it, is null: a field of an answer object the pages did not state. */
function holdsNull(value: unknown): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.some(holdsNull);
  if (typeof value === "object") return Object.values(value as Record<string, unknown>).some(holdsNull);
  return false;
}

/**
 * True when a response leaves out something it was asked: a typed answer that is null ("not enough
 * evidence"), or an answer object with any field null.
 */
export function withholdsAnswer(response: ResearchResponse): boolean {
  if (response.answerObject !== undefined) return holdsNull(response.answerObject);
  return response.answerText === null;
}
