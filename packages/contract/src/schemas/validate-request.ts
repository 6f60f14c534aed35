import type * as z from "zod";
import type { FieldError } from "../errors/dossier-error.js";
import type { Effort } from "./effort.js";
import { unknownFieldMessage } from "./field-suggestions.js";
import type { Metadata } from "./metadata.js";
import { type NormalizedOutputSchema, readOutputSchema } from "./output-schema.js";
import {
  type CompanyResearchRequest,
  crossFieldProblems,
  type PersonResearchRequest,
  type ResearchKind,
  researchRequestSchemas,
} from "./research-request.js";
import { isReservedName, RESERVED_NAME_MESSAGE } from "./reserved-names.js";
import type { ResponseType } from "./response-type.js";
import { type NormalizedSourcePolicy, normalizeSourcePolicy } from "./source-policy.js";
import type { Company, Person } from "./subjects.js";

/** A subject's facts after validation: absent, null and empty values removed, text trimmed. */
type Present<T> = { [K in keyof T]?: Exclude<T[K], null | undefined> };

/** A company as the pipeline gets it: only the facts the caller gave. */
export type NormalizedCompany = Present<Company>;

/** A person as the pipeline gets it: only the facts the caller gave, their company nested. */
export type NormalizedPerson = Present<Omit<Person, "company">> & { company?: NormalizedCompany };

/**
 * What every research request carries besides its subject. The optional members are present only
 * when the caller asked for something other than the default, so that a plain request's job id
 * stays what it always was.
 */
interface NormalizedQuestion {
  question: string;
  responseType: ResponseType;
  responseOptions: string[];
  context: string | null;
  /** How old evidence may be, in seconds (stored result, cached pages and searches); absent: any. */
  maxAgeSeconds?: number;
  /** Which sources may be used; absent: any. */
  sourcePolicy?: NormalizedSourcePolicy;
  /** How much work the run may do; absent: `standard`. */
  effort?: Exclude<Effort, "standard">;
  /** The shape of the answer (then `responseType` is `TEXT`); absent: a typed answer. */
  outputSchema?: NormalizedOutputSchema;
}

/** A research request after validation: absent, null and empty values removed, defaults applied. */
export type NormalizedResearchRequest =
  | (NormalizedQuestion & { kind: "company" /** The company's facts. */; subject: NormalizedCompany })
  | (NormalizedQuestion & {
      kind: "person" /** The person's facts, with their company nested. */;
      subject: NormalizedPerson;
    });

/**
 * A valid request: what is researched (`request`, which alone identifies the job) and the caller's
 * `metadata`, which is returned with the result and never changes the research.
 */
export type ValidationResult =
  | { ok: true; request: NormalizedResearchRequest; metadata: Metadata | null }
  | { ok: false; errors: FieldError[] };

/**
 * A schema's issues as the fields they concern; each unknown key is named on its own, with the
 * field it was probably meant as when `unknownField` knows one.
 */
export function issuesToFieldErrors(
  issues: z.core.$ZodIssue[],
  unknownField: (path: readonly string[], name: string) => string = () =>
    "is not a known field (names are case-sensitive)",
): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const base = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        errors.push({
          path: base ? `${base}.${key}` : key,
          message: unknownField(issue.path.map(String), key),
        });
      }
    } else {
      errors.push({ path: base || "(body)", message: issue.message });
    }
  }
  return errors;
}

function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (typeof value === "object" && value !== null) {
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const inner = withoutEmpty((value as Record<string, unknown>)[key]);
      if (inner === null || inner === undefined || inner === "") continue;
      if (typeof inner === "object" && !Array.isArray(inner) && Object.keys(inner).length === 0) continue;
      result[key] = inner;
    }
    return result;
  }
  if (typeof value === "string") return value.trim();
  return value;
}

/**
 * Validates a research request body and normalizes it. Every bad field is reported at once: the
 * per-field problems from the schema and the rules spanning several fields.
 */
export function validateResearchRequest(kind: ResearchKind, body: unknown): ValidationResult {
  const parsed = researchRequestSchemas[kind].safeParse(body);
  const reserved = reservedMetadataKeys(body);
  if (!parsed.success || reserved.length > 0) {
    const errors = parsed.success ? [] : issuesToFieldErrors(parsed.error.issues, unknownFieldMessage);
    for (const problem of [...reserved, ...(parsed.success ? [] : crossFieldProblems(kind, body))]) {
      if (!errors.some((error) => error.path === problem.path && error.message === problem.message))
        errors.push(problem);
    }
    return { ok: false, errors };
  }
  const value = parsed.data as CompanyResearchRequest & PersonResearchRequest;
  const metadata = value.metadata && Object.keys(value.metadata).length > 0 ? value.metadata : null;
  const sourcePolicy = normalizeSourcePolicy(value.sourcePolicy);
  // Already checked with the other fields: a schema that reaches here reads.
  const outputSchema = value.outputSchema ? readOutputSchema(value.outputSchema) : null;
  const common: NormalizedQuestion = {
    question: value.question.replace(/\s+/g, " ").trim(),
    responseType: value.responseType || "TEXT",
    responseOptions: (value.responseOptions ?? []).map((option) => option.trim()),
    context: value.context?.trim() || null,
    ...(value.maxAgeSeconds != null ? { maxAgeSeconds: value.maxAgeSeconds } : {}),
    ...(sourcePolicy ? { sourcePolicy } : {}),
    ...(value.effort && value.effort !== "standard" ? { effort: value.effort } : {}),
    ...(outputSchema?.ok ? { outputSchema: outputSchema.schema } : {}),
  };
  const request: NormalizedResearchRequest =
    kind === "person"
      ? { kind, ...common, subject: withoutEmpty(value.person) as NormalizedPerson }
      : { kind, ...common, subject: withoutEmpty(value.company) as NormalizedCompany };
  return { ok: true, request, metadata };
}

/**
 * Metadata keys a plain object cannot hold (`__proto__` would vanish, `constructor` would read as a
 * function): read from the body as sent, since the parsed metadata has already lost `__proto__`.
 */
export function reservedMetadataKeys(body: unknown, path = "metadata"): FieldError[] {
  const metadata = typeof body === "object" && body !== null ? (body as Record<string, unknown>).metadata : undefined;
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) return [];
  return Object.keys(metadata)
    .filter(isReservedName)
    .map((key) => ({ path: `${path}.${key}`, message: RESERVED_NAME_MESSAGE }));
}
