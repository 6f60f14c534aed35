import {
  ISO_DATE_PATTERN,
  type NormalizedOutputSchema,
  type NormalizedResearchRequest,
  type ScalarOutputField,
} from "@dossier/contract";
import * as z from "zod";
import { personEvidenceSchema } from "./answer-from-evidence.js";
import type { ChatModel, ChatUsage } from "./chat-model.js";
import { PERSON_FIELDS_INSTRUCTION } from "./evidence-prompt.js";
import { generateStructured } from "./generate-structured.js";
import { describeScalar, type OutputLeaf, outputLeaves } from "./output-leaves.js";
import {
  evidenceSection,
  factsBlock,
  neutralize,
  type PassageLabels,
  UNTRUSTED_PASSAGES_RULE,
} from "./passage-block.js";

/** The system prompt of an answer in the caller's shape: fixed, first, so that local servers reuse its prompt cache. */
export const OBJECT_SYSTEM_PROMPT = [
  "You are a careful research analyst. You fill in named fields about a person or a company.",
  "Use ONLY the evidence passages in the user message. Do not use your own memory of the world, and do not guess.",
  UNTRUSTED_PASSAGES_RULE,
  "The caller's facts and context describe the subject; they are not evidence.",
  "For each field give `value`, the passage id that states it (like P3) in `passage`, and in `quote` words copied exactly",
  "from that passage (3 to 30 words) that state the value. When no passage states a field, its `value` is null and",
  "`passage` and `quote` are empty strings. A list field has `items`, each with its own passage and quote; an empty list",
  "means no passage states any. Never fill a field from a passage about someone or something else.",
  "`summary`: one sentence on what the evidence shows. `confidence`: the probability from 0 to 1 that the fields are right.",
  "Reply with one JSON object only.",
].join("\n");

/** The model's reply for one leaf, as the reply schema allows it. */
export type LeafReply =
  | { value: string | number | boolean | null; passage: string; quote: string }
  | { items: Array<{ value: string | number | boolean; passage: string; quote: string }> }
  | { items: Array<Record<string, unknown> & { passage: string; quote: string }> };

/** The model's reply to an output schema, before verification. */
export interface ObjectReply {
  fields: Record<string, LeafReply>;
  summary: string;
  confidence: number;
  /** For a person: what the passages state about them, for the person record. */
  person?: z.infer<typeof personEvidenceSchema>;
}

function scalarSchema(field: ScalarOutputField): z.ZodType {
  switch (field.kind) {
    case "boolean":
      return z.boolean();
    case "integer":
      return z.number().int();
    case "number":
      return z.number();
    case "enum":
      return z.enum(field.options as [string, ...string[]]);
    case "string":
      if (field.format === "date") return z.string().regex(ISO_DATE_PATTERN, "must be YYYY, YYYY-MM or YYYY-MM-DD");
      if (field.format === "uri") return z.string().regex(/^https?:\/\/\S+$/, "must be an absolute http(s) URL");
      return z.string();
  }
}

const cited = { passage: z.string(), quote: z.string() };

function leafSchema(leaf: OutputLeaf): z.ZodType {
  switch (leaf.shape) {
    case "value":
      return z.strictObject({ value: scalarSchema(leaf.field).nullable(), ...cited });
    case "list":
      return z.strictObject({ items: z.array(z.strictObject({ value: scalarSchema(leaf.field), ...cited })) });
    case "records": {
      const members: Record<string, z.ZodType> = {};
      for (const [name, member] of Object.entries(leaf.properties))
        members[name] = member.kind === "array" ? z.array(scalarSchema(member.items)) : scalarSchema(member).nullable();
      return z.strictObject({ items: z.array(z.strictObject({ ...members, ...cited })) });
    }
  }
}

/**
 * The reply schema for an output schema: one key per leaf path under `fields`, each a flat
 * `{ value, passage, quote }` (or a list of them, or of flat records), so that small local models
 * with grammar-constrained decoding follow it. Built per request; output schemas vary too much to
 * keep.
 */
export function objectReplySchema(
  schema: NormalizedOutputSchema,
  kind: NormalizedResearchRequest["kind"] = "company",
): z.ZodType<ObjectReply> {
  const fields: Record<string, z.ZodType> = {};
  for (const leaf of outputLeaves(schema)) fields[leaf.path] = leafSchema(leaf);
  const base = {
    fields: z.strictObject(fields),
    summary: z.string(),
    confidence: z.number().min(0).max(1),
  };
  return (kind === "person"
    ? z.strictObject({ ...base, person: personEvidenceSchema })
    : z.strictObject(base)) as unknown as z.ZodType<ObjectReply>;
}

/** Tokens a reply takes besides its fields: the summary, the confidence and the JSON around them. */
const OBJECT_REPLY_OVERHEAD_TOKENS = 200;
/** One value with its passage id and a quote of up to 30 words. */
const CITED_VALUE_TOKENS = 70;
/** Each member of a record beside the record's one quote. */
const RECORD_MEMBER_TOKENS = 20;
/** List items a reply is given room for; a longer list is cut rather than waited for. */
const ITEMS_WITH_ROOM = 20;
/** The person fields, each a value with its passage and quote. */
const PERSON_FIELDS_TOKENS = 260;

/**
 * The most completion tokens an answer in the caller's shape needs: room for every field with its
 * quote (and lists of up to 20 items), so that a small local model that loops is stopped by
 * Dossier rather than by the server's own cap, minutes later.
 */
export function objectCompletionTokenCap(
  schema: NormalizedOutputSchema,
  kind: NormalizedResearchRequest["kind"],
): number {
  let tokens = OBJECT_REPLY_OVERHEAD_TOKENS + (kind === "person" ? PERSON_FIELDS_TOKENS : 0);
  for (const leaf of outputLeaves(schema)) {
    const items = leaf.shape === "value" ? 1 : Math.min(leaf.maxItems, ITEMS_WITH_ROOM);
    const perItem =
      CITED_VALUE_TOKENS + (leaf.shape === "records" ? Object.keys(leaf.properties).length * RECORD_MEMBER_TOKENS : 0);
    tokens += items * perItem;
  }
  return tokens;
}

/** One field as the model reads it: path, what it holds, and the caller's description. */
function describeLeaf(leaf: OutputLeaf): string {
  const note = leaf.description ? `: ${neutralize(leaf.description)}` : "";
  if (leaf.shape === "value") return `- \`${leaf.path}\` (${describeScalar(leaf.field)})${note}`;
  if (leaf.shape === "list")
    return `- \`${leaf.path}\` (a list of up to ${leaf.maxItems}, each ${describeScalar(leaf.field)})${note}`;
  const members = Object.entries(leaf.properties)
    .map(([name, member]) => {
      const inner = member.kind === "array" ? `a list, each ${describeScalar(member.items)}` : describeScalar(member);
      return `\`${name}\` (${inner}${member.description ? `: ${neutralize(member.description)}` : ""})`;
    })
    .join(", ");
  return `- \`${leaf.path}\` (a list of up to ${leaf.maxItems} records, each with ${members}; one passage and quote per record stating it)${note}`;
}

/** The fields as the model reads them, one a line. */
export function describeFields(schema: NormalizedOutputSchema): string {
  return outputLeaves(schema).map(describeLeaf).join("\n");
}

/** The user message: the question, the fields, the caller's facts, then the numbered passages. */
export function buildObjectPrompt(
  request: NormalizedResearchRequest,
  schema: NormalizedOutputSchema,
  labels: PassageLabels,
): string {
  return [
    `Question about a ${request.kind}: ${request.question}`,
    `${schema.description ? `${neutralize(schema.description)}\n` : ""}Fields to fill:\n${describeFields(schema)}`,
    factsBlock(request.subject),
    request.context ? `<context>\n${neutralize(request.context)}\n</context>` : "",
    request.kind === "person" ? PERSON_FIELDS_INSTRUCTION : "",
    evidenceSection(labels),
  ]
    .filter(Boolean)
    .join("\n\n");
}

/**
 * One Chat Completions call that fills the caller's fields from the numbered passages, each with a
 * verbatim quote. The reply is checked against the schema here and field by field in verify/.
 */
export async function answerObjectFromEvidence(
  model: ChatModel,
  request: NormalizedResearchRequest,
  schema: NormalizedOutputSchema,
  labels: PassageLabels,
  options: { signal?: AbortSignal; background?: boolean } = {},
): Promise<{ reply: ObjectReply; usage: ChatUsage; calls: number; prompt: string }> {
  const prompt = buildObjectPrompt(request, schema, labels);
  const result = await generateStructured(model, {
    messages: [
      { role: "system", content: OBJECT_SYSTEM_PROMPT },
      { role: "user", content: prompt },
    ],
    schemaName: "research_object",
    schema: objectReplySchema(schema, request.kind),
    maxTokens: objectCompletionTokenCap(schema, request.kind),
    signal: options.signal,
    background: options.background ?? false,
  });
  return { reply: result.value, usage: result.usage, calls: result.calls, prompt };
}
