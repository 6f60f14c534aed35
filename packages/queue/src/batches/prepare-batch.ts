import type { Metadata, ResearchKind } from "@dossier/contract";
import type { ResearchJobData } from "../jobs/job-payload.js";
import { type PackedTexts, packedBuffers, packTexts } from "./packed-texts.js";

/** One item of a batch as the gateway planned it: a job to run, or the item's own problem. */
export type BatchItemPlan =
  | { ref?: string; metadata?: Metadata; kind: ResearchKind; jobId: string; data: ResearchJobData }
  | { ref?: string; metadata?: Metadata; problem: Record<string, unknown> };

/** One distinct job of a prepared batch. */
export interface PreparedJob {
  jobId: string;
  /** The batch's items that wait for it (identical requests share one job). */
  items: number;
  /** The oldest stored result its request accepts, in seconds (`maxAgeSeconds`), when it set one. */
  maxAgeSeconds?: number;
}

/**
 * A batch in the form Redis stores it: every item and job already encoded as text. Preparing a
 * batch of 10,000 items is work (tens of megabytes of JSON); done where the batch was validated (a
 * worker thread, for a large body), it leaves the gateway's event loop only the writes. The texts
 * are packed ({@link PackedTexts}) so that they cross from that thread without a copy and stay off
 * the event loop's heap.
 */
export interface PreparedBatch {
  /** Every item in order, as the batch's item list holds it (JSON: ref, metadata, job id or problem). */
  items: PackedTexts;
  /** The distinct jobs, in the order of their first item. */
  jobs: PreparedJob[];
  /** Each job's entry in the key's fair-share list (a `FairEntry` as JSON), in the order of `jobs`. */
  entries: PackedTexts;
  /** Items that failed validation (they have their own problem). */
  invalid: number;
  /** True when at least one item's request carried metadata. */
  itemsHaveMetadata: boolean;
  /** True when an item asked for an answer in its own shape (`outputSchema`). */
  itemsHaveOutputSchema: boolean;
}

/** Encodes planned items for {@link BatchStore.create}. Pure: runs in a worker thread as well. */
export function prepareBatch(items: readonly BatchItemPlan[]): PreparedBatch {
  const byJob = new Map<string, PreparedJob>();
  const entries: string[] = [];
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
    const job = byJob.get(item.jobId);
    if (job) job.items += 1;
    else {
      const maxAgeSeconds = item.data.request.maxAgeSeconds;
      byJob.set(item.jobId, { jobId: item.jobId, items: 1, ...(maxAgeSeconds !== undefined ? { maxAgeSeconds } : {}) });
      entries.push(JSON.stringify({ jobId: item.jobId, kind: item.kind, data: item.data }));
    }
    return JSON.stringify({ ...head, j: item.jobId });
  });
  return {
    items: packTexts(encoded),
    jobs: [...byJob.values()],
    entries: packTexts(entries),
    invalid,
    itemsHaveMetadata,
    itemsHaveOutputSchema,
  };
}

/** The buffers of a prepared batch, for the transfer list of `postMessage` (they move, uncopied). */
export function preparedBatchBuffers(batch: PreparedBatch): ArrayBuffer[] {
  return [...packedBuffers(batch.items), ...packedBuffers(batch.entries)];
}
