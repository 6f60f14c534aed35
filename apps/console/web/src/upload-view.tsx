import {
  type BatchItem,
  carriedColumns,
  columnMapping,
  type Dossier,
  parseCsv,
  rowMetadata,
  SUBJECT_FIELDS,
  type SubjectType,
  subjectOf,
} from "@dossier/client";
import { useState } from "preact/hooks";
import { optionsOf, ResponseTypeFields, type ResponseTypeName, SubjectTypeChoice, TextField } from "./fields.js";
import { ProblemMessage } from "./problem-message.js";
import { navigate } from "./route.js";

/** A CSV file as read: its name, header and rows. */
interface CsvFile {
  name: string;
  headers: string[];
  rows: Array<Record<string, string>>;
}

/** Rows shown in the preview. */
const PREVIEW_ROWS = 3;

/** The mapping `dossier batch` would make of these columns, or an empty one when no column is known. */
function defaultMapping(headers: string[], type: SubjectType): Record<string, string> {
  try {
    return Object.fromEntries(columnMapping(headers, type));
  } catch {
    return {};
  }
}

/** Which columns come back beside the results (as each row's metadata), and which cannot. */
function KeptColumns({ headers }: { headers: string[] }) {
  const { carried, left } = carriedColumns(headers);
  return (
    <p class="hint" data-testid="kept-columns">
      {carried.length > 0
        ? `Shown beside each result and in the CSV download: ${carried.join(", ")}.`
        : "No column can be shown beside the results."}
      {left.length > 0 &&
        ` Not kept (a result carries at most 16 columns, each with a header of 1 to 64 characters that is not a reserved name such as "constructor"): ${left.map((header) => header || "(unnamed)").join(", ")}.`}
    </p>
  );
}

/**
 * Upload a CSV of companies or people, map its columns to fields (as `pnpm dossier batch` maps
 * them), ask one question of every row, and submit them as a batch.
 */
export function UploadView({ dossier }: { dossier: Dossier }) {
  const [file, setFile] = useState<CsvFile | null>(null);
  const [type, setType] = useState<SubjectType>("company");
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [question, setQuestion] = useState("");
  const [responseType, setResponseType] = useState<ResponseTypeName>("TEXT");
  const [options, setOptions] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const chooseType = (next: SubjectType) => {
    setType(next);
    if (file) setMapping(defaultMapping(file.headers, next));
  };

  const readFile = async (input: HTMLInputElement) => {
    setReadError(null);
    const chosen = input.files?.[0];
    if (!chosen) return;
    const { headers, rows } = parseCsv(await chosen.text());
    if (headers.length === 0 || rows.length === 0) {
      setFile(null);
      setReadError(`${chosen.name} has no rows under a header row.`);
      return;
    }
    setFile({ name: chosen.name, headers, rows });
    setMapping(defaultMapping(headers, type));
  };

  const mapped = Object.entries(mapping).filter(([, field]) => field !== "");

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!file) return;
    setSubmitting(true);
    setError(null);
    const fields = new Map(mapped);
    const { carried } = carriedColumns(file.headers);
    const items = file.rows.map(
      (row, index): BatchItem => ({
        type,
        ref: String(index),
        // Cells are text; the gateway checks each row and fails only the bad ones, naming their fields.
        request: {
          question,
          responseType,
          ...(responseType === "OPTION" || responseType === "OPTIONS" ? { responseOptions: optionsOf(options) } : {}),
          [type]: subjectOf(row, fields),
          // The row's own cells come back with its result, so each answer can be matched to its row.
          ...(carried.length > 0 ? { metadata: rowMetadata(row, carried) } : {}),
        } as BatchItem["request"],
      }),
    );
    try {
      const batch = await dossier.createBatch({ items });
      navigate({ screen: "batch", id: batch.id });
    } catch (caught) {
      setError(caught);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby="upload-heading" noValidate>
      <h1 id="upload-heading">Research a spreadsheet</h1>
      <p class="hint">
        Each row becomes one question about a company or a person. Columns are matched to fields by their header, as
        <code> pnpm dossier batch </code> does; change any below.
      </p>
      <div class="layout-two">
        <div>
          <div class="field">
            <label for="csv-file">CSV file</label>
            <input
              id="csv-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => void readFile(event.currentTarget)}
            />
            <span class="hint">With a header row. Up to 10,000 rows.</span>
          </div>
          {readError && (
            <p class="problem" role="alert">
              {readError}
            </p>
          )}
          <SubjectTypeChoice name="upload-type" value={type} onValue={chooseType} />
          <TextField
            id="batch-question"
            label="Question for every row"
            value={question}
            onValue={setQuestion}
            multiline
            required
          />
          <ResponseTypeFields
            idPrefix="batch"
            responseType={responseType}
            onResponseType={setResponseType}
            options={options}
            onOptions={setOptions}
          />
        </div>
        <div>
          {file ? (
            <>
              <h2>
                {file.name}: {file.rows.length} {file.rows.length === 1 ? "row" : "rows"}
              </h2>
              <table aria-label="Column mapping">
                <thead>
                  <tr>
                    <th scope="col">Column</th>
                    <th scope="col">Field</th>
                    <th scope="col">First rows</th>
                  </tr>
                </thead>
                <tbody>
                  {file.headers.map((header, index) => (
                    <tr key={header}>
                      <th scope="row">
                        <label for={`map-${index}`}>{header}</label>
                      </th>
                      <td>
                        <select
                          id={`map-${index}`}
                          value={mapping[header] ?? ""}
                          onChange={(event) =>
                            setMapping((previous) => ({ ...previous, [header]: event.currentTarget.value }))
                          }
                        >
                          <option value="">(not used)</option>
                          {SUBJECT_FIELDS[type].map((field) => (
                            <option key={field} value={field}>
                              {field}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td class="hint">
                        {file.rows
                          .slice(0, PREVIEW_ROWS)
                          .map((row) => row[header])
                          .filter(Boolean)
                          .join(", ")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <KeptColumns headers={file.headers} />
              {mapped.length === 0 && (
                <p class="problem" role="alert">
                  No column is matched to a field yet: choose at least one.
                </p>
              )}
            </>
          ) : (
            <p class="notice">Choose a CSV file to see how its columns map.</p>
          )}
        </div>
      </div>
      <ProblemMessage error={error} />
      <div class="actions">
        <button type="submit" disabled={!file || mapped.length === 0 || submitting}>
          {submitting
            ? "Submitting…"
            : file
              ? `Research ${file.rows.length} ${file.rows.length === 1 ? "row" : "rows"}`
              : "Research"}
        </button>
      </div>
    </form>
  );
}
