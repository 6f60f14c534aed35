import type * as z from "zod";
import type { FieldError } from "../errors/dossier-error.js";
import {
  type CompanyResearchRequest,
  crossFieldProblems,
  type PersonResearchRequest,
  type ResearchKind,
  researchRequestSchemas,
} from "./research-request.js";
import type { ResponseType } from "./response-type.js";

/** A research request after validation: absent, null and empty values removed, defaults applied. */
export interface NormalizedResearchRequest {
  kind: ResearchKind;
  question: string;
  responseType: ResponseType;
  responseOptions: string[];
  context: string | null;
  /** The subject's facts: the company, or the person (with their company nested). */
  subject: Record<string, unknown>;
}

export type ValidationResult = { ok: true; request: NormalizedResearchRequest } | { ok: false; errors: FieldError[] };

function issuesToFieldErrors(issues: z.core.$ZodIssue[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const base = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        errors.push({
          path: base ? `${base}.${key}` : key,
          message: "is not a known field (names are case-sensitive)",
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
  if (!parsed.success) {
    const errors = issuesToFieldErrors(parsed.error.issues);
    for (const problem of crossFieldProblems(kind, body)) {
      if (!errors.some((error) => error.path === problem.path && error.message === problem.message))
        errors.push(problem);
    }
    return { ok: false, errors };
  }
  const value = parsed.data as CompanyResearchRequest & PersonResearchRequest;
  const subject = withoutEmpty(kind === "person" ? value.person : value.company) as Record<string, unknown>;
  return {
    ok: true,
    request: {
      kind,
      question: value.question.replace(/\s+/g, " ").trim(),
      responseType: value.responseType || "TEXT",
      responseOptions: (value.responseOptions ?? []).map((option) => option.trim()),
      context: value.context?.trim() || null,
      subject,
    },
  };
}
