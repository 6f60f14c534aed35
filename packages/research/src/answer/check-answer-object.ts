import type { NormalizedResearchRequest } from "@dossier/contract";
import * as z from "zod";
import type { ChatModel, ChatUsage } from "./chat-model.js";
import { generateStructured } from "./generate-structured.js";
import {
  evidenceSection,
  factsBlock,
  neutralize,
  type PassageLabels,
  UNTRUSTED_PASSAGES_RULE,
} from "./passage-block.js";

/** The system prompt of the check of an answer object: fixed, first, so that local servers reuse its prompt cache. */
export const OBJECT_CHECK_SYSTEM_PROMPT = [
  "You check fields someone filled in about a person or a company, against evidence passages.",
  "Use ONLY the passages in the user message.",
  UNTRUSTED_PASSAGES_RULE,
  "For each field path in `fields`, give true only when the passages themselves state that value for this subject;",
  "false when they do not say it, say something different or contradict it, or speak of someone or something else.",
  "Reply with one JSON object only.",
].join("\n");

/** A value to check, by the path the answer gives it (`hq`, `funding[1]`). */
export interface FieldToCheck {
  path: string;
  value: unknown;
}

/** The check's user message: the question, the values to check, then the passages they came from. */
export function buildObjectCheckPrompt(
  request: NormalizedResearchRequest,
  fields: readonly FieldToCheck[],
  labels: PassageLabels,
): string {
  return [
    `Question about a ${request.kind}: ${request.question}`,
    factsBlock(request.subject),
    `Fields to check:\n${fields.map((field) => `- \`${field.path}\`: ${neutralize(JSON.stringify(field.value))}`).join("\n")}`,
    evidenceSection(labels, { title: false }),
  ].join("\n\n");
}

/** The reply schema: one boolean per path, flat and strict like the answer's own. */
export function objectCheckSchema(paths: readonly string[]): z.ZodType<{ fields: Record<string, boolean> }> {
  return z.strictObject({
    fields: z.strictObject(Object.fromEntries(paths.map((path) => [path, z.boolean()]))),
  }) as unknown as z.ZodType<{ fields: Record<string, boolean> }>;
}

/**
 * The second model call of a `deep` run with an output schema: a fresh reading of the passages
 * that confirms each value the first call gave and verification kept. It sees the values, not the
 * first call's quotes, so a passage that talked the first call into a value must convince it again.
 * Returns the paths it did not confirm.
 */
export async function checkAnswerObject(
  model: ChatModel,
  request: NormalizedResearchRequest,
  fields: readonly FieldToCheck[],
  labels: PassageLabels,
  options: { signal?: AbortSignal; background?: boolean } = {},
): Promise<{ unconfirmed: Set<string>; usage: ChatUsage; calls: number }> {
  const result = await generateStructured(model, {
    messages: [
      { role: "system", content: OBJECT_CHECK_SYSTEM_PROMPT },
      { role: "user", content: buildObjectCheckPrompt(request, fields, labels) },
    ],
    schemaName: "object_check",
    schema: objectCheckSchema(fields.map((field) => field.path)),
    // A path and a boolean per value, and the JSON around them.
    maxTokens: 40 + 20 * fields.length,
    signal: options.signal,
    background: options.background ?? false,
  });
  const unconfirmed = new Set(fields.filter((field) => result.value.fields[field.path] !== true).map((f) => f.path));
  return { unconfirmed, usage: result.usage, calls: result.calls };
}
