import {
  type BatchResultLine,
  type BatchStatus,
  citationsOf,
  type Dossier,
  recordsBesideInput,
  writeCsv,
} from "@dossier/client";
import { useEffect, useState } from "preact/hooks";
import { downloadText } from "./download.js";
import { hostOf } from "./host-of.js";
import { ProblemMessage } from "./problem-message.js";
import {
  answerInWords,
  inputColumnsOf,
  inputOf,
  isAnswered,
  outcomeInWords,
  percentOf,
  RESULT_COLUMNS,
  resultCellsOf,
} from "./result-words.js";

/** Lines the table shows at most; the downloads hold them all. */
const TABLE_LIMIT = 1_000;

/** True when no item of the batch will change any more. */
export function isFinished(batch: BatchStatus): boolean {
  return batch.status === "done" || (batch.status === "cancelled" && batch.finishedAt !== null);
}

export function finishedCount(batch: BatchStatus): number {
  return batch.completed + batch.failed + (batch.cancelled ?? 0);
}

/** A batch's progress bar, fed by its event stream. */
export function BatchProgress({ batch }: { batch: BatchStatus }) {
  const finished = finishedCount(batch);
  return (
    <div class="progress-block">
      <label for="batch-progress">
        {batch.status === "cancelled" ? "Cancelled" : isFinished(batch) ? "Finished" : "Progress"}: {finished} of{" "}
        {batch.total}
      </label>
      <progress id="batch-progress" max={batch.total} value={finished} data-testid="batch-progress" />
      <p class="counts" aria-live="polite" data-testid="batch-counts">
        {batch.completed} answered · {batch.failed} failed
        {batch.cancelled ? ` · ${batch.cancelled} cancelled` : ""} · {STATE_WORDS[batch.status]}
      </p>
    </div>
  );
}

/** A batch's state in words. */
const STATE_WORDS: Record<BatchStatus["status"], string> = {
  queued: "waiting to start",
  running: "running",
  done: "finished",
  cancelled: "cancelled",
};

/** The line as the API sent it, one click away. */
function RawLine({ line }: { line: BatchResultLine }) {
  return (
    <details class="raw">
      <summary>JSON</summary>
      <pre>{JSON.stringify(line, null, 2)}</pre>
    </details>
  );
}

function ResultRow({ line, inputColumns }: { line: BatchResultLine; inputColumns: readonly string[] }) {
  const result = line.result;
  const input = inputOf(line);
  const leading = (
    <>
      <td>{line.index + 1}</td>
      {inputColumns.map((column) => (
        <td key={column} data-column={column}>
          {input[column] ?? ""}
        </td>
      ))}
      <td class={isAnswered(line) ? "status-ok" : line.result ? "" : "status-bad"} data-column="Result">
        {outcomeInWords(line)}
      </td>
    </>
  );
  if (!result) {
    return (
      <tr>
        {leading}
        <td colSpan={3} />
        <td>
          <RawLine line={line} />
        </td>
      </tr>
    );
  }
  const sources = citationsOf(result);
  return (
    <tr>
      {leading}
      <td data-column="Answer">
        <strong>{answerInWords(result) ?? "No answer"}</strong>
        <div class="hint">{result.details}</div>
      </td>
      <td>{percentOf(result.confidence)}</td>
      <td class="source-links">
        {sources.map((source, index) => (
          <a
            key={source.url}
            href={source.url}
            target="_blank"
            rel="noopener noreferrer"
            title={source.quote ? `“${source.quote}”` : source.url}
          >
            [{index + 1}] {source.title ?? hostOf(source.url)}
          </a>
        ))}
      </td>
      <td>
        <RawLine line={line} />
      </td>
    </tr>
  );
}

/**
 * The CSV a person opens in a spreadsheet: the row number and the columns the rows carried (the
 * uploaded file's), then the result in words, as `dossier batch` writes its file.
 */
export function resultsCsv(lines: readonly BatchResultLine[]): string {
  const cells = lines.map(resultCellsOf);
  const extra = new Set<string>();
  for (const row of cells)
    for (const column of Object.keys(row))
      if (!(RESULT_COLUMNS as readonly string[]).includes(column)) extra.add(column);
  const carried = inputColumnsOf(lines).filter((column) => column !== "Row");
  return writeCsv(
    recordsBesideInput({
      inputColumns: ["Row", ...carried],
      resultColumns: [...RESULT_COLUMNS, ...extra],
      rows: lines.map((line, index) => ({
        input: { ...inputOf(line), Row: String(line.index + 1) },
        result: cells[index],
      })),
    }),
  );
}

/**
 * One batch: a progress bar fed by Server-Sent Events, the result lines as they finish (read with
 * `?after=`), a cancel button while it runs, and NDJSON and CSV downloads once it is finished.
 */
export function BatchView({ dossier, id }: { dossier: Dossier; id: string }) {
  const [batch, setBatch] = useState<BatchStatus | null>(null);
  const [lines, setLines] = useState<BatchResultLine[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    let last = -1;
    let reading: Promise<void> = Promise.resolve();
    // One reader at a time, each taking the lines finished since the last one read.
    const readLines = () => {
      reading = reading.then(async () => {
        const fresh: BatchResultLine[] = [];
        for await (const line of dossier.batchResults(id, { after: last, signal })) {
          last = line.index;
          if (last < TABLE_LIMIT) fresh.push(line);
        }
        if (fresh.length > 0) setLines((previous) => [...previous, ...fresh]);
      });
      return reading;
    };
    (async () => {
      setBatch(await dossier.getBatch(id, { signal }));
      await readLines();
      for await (const event of dossier.events({ batchId: id }, { signal })) {
        setBatch(event.data);
        await readLines();
      }
    })().catch((caught: unknown) => {
      if (!signal.aborted) setError(caught);
    });
    return () => abort.abort();
  }, [dossier, id]);

  const cancel = async () => {
    setCancelling(true);
    try {
      setBatch(await dossier.cancelBatch(id));
    } catch (caught) {
      setError(caught);
    } finally {
      setCancelling(false);
    }
  };

  const download = async (format: "ndjson" | "csv") => {
    try {
      if (format === "csv") {
        const all: BatchResultLine[] = [];
        for await (const line of dossier.batchResults(id)) all.push(line);
        downloadText(resultsCsv(all), `dossier-${id}.csv`, "text/csv");
        return;
      }
      const text = await dossier.batchResultsText(id, { format });
      downloadText(text, `dossier-${id}.${format}`, "application/x-ndjson");
    } catch (caught) {
      setError(caught);
    }
  };

  const inputColumns = inputColumnsOf(lines);

  return (
    <section aria-labelledby="batch-heading">
      <h1 id="batch-heading">
        Batch <span class="mono">{id}</span>
      </h1>
      <ProblemMessage error={error} />
      {batch && (
        <>
          <BatchProgress batch={batch} />
          <div class="actions">
            {!isFinished(batch) && batch.status !== "cancelled" && (
              <button type="button" class="danger" onClick={cancel} disabled={cancelling}>
                {cancelling ? "Cancelling…" : "Cancel batch"}
              </button>
            )}
            <button type="button" class="secondary" disabled={!isFinished(batch)} onClick={() => void download("csv")}>
              Download CSV
            </button>
            <button
              type="button"
              class="secondary"
              disabled={!isFinished(batch)}
              onClick={() => void download("ndjson")}
            >
              Download NDJSON
            </button>
            {!isFinished(batch) && <span class="hint">Downloads are ready when the batch has finished.</span>}
          </div>
          <h2>Results</h2>
          {lines.length === 0 ? (
            <p class="notice">No row has finished yet.</p>
          ) : (
            <div class="table-wrap">
              <table data-testid="results">
                <caption class="visually-hidden">Results, one row per item, in the file's order</caption>
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    {inputColumns.map((column) => (
                      <th scope="col" key={column}>
                        {column}
                      </th>
                    ))}
                    <th scope="col">Result</th>
                    <th scope="col">Answer</th>
                    <th scope="col">Confidence</th>
                    <th scope="col">Sources</th>
                    <th scope="col">Raw</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => (
                    <ResultRow key={line.index} line={line} inputColumns={inputColumns} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {batch.total > TABLE_LIMIT && (
            <p class="hint">The table shows the first {TABLE_LIMIT} rows; the downloads hold all of them.</p>
          )}
        </>
      )}
    </section>
  );
}
