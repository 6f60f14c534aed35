import { createHash } from "node:crypto";
import { type Metadata, stableMetadataText } from "@dossier/contract";

/**
 * The id a caller holds for a job. Metadata takes no part in the research job's id (identical
 * requests share one run whatever their metadata), so a request with metadata gets a handle of its
 * own: the job id, a dot (never part of a job id) and a digest of the metadata. Each handle finds
 * the shared job and its own metadata.
 */
export function jobHandle(jobId: string, metadata: Metadata | null): string {
  if (metadata === null) return jobId;
  const digest = createHash("sha256").update(stableMetadataText(metadata)).digest("base64url").slice(0, 16);
  return `${jobId}.${digest}`;
}

/** The research job a handle stands for, and whether it carries metadata. */
export function parseJobHandle(handle: string): { jobId: string; withMetadata: boolean } {
  const dot = handle.indexOf(".");
  return dot === -1 ? { jobId: handle, withMetadata: false } : { jobId: handle.slice(0, dot), withMetadata: true };
}

/** A response body (JSON object text) with `metadata` added as its last member. */
export function withMetadata(body: string, metadata: Metadata | null): string {
  if (metadata === null) return body;
  const end = body.lastIndexOf("}");
  const empty = body.slice(0, end).trimEnd().endsWith("{");
  return `${body.slice(0, end)}${empty ? "" : ","}"metadata":${JSON.stringify(metadata)}}`;
}
