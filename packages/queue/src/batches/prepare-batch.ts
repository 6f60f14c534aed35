import type { Metadata, ResearchKind } from "@dossier/contract";
import type { ResearchJobData } from "../jobs/job-payload.js";

/** One item of a batch as the gateway planned it: a job to run, or the item's own problem. */
export type BatchItemPlan =
  | { ref?: string; metadata?: Metadata; kind: ResearchKind; jobId: string; data: ResearchJobData }
  | { ref?: string; metadata?: Metadata; problem: Record<string, unknown> };

/** One distinct job of a prepared batch. */
export interface PreparedJob {
  jobId: string;
  /** Its entry in the key's fair-share list, as JSON text (a `FairEntry`). */
  entry: string;
  /** The oldest stored result its request accepts, in seconds (`maxAgeSeconds`), when it set one. */
  maxAgeSeconds?: number;
}

/**
 * A batch in the form Redis stores it: every item and job already encoded as text. Preparing a
 * batch of 10,000 items is work (tens of megabytes of JSON); done where the batch was validated (a
 * worker thread, for a large body), it leaves the gateway's event loop only the writes.
 */
export interface PreparedBatch {
  /** Every item in order, as the batch's item list holds it (JSON: ref, metadata, job id or problem). */
  items: string[];
  /** Each job id with the number of the batch's items waiting for it. */
  pending: Array<[jobId: string, items: number]>;
  /** The distinct jobs, in the order of their first item. */
  jobs: PreparedJob[];
  /** Items that failed validation (they have their own problem). */
  invalid: number;
  /** True when at least one item's request carried metadata. */
  itemsHaveMetadata: boolean;
  /** True when an item asked for an answer in its own shape (`outputSchema`). */
  itemsHaveOutputSchema: boolean;
}

/** Encodes planned items for {@link BatchStore.create}. Pure: runs in a worker thread as well. */
export function prepareBatch(items: readonly BatchItemPlan[]): PreparedBatch {
  const pending = new Map<string, number>();
  const jobs: PreparedJob[] = [];
  let invalid = 0;
  let itemsHaveMetadata = false;
  let itemsHaveOutputSchema = false;
  const encoded = items.map((item) => {
    const head = {
      ...(item.ref !== undefined ? { r: item.ref } : {}),
      ...(item.metadata ? { m: item.metadata } : {}),
    };
    if (item.metadata !== undefined) itemsHaveMetadata = true;
    if ("problem" in item) {
      invalid += 1;
      return JSON.stringify({ ...head, p: item.problem });
    }
    if (item.data.request.outputSchema !== undefined) itemsHaveOutputSchema = true;
    const count = pending.get(item.jobId);
    pending.set(item.jobId, (count ?? 0) + 1);
    if (count === undefined) {
      const maxAgeSeconds = item.data.request.maxAgeSeconds;
      jobs.push({
        jobId: item.jobId,
        entry: JSON.stringify({ jobId: item.jobId, kind: item.kind, data: item.data }),
        ...(maxAgeSeconds !== undefined ? { maxAgeSeconds } : {}),
      });
    }
    return JSON.stringify({ ...head, j: item.jobId });
  });
  return { items: encoded, pending: [...pending.entries()], jobs, invalid, itemsHaveMetadata, itemsHaveOutputSchema };
}
