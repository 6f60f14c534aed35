import { hash } from "node:crypto";
import type { NormalizedResearchRequest } from "@dossier/contract";

/**
 * The job id of a research request: a hash of the caller's key id and the normalized request, so
 * that an identical request joins the job already running or finds its stored result, and one
 * caller never receives a job another caller asked for.
 */
export function researchJobId(keyId: string, request: NormalizedResearchRequest): string {
  // One-shot hashing: the gateway computes this for every call, stored results included.
  return `r-${hash("sha256", `${keyId}\n${stableStringify(request)}`, "base64url").slice(0, 32)}`;
}

/** JSON with object keys sorted, so that equal values give equal text. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableStringify(record[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}
