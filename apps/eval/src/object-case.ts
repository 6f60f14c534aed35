import {
  type NormalizedOutputSchema,
  readOutputSchema,
  type ScalarOutputField,
  validateResearchRequest,
} from "@dossier/contract";
import {
  type OutputLeaf,
  outputLeaves,
  pathInWords,
  planResearch,
  statesAnswer,
  verificationTypeOf,
} from "@dossier/research";
import type { CaseProof, ExpectedField, OutputSchemaCase, ProvenFields, ResearchBody } from "@dossier/testing";
import { sameDate, samePhone, wordsOf } from "./case-result.js";

/** What the fields of one answer object came to, against the case's expected fields. */
export interface FieldScore {
  /** Values the case expects (list items counted one by one). */
  expected: number;
  /** Non-null values the response gave (list items counted one by one). */
  filled: number;
  /** Of those, the ones the case expects. */
  right: number;
  /** Non-null values none of whose returned quotes states them. */
  unsupported: number;
  /** Paths of the values that are not the case's (`hq`, `funding[1]`). */
  wrong: string[];
}

function schemaOf(testCase: OutputSchemaCase): NormalizedOutputSchema {
  const read = readOutputSchema(testCase.request.outputSchema);
  if (!read.ok) throw new Error(`${testCase.id}: its outputSchema is outside the subset`);
  return read.schema;
}

/** The case's expected values as the oracle gives them: each with its proof phrase as the quote. */
export function provenFieldsOf(testCase: OutputSchemaCase): ProvenFields {
  const proven: ProvenFields = {};
  for (const [path, expected] of Object.entries(testCase.expectedFields)) {
    proven[path] = Array.isArray(expected)
      ? expected.map((item) => ({ value: item.value, phrase: item.proof.phrase }))
      : expected && { value: expected.value, phrase: expected.proof.phrase };
  }
  return proven;
}

/** Every proof of the case, for evidence recall and source precision. */
export function objectProofs(testCase: OutputSchemaCase): CaseProof[] {
  return Object.values(testCase.expectedFields).flatMap((expected) =>
    (Array.isArray(expected) ? expected : expected ? [expected] : []).map((item) => item.proof),
  );
}

/** Whether a returned value is the expected one: text by its words, numbers and booleans exactly, records member by member. */
export function sameValue(expected: unknown, actual: unknown): boolean {
  if (expected === null || expected === undefined) return actual === null || actual === undefined;
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => sameValue(item, actual[index]))
    );
  if (typeof expected === "object") {
    if (typeof actual !== "object" || actual === null) return false;
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].every((key) =>
      sameValue((expected as Record<string, unknown>)[key] ?? null, (actual as Record<string, unknown>)[key] ?? null),
    );
  }
  if (typeof expected === "string") {
    if (typeof actual !== "string") return false;
    // A date as for a typed DATE answer: a year for a full date counts.
    const date = /^\d{4}(?:-\d{2}){0,2}$/;
    if (date.test(expected) && date.test(actual)) return sameDate(actual, expected);
    return wordsOf(expected) === wordsOf(actual) || samePhone(actual, expected);
  }
  return expected === actual;
}

function valueAt(object: Record<string, unknown> | undefined, path: string): unknown {
  const [head, member] = path.split(".") as [string, string | undefined];
  const value = object?.[head] ?? null;
  if (member === undefined) return value;
  return (value as Record<string, unknown> | null)?.[member] ?? null;
}

/**
 * Scores an answer object field by field: each non-null value (each list item) is right when the
 * case expects it, and supported when one of its returned quotes states it by the rule
 * verification applies to its kind.
 */
export function scoreObjectCase(testCase: OutputSchemaCase, body: ResearchBody): FieldScore {
  const validation = validateResearchRequest(testCase.kind, testCase.request);
  const subjectTerms = validation.ok ? planResearch(validation.request).subjectTerms : [];
  const score: FieldScore = { expected: 0, filled: 0, right: 0, unsupported: 0, wrong: [] };
  const states = (field: ScalarOutputField, value: unknown, path: string, question: string): boolean => {
    const type = verificationTypeOf(field);
    const quotes = (body.fieldCitations?.[path] ?? []).map((citation) => ({
      quote: citation.quote,
      url: citation.url,
    }));
    return statesAnswer(
      {
        type,
        value: value as string | number | boolean,
        question,
        options: field.kind === "enum" ? field.options : [],
        subjectTerms: type === "TEXT" ? [] : subjectTerms,
      },
      quotes,
    ).stated;
  };
  const supported = (leaf: OutputLeaf, value: unknown, path: string): boolean => {
    const question = leaf.description ?? pathInWords(leaf.path);
    if (leaf.shape !== "records") return states(leaf.field, value, path, question);
    return Object.entries(leaf.properties).every(([name, member]) => {
      const inner = (value as Record<string, unknown>)[name] ?? null;
      if (inner === null) return true;
      const memberQuestion = member.description ?? `${question} ${pathInWords(name)}`;
      return member.kind === "array"
        ? (inner as unknown[]).every((item) => states(member.items, item, path, memberQuestion))
        : states(member, inner, path, memberQuestion);
    });
  };
  for (const leaf of outputLeaves(schemaOf(testCase))) {
    const expected = testCase.expectedFields[leaf.path] ?? null;
    const actual = valueAt(body.answerObject, leaf.path);
    const expectedItems: ExpectedField[] = Array.isArray(expected) ? expected : expected ? [expected] : [];
    score.expected += expectedItems.length;
    const given: Array<[string, unknown]> =
      leaf.shape === "value"
        ? actual === null
          ? []
          : [[leaf.path, actual]]
        : ((actual as unknown[] | null) ?? []).map((item, index) => [`${leaf.path}[${index}]`, item]);
    for (const [path, value] of given) {
      score.filled += 1;
      if (expectedItems.some((item) => sameValue(item.value, value))) score.right += 1;
      else score.wrong.push(path);
      if (!supported(leaf, value, path)) score.unsupported += 1;
    }
  }
  return score;
}
