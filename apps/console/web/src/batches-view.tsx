import type { BatchStatus, Dossier } from "@dossier/client";
import { useEffect, useState } from "preact/hooks";
import { finishedCount, isFinished } from "./batch-view.js";
import { ProblemMessage } from "./problem-message.js";
import { hrefOf } from "./route.js";

const PAGE = 20;

/** The key's batches, newest first, a page at a time, each with a link and, while it runs, a cancel button. */
export function BatchesView({ dossier }: { dossier: Dossier }) {
  const [batches, setBatches] = useState<BatchStatus[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);

  const load = async (after?: string) => {
    setLoading(true);
    try {
      const page = await dossier.listBatches({ limit: PAGE, ...(after ? { after } : {}) });
      setBatches((previous) => (after ? [...previous, ...page.data] : page.data));
      setHasMore(page.has_more);
    } catch (caught) {
      setError(caught);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    void load();
  }, [dossier]);

  const cancel = async (id: string) => {
    try {
      const cancelled = await dossier.cancelBatch(id);
      setBatches((previous) => previous.map((batch) => (batch.id === id ? cancelled : batch)));
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <section aria-labelledby="batches-heading">
      <h1 id="batches-heading">Batches</h1>
      <ProblemMessage error={error} />
      {batches.length === 0 && !loading ? (
        <p class="notice">
          No batch yet. <a href={hrefOf({ screen: "upload" })}>Upload a spreadsheet</a> to start one.
        </p>
      ) : (
        <div class="table-wrap">
          <table data-testid="batches">
            <caption class="visually-hidden">This key's batches, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Batch</th>
                <th scope="col">Created</th>
                <th scope="col">Status</th>
                <th scope="col">Finished</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {batches.map((batch) => (
                <tr key={batch.id} data-batch={batch.id}>
                  <td>
                    <a class="mono" href={hrefOf({ screen: "batch", id: batch.id })}>
                      {batch.id}
                    </a>
                  </td>
                  <td>{new Date(batch.createdAt).toLocaleString()}</td>
                  <td data-testid="batch-status">{batch.status}</td>
                  <td>
                    {finishedCount(batch)} of {batch.total}
                  </td>
                  <td>
                    {!isFinished(batch) && batch.status !== "cancelled" && (
                      <button
                        type="button"
                        class="danger"
                        onClick={() => void cancel(batch.id)}
                        aria-label={`Cancel batch ${batch.id}`}
                      >
                        Cancel
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div class="actions">
        {hasMore && (
          <button type="button" class="secondary" disabled={loading} onClick={() => void load(batches.at(-1)?.id)}>
            Load older batches
          </button>
        )}
        <button type="button" class="secondary" disabled={loading} onClick={() => void load()}>
          Refresh
        </button>
      </div>
    </section>
  );
}
