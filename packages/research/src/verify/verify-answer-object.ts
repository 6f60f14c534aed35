import type { AnswerValue, NormalizedOutputSchema, ResponseType, ScalarOutputField } from "@dossier/contract";
import type { PassageLabels } from "../answer/evidence-prompt.js";
import type { LeafReply, ObjectReply } from "../answer/object-answer.js";
import { type OutputLeaf, outputLeaves, verificationTypeOf } from "../answer/output-leaves.js";
import type { Passage } from "../rank/passage.js";
import { quoteMatches } from "./quote-matches.js";

/** One value of the answer object, as the check of its quote sees it. */
export interface FieldClaim {
  type: ResponseType;
  value: AnswerValue;
  /** What the field is about: its description, or its path in words. */
  question: string;
  options: readonly string[];
}

/** Whether a quote states a value (the same check a typed answer gets: numbers, dates, options, words). */
export type StatesValue = (claim: FieldClaim, quote: { quote: string; url: string }) => boolean;

/** A quote that holds for a field: on its passage, and stating the value. */
export interface FieldCitation {
  url: string;
  quote: string;
  /** The passage the quote is on. */
  passage: Passage;
}

/** The answer object after verification. */
export interface VerifiedObject {
  /** Every property of the schema; a value no holding quote states is null. */
  answerObject: Record<string, unknown>;
  /** Quotes per field path (`hq`, `address.city`, `funding[0]`). */
  fieldCitations: Record<string, FieldCitation[]>;
  /** Confidence per field path that has a value. */
  fieldConfidence: Record<string, number>;
  /** Paths of the leaves that have a value, in schema order. */
  stated: string[];
  /** Paths of the leaves that stay null. */
  missing: string[];
  /** Values the model gave whose quote did not hold (not on its passage, or not stating the value). */
  rejected: number;
}

/** How much a field's confidence owes to the model's own number; the rest comes from its evidence. */
const MODEL_WEIGHT = 0.5;

/**
 * Confidence of a field with a holding quote: half the model's own number, plus evidence: 0.35 for
 * a quote from the subject's own site, 0.3 for one elsewhere. At most 0.99.
 */
function fieldConfidence(modelConfidence: number, own: boolean): number {
  return Math.round(Math.min(0.99, MODEL_WEIGHT * modelConfidence + (own ? 0.35 : 0.3) + 0.1) * 100) / 100;
}

/** An empty answer object: every property null, nested objects with every member null. */
function emptyObject(schema: NormalizedOutputSchema): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    object[name] =
      field.kind === "object"
        ? Object.fromEntries(Object.keys(field.properties).map((member) => [member, null]))
        : null;
  }
  return object;
}

function setAt(object: Record<string, unknown>, path: string, value: unknown): void {
  const [head, member] = path.split(".") as [string, string | undefined];
  if (member === undefined) object[head] = value;
  else (object[head] as Record<string, unknown>)[member] = value;
}

/** The value as the model gave it, when it has the field's kind (the reply schema already made sure; this keeps types honest). */
function scalarValue(field: ScalarOutputField, value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (field.kind === "boolean") return typeof value === "boolean" ? value : null;
  if (field.kind === "number" || field.kind === "integer")
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/**
 * Checks every field of the model's reply the way a typed answer is checked: the quote must be on
 * the cited passage, and it must state the value (`statesValue`). A field whose quote does not hold
 * is null, never a guess; a record keeps only the members its quote states.
 */
export function verifyAnswerObject(input: {
  schema: NormalizedOutputSchema;
  reply: ObjectReply;
  labels: PassageLabels;
  isOwn: (url: string) => boolean;
  statesValue: StatesValue;
}): VerifiedObject {
  const { reply, labels, statesValue } = input;
  const answerObject = emptyObject(input.schema);
  const fieldCitations: Record<string, FieldCitation[]> = {};
  const confidence: Record<string, number> = {};
  const stated: string[] = [];
  const missing: string[] = [];
  let rejected = 0;

  /** The holding citation of a value, or null. */
  const holds = (
    field: ScalarOutputField,
    value: string | number | boolean,
    passageId: string,
    quote: string,
    question: string,
  ): FieldCitation | null => {
    const passage = labels.get(passageId.trim().toUpperCase());
    if (!passage || !quoteMatches(quote, passage.text)) return null;
    const claim: FieldClaim = {
      type: verificationTypeOf(field),
      value,
      question,
      options: field.kind === "enum" ? field.options : [],
    };
    return statesValue(claim, { quote, url: passage.url }) ? { url: passage.url, quote, passage } : null;
  };

  const cite = (path: string, citation: FieldCitation) => {
    fieldCitations[path] = [{ url: citation.url, quote: citation.quote, passage: citation.passage }];
    confidence[path] = fieldConfidence(reply.confidence, input.isOwn(citation.url));
  };

  for (const leaf of outputLeaves(input.schema)) {
    const given = reply.fields[leaf.path] as LeafReply | undefined;
    const question = leaf.description ?? leaf.path.replace(/[._]/g, " ");
    const value = verifyLeaf(leaf, given, question);
    if (value === null) missing.push(leaf.path);
    else stated.push(leaf.path);
    setAt(answerObject, leaf.path, value);
  }

  function verifyLeaf(leaf: OutputLeaf, given: LeafReply | undefined, question: string): unknown {
    if (!given) return null;
    if (leaf.shape === "value") {
      if (!("value" in given)) return null;
      const value = scalarValue(leaf.field, given.value);
      if (value === null) return null;
      const citation = holds(leaf.field, value, given.passage, given.quote, question);
      if (!citation) {
        rejected += 1;
        return null;
      }
      cite(leaf.path, citation);
      return value;
    }
    if (!("items" in given)) return null;
    const kept: unknown[] = [];
    for (const item of given.items) {
      if (kept.length >= leaf.maxItems) break;
      if (leaf.shape === "list") {
        const value = scalarValue(leaf.field, (item as { value?: unknown }).value);
        if (value === null || kept.includes(value)) continue;
        const citation = holds(leaf.field, value, item.passage, item.quote, question);
        if (!citation) {
          rejected += 1;
          continue;
        }
        cite(`${leaf.path}[${kept.length}]`, citation);
        kept.push(value);
        continue;
      }
      // A record: each member must be stated by the record's one quote.
      const record: Record<string, unknown> = {};
      let citation: FieldCitation | null = null;
      for (const [name, member] of Object.entries(leaf.properties)) {
        const raw = (item as Record<string, unknown>)[name];
        const memberQuestion = member.description ?? `${question} ${name}`;
        if (member.kind === "array") {
          const values = (Array.isArray(raw) ? raw : [])
            .map((entry) => scalarValue(member.items, entry))
            .filter((entry): entry is string | number | boolean => entry !== null);
          const statedValues = values.filter((entry) => {
            const held = holds(member.items, entry, item.passage, item.quote, memberQuestion);
            if (held) citation = held;
            else rejected += 1;
            return held !== null;
          });
          record[name] = statedValues.length > 0 ? statedValues.slice(0, member.maxItems) : null;
          continue;
        }
        const value = scalarValue(member, raw);
        if (value === null) {
          record[name] = null;
          continue;
        }
        const held = holds(member, value, item.passage, item.quote, memberQuestion);
        if (held) citation = held;
        else rejected += 1;
        record[name] = held ? value : null;
      }
      if (!citation || Object.values(record).every((member) => member === null)) continue;
      cite(`${leaf.path}[${kept.length}]`, citation);
      kept.push(record);
    }
    return kept.length > 0 ? kept : null;
  }

  return { answerObject, fieldCitations, fieldConfidence: confidence, stated, missing, rejected };
}
