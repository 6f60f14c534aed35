import { DossierError, unavailable } from "@dossier/contract";
import type { BatchStore, BatchSummary } from "@dossier/queue";

/** A batch as `GET /v1/batches/{id}` answers it. */
export function batchView(summary: BatchSummary): Record<string, unknown> {
  const { id, status, total, completed, failed, cancelled, createdAt, finishedAt, metadata } = summary;
  return { id, status, total, completed, failed, cancelled, createdAt, finishedAt, ...(metadata ? { metadata } : {}) };
}

/** A known error as it is; anything else means the batch store could not be reached. */
export function storeProblem(error: unknown): DossierError {
  return error instanceof DossierError ? error : unavailable("The batch store", error);
}

/** The batch with this id if the key owns it; any other batch, and an unknown id, is 404 BATCH_NOT_FOUND. */
export async function findOwnBatch(batches: BatchStore, id: string, keyId: string): Promise<BatchSummary> {
  const summary = await batches.get(id).catch((error: unknown) => {
    throw storeProblem(error);
  });
  if (!summary || summary.keyId !== keyId)
    throw new DossierError("BATCH_NOT_FOUND", { detail: `There is no batch ${id} for this API key.` });
  return summary;
}
