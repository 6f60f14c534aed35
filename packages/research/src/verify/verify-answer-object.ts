import type { AnswerValue, NormalizedOutputSchema, ResponseType, ScalarOutputField } from "@dossier/contract";
import type { PassageLabels } from "../answer/evidence-prompt.js";
import type { LeafReply, ObjectReply } from "../answer/object-answer.js";
import { type OutputLeaf, outputLeaves, pathInWords, verificationTypeOf } from "../answer/output-leaves.js";
import type { Passage } from "../rank/passage.js";
import { type AnswerKind, fieldKindOf } from "./answer-kind.js";
import { evidenceConfidence } from "./evidence-confidence.js";
import { normalizeForMatch, quoteMatches } from "./quote-matches.js";
import { preferStating, shownQuotes } from "./shown-quotes.js";
import { UNKNOWN_CONFIDENCE_CAP } from "./verify-answer.js";

/** One value of the answer object, as the check of its quote sees it. */
export interface FieldClaim {
  type: ResponseType;
  value: AnswerValue;
  /** What the field is about: its description, or its path in words. */
  question: string;
  options: readonly string[];
  /** The kind of value the field holds, when its type, name or description says (answer-kind.ts). */
  kind: AnswerKind | null;
}

/**
 * Whether a quote states a value (the same check a typed answer gets: numbers, dates, options,
 * words) and, where the field says what kind of value it holds, states it as that kind.
 */
export type StatesValue = (claim: FieldClaim, quote: { quote: string; url: string; passage: Passage }) => boolean;

/** A quote that holds for a field: on its passage, and stating the value. */
export interface FieldCitation {
  url: string;
  quote: string;
  /** The passage the quote is on. */
  passage: Passage;
}

/** A value that holds, before the answer object is put together. */
export interface StatedField {
  /** The leaf's path (`hq`, `address.city`, `funding`). */
  leafPath: string;
  /** Whether the leaf is a list, whose values are items. */
  list: boolean;
  value: unknown;
  citation: FieldCitation;
  /** The path the value had when first put together (`funding[1]`): what a check of the answer names. */
  key: string;
}

/** The answer object after verification. */
export interface VerifiedObject {
  /** Every property of the schema; a value no holding quote states is null. */
  answerObject: Record<string, unknown>;
  /** Quotes per field path (`hq`, `address.city`, `funding[0]`). */
  fieldCitations: Record<string, FieldCitation[]>;
  /** Confidence per field path that has a value, the same paths as `fieldCitations`. */
  fieldConfidence: Record<string, number>;
  /** The answer's overall confidence (docs/api.md, "Any output shape"). */
  confidence: number;
  /** Paths of the leaves that have a value, in schema order. */
  stated: string[];
  /** Paths of the leaves that stay null. */
  missing: string[];
  /** Values the model gave whose quote did not hold (not on its passage, or not stating the value), or that a check withdrew. */
  rejected: number;
  /** The values that hold, each with its path (`funding[1]`), for a check of the answer. */
  fields: StatedField[];
}

/** What a verification needs besides the model's reply. */
export interface VerifyObjectInput {
  schema: NormalizedOutputSchema;
  reply: ObjectReply;
  labels: PassageLabels;
  isOwn: (url: string) => boolean;
  statesValue: StatesValue;
  /** Whether a quote on its passage may count at all (not an order to the model; a page about the person). Default: always. */
  mayCite?: (passage: Passage, quote: string) => boolean;
  /** The stated publication date of a page, when known. Default: none. */
  publishedAt?: (url: string) => string | null;
  /** Today, for the age of pages. Default now. */
  now?: Date;
}

/** Each value the model gave and verification rejected takes this share off the overall confidence. */
export const REJECTED_VALUE_FACTOR = 0.85;

/** An empty answer object: every property null, nested objects with every member null. */
export function emptyAnswerObject(schema: NormalizedOutputSchema): Record<string, unknown> {
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
 * the cited passage, may count as evidence, and must state the value (`statesValue`). A field
 * whose quote does not hold is null, never a guess; a record keeps only the members its quote
 * states.
 */
export function verifyAnswerObject(input: VerifyObjectInput): VerifiedObject {
  const { reply, labels, statesValue } = input;
  const fields: StatedField[] = [];
  let rejected = 0;

  /** The holding citation of a value, or null. */
  const holds = (
    field: ScalarOutputField,
    value: string | number | boolean,
    passageId: string,
    quote: string,
    question: string,
    path: string,
  ): FieldCitation | null => {
    const passage = labels.get(passageId.trim().toUpperCase());
    if (!passage || !quoteMatches(quote, passage.text)) return null;
    if (input.mayCite && !input.mayCite(passage, quote)) return null;
    const claim: FieldClaim = {
      type: verificationTypeOf(field),
      value,
      question,
      options: field.kind === "enum" ? field.options : [],
      kind: fieldKindOf({
        path,
        type: field.kind,
        format: field.kind === "string" ? field.format : undefined,
        description: field.description,
      }),
    };
    if (!statesValue(claim, { quote, url: passage.url, passage })) return null;
    const shown = preferStating(shownQuotes(passage, quote), (value) =>
      statesValue(claim, { quote: value, url: passage.url, passage }),
    );
    return { url: passage.url, quote: shown[0]!, passage };
  };

  const verifyLeaf = (leaf: OutputLeaf, given: LeafReply | undefined, question: string): void => {
    if (!given) return;
    if (leaf.shape === "value") {
      if (!("value" in given)) return;
      const value = scalarValue(leaf.field, given.value);
      if (value === null) return;
      const citation = holds(leaf.field, value, given.passage, given.quote, question, leaf.path);
      if (citation) fields.push({ leafPath: leaf.path, list: false, value, citation, key: leaf.path });
      else rejected += 1;
      return;
    }
    if (!("items" in given)) return;
    const kept: unknown[] = [];
    for (const item of given.items) {
      if (kept.length >= leaf.maxItems) break;
      if (leaf.shape === "list") {
        const value = scalarValue(leaf.field, (item as { value?: unknown }).value);
        if (value === null || kept.includes(value)) continue;
        const citation = holds(leaf.field, value, item.passage, item.quote, question, leaf.path);
        if (!citation) {
          rejected += 1;
          continue;
        }
        fields.push({ leafPath: leaf.path, list: true, value, citation, key: `${leaf.path}[${kept.length}]` });
        kept.push(value);
        continue;
      }
      // A record: each member must be stated by the record's one quote.
      const record: Record<string, unknown> = {};
      let citation: FieldCitation | null = null;
      for (const [name, member] of Object.entries(leaf.properties)) {
        const raw = (item as Record<string, unknown>)[name];
        const memberQuestion = member.description ?? `${question} ${pathInWords(name)}`;
        if (member.kind === "array") {
          const values = (Array.isArray(raw) ? raw : [])
            .map((entry) => scalarValue(member.items, entry))
            .filter((entry): entry is string | number | boolean => entry !== null);
          const statedValues = values.filter((entry) => {
            const held = holds(member.items, entry, item.passage, item.quote, memberQuestion, `${leaf.path}.${name}`);
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
        const held = holds(member, value, item.passage, item.quote, memberQuestion, `${leaf.path}.${name}`);
        if (held) citation = held;
        else rejected += 1;
        record[name] = held ? value : null;
      }
      if (!citation || Object.values(record).every((member) => member === null)) continue;
      fields.push({ leafPath: leaf.path, list: true, value: record, citation, key: `${leaf.path}[${kept.length}]` });
      kept.push(record);
    }
  };

  for (const leaf of outputLeaves(input.schema)) {
    verifyLeaf(leaf, reply.fields[leaf.path] as LeafReply | undefined, leaf.description ?? pathInWords(leaf.path));
  }
  return assembleObject(input, fields, rejected);
}

/**
 * The answer without the values a check of it did not confirm (named by their `key`): those are
 * null, or gone from their list, and count as rejected.
 */
export function withdrawFields(
  input: VerifyObjectInput,
  verified: VerifiedObject,
  withdrawn: ReadonlySet<string>,
): VerifiedObject {
  if (withdrawn.size === 0) return verified;
  const kept = verified.fields.filter((field) => !withdrawn.has(field.key));
  return assembleObject(input, kept, verified.rejected + (verified.fields.length - kept.length));
}

/** Puts the answer object together from the values that hold: paths, citations and confidences. */
function assembleObject(input: VerifyObjectInput, fields: readonly StatedField[], rejected: number): VerifiedObject {
  const answerObject = emptyAnswerObject(input.schema);
  const fieldCitations: Record<string, FieldCitation[]> = {};
  const fieldConfidence: Record<string, number> = {};
  const now = input.now ?? new Date();
  const lists = new Map<string, unknown[]>();
  const placed: StatedField[] = [];
  for (const field of fields) {
    let path = field.leafPath;
    if (field.list) {
      const items = lists.get(field.leafPath) ?? [];
      path = `${field.leafPath}[${items.length}]`;
      items.push(field.value);
      lists.set(field.leafPath, items);
    } else {
      setAt(answerObject, field.leafPath, field.value);
    }
    const { citation } = field;
    fieldCitations[path] = [citation];
    fieldConfidence[path] = evidenceConfidence({
      sources: [
        {
          ownSite: input.isOwn(citation.url),
          snippet: citation.passage.source === "search-snippet",
          exact: normalizeForMatch(citation.passage.text).includes(normalizeForMatch(citation.quote)),
          publishedAt: input.publishedAt?.(citation.url) ?? null,
        },
      ],
      modelConfidence: input.reply.confidence,
      conflicting: 0,
      unverified: 0,
      now,
    });
    placed.push({ ...field, key: path });
  }
  for (const [leafPath, items] of lists) setAt(answerObject, leafPath, items);

  const leaves = outputLeaves(input.schema).map((leaf) => leaf.path);
  const statedLeaves = new Set(fields.map((field) => field.leafPath));
  const confidences = Object.values(fieldConfidence);
  const mean = confidences.reduce((sum, value) => sum + value, 0) / Math.max(1, confidences.length);
  const confidence =
    confidences.length === 0
      ? Math.min(Math.max(0, input.reply.confidence), UNKNOWN_CONFIDENCE_CAP)
      : Math.min(0.97, mean * REJECTED_VALUE_FACTOR ** rejected);
  return {
    answerObject,
    fieldCitations,
    fieldConfidence,
    confidence: Math.round(confidence * 100) / 100,
    stated: leaves.filter((path) => statedLeaves.has(path)),
    missing: leaves.filter((path) => !statedLeaves.has(path)),
    rejected,
    fields: placed,
  };
}
