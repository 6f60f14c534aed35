import { type AnswerValue, formatAnswer, type NormalizedResearchRequest } from "@dossier/contract";
import * as z from "zod";
import { setBounded } from "../bounded-map.js";
import { answerValueSchema, completionTokenCap } from "./answer-schema.js";
import type { ChatModel, ChatUsage } from "./chat-model.js";
import { buildEvidencePrompt, EVIDENCE_SYSTEM_PROMPT, type PassageLabels } from "./evidence-prompt.js";
import { generateStructured } from "./generate-structured.js";

const citationSchema = z.strictObject({ passage: z.string(), quote: z.string() });

const personFieldSchema = z.strictObject({ value: z.string(), passage: z.string(), quote: z.string() }).nullable();

export const personEvidenceSchema = z.strictObject({
  jobTitle: personFieldSchema,
  city: personFieldSchema,
  country: personFieldSchema,
  jobStartDate: personFieldSchema,
});

/** The model's reply, before verification. */
export interface ModelAnswer {
  answer: AnswerValue;
  citations: Array<{ passage: string; quote: string }>;
  explanation: string;
  confidence: number;
  person?: z.infer<typeof personEvidenceSchema>;
}

/** Schemas already built, by request shape; most requests share a handful of shapes. */
const answerSchemas = new Map<string, z.ZodType<ModelAnswer>>();
/** Shapes kept at most: OPTION lists vary per request, so the map must not grow without end. */
const MAX_KEPT_SCHEMAS = 64;

/**
 * The answer schema for a request: flat, small, strict. Building a zod schema (and compiling its
 * parser) costs far more than a job's other bookkeeping, so each shape is built once.
 */
export function evidenceAnswerSchema(request: NormalizedResearchRequest): z.ZodType<ModelAnswer> {
  const key = JSON.stringify([request.kind, request.responseType, request.responseOptions]);
  let schema = answerSchemas.get(key);
  if (!schema) {
    schema = buildEvidenceAnswerSchema(request);
    setBounded(answerSchemas, key, schema, MAX_KEPT_SCHEMAS);
  }
  return schema;
}

function buildEvidenceAnswerSchema(request: NormalizedResearchRequest): z.ZodType<ModelAnswer> {
  const base = {
    answer: answerValueSchema(request.responseType, request.responseOptions),
    citations: z.array(citationSchema),
    explanation: z.string(),
    confidence: z.number().min(0).max(1),
  };
  return (request.kind === "person"
    ? z.strictObject({ ...base, person: personEvidenceSchema })
    : z.strictObject(base)) as unknown as z.ZodType<ModelAnswer>;
}

/**
 * One Chat Completions call that sees the numbered passages and must cite them with verbatim
 * quotes. The reply is checked against the schema here and against the passages in verify/.
 */
export async function answerFromEvidence(
  model: ChatModel,
  request: NormalizedResearchRequest,
  labels: PassageLabels,
  options: { signal?: AbortSignal; background?: boolean } = {},
): Promise<{ answer: ModelAnswer; usage: ChatUsage; calls: number; prompt: string }> {
  const prompt = buildEvidencePrompt(request, labels);
  const result = await generateStructured(model, {
    messages: [
      { role: "system", content: EVIDENCE_SYSTEM_PROMPT },
      { role: "user", content: prompt },
    ],
    schemaName: "research_answer",
    schema: evidenceAnswerSchema(request),
    maxTokens: completionTokenCap(request.responseType, request.kind),
    check: (value) =>
      formatAnswer(request.responseType, value.answer, request.responseOptions) === null
        ? `answer does not fit the type ${request.responseType}`
        : null,
    signal: options.signal,
    background: options.background ?? false,
  });
  return { answer: result.value, usage: result.usage, calls: result.calls, prompt };
}
