import { randomBytes } from "node:crypto";
import { type NormalizedResearchRequest, validateResearchRequest } from "@dossier/contract";
import type { LoadRequest } from "../load/run-http-load.js";

/** A tag unique to one benchmark run, so that no request matches a result stored by an earlier run. */
export function runTag(): string {
  return randomBytes(4).toString("hex");
}

/**
 * Body of a company research call about `company` (by name, no website) whose question is unique to
 * (`tag`, `index`): no result is stored for it.
 */
export function distinctCompanyBody(tag: string, index: number, company: string): Record<string, unknown> {
  return {
    question: `Is ${company} hiring engineers? (run ${tag}, call ${index})`,
    responseType: "BOOL",
    company: { name: company },
  };
}

/** `POST /v1/research/company` with `body`. */
export function companyCall(body: Record<string, unknown>, headers: Record<string, string>): LoadRequest {
  return { method: "POST", path: "/v1/research/company", headers, body: JSON.stringify(body) };
}

/** The request the worker would receive for `body`, validated as the gateway does. */
export function normalizeCompanyBody(body: Record<string, unknown>): NormalizedResearchRequest {
  const validation = validateResearchRequest("company", body);
  if (!validation.ok) throw new Error(`benchmark request is invalid: ${JSON.stringify(validation.errors)}`);
  return validation.request;
}
