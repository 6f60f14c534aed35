import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import type { Config } from "@dossier/config";
import { type BatchResultLine, neutralizeCsvFormula } from "@dossier/contract";
import { Command } from "commander";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { columnMapping, subjectOf } from "./batch-mapping.js";
import { BatchProgress } from "./batch-progress.js";

interface BatchOptions {
  type: "company" | "person";
  question: string;
  responseType?: string;
  option?: string[];
  context?: string;
  out: string;
  map?: string[];
  url?: string;
  key?: string;
  chunkSize: string;
  pollMs: string;
}

/** What one finished row gets in the output, beside its input columns. */
interface RowResult {
  status: number;
  answerText: string;
  answerNumber: string;
  confidence: string;
  details: string;
  sources: string;
  error: string;
}

/** The state file next to `--out`: which rows went into which batch, and the rows finished. */
interface BatchState {
  fingerprint: string;
  chunks: Array<{ rows: number[]; batchId?: string; done?: boolean }>;
  results: Record<string, RowResult>;
}

export const RESULT_COLUMNS = [
  "status",
  "answerText",
  "answerNumber",
  "confidence",
  "details",
  "sources",
  "error",
] as const;

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function saveJson(path: string, value: unknown): Promise<void> {
  await writeFile(`${path}.tmp`, JSON.stringify(value));
  await rename(`${path}.tmp`, path);
}

function resultOf(line: BatchResultLine): RowResult {
  const { result, problem } = line;
  return {
    status: line.status,
    answerText: result?.answerText ?? "",
    answerNumber:
      result?.answerNumber === null || result?.answerNumber === undefined ? "" : String(result.answerNumber),
    confidence: result === undefined ? "" : String(result.confidence),
    details: result?.details ?? "",
    sources: result ? result.sources.join(" ") : "",
    error: problem ? `${problem.code}: ${problem.detail}` : "",
  };
}

/**
 * `dossier batch leads.csv --type company --question "..." --out results.csv`: submits the rows as
 * batches, shows progress, and writes the input columns with the results beside them. The state
 * file `<out>.state.json` records submitted batches and finished rows, so a run stopped by Ctrl-C
 * or a crash resumes where it was: finished rows are kept and submitted batches are polled again,
 * never sent twice.
 */
export function batchCommand(loadConfig: () => Config): Command {
  return new Command("batch")
    .description("research every row of a CSV file and write the answers beside its columns")
    .argument("<input>", "CSV file with a header row")
    .requiredOption("--type <type>", "company or person")
    .requiredOption("--question <question>", "the question asked of every row")
    .requiredOption("--out <file>", "CSV file to write")
    .option("--response-type <type>", "TEXT, BOOL, NUMBER, DATE, URL, OPTION or OPTIONS")
    .option("--option <value...>", "a response option (repeat for several)")
    .option("--context <text>", "extra context for every row")
    .option(
      "--map <column=field...>",
      'CSV column to request field, e.g. "Company Name=name" or "Employer=company.name"',
    )
    .option("--url <url>", "gateway base URL (default http://127.0.0.1:$PORT)")
    .option("--key <key>", "API key (default DOSSIER_API_KEY, else the first of API_KEYS)")
    .option("--chunk-size <rows>", "rows per submitted batch", "1000")
    .option("--poll-ms <milliseconds>", "how often to poll progress", "1000")
    .action(async (input: string, options: BatchOptions) => {
      if (options.type !== "company" && options.type !== "person") throw new Error("--type must be company or person");
      const config = loadConfig();
      const key = options.key ?? process.env.DOSSIER_API_KEY ?? config.apiKeys[0];
      if (!key)
        throw new Error(
          "No API key: pass --key, set DOSSIER_API_KEY, or make one with `dossier keys create --name me`.",
        );
      const base = options.url ?? `http://127.0.0.1:${config.port}`;
      const headers = { "content-type": "application/json", "x-api-key": key };

      const text = await readFile(input, "utf8");
      const rows = parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Array<Record<string, string>>;
      const inputColumns = Object.keys(rows[0] ?? {});
      const mapping = columnMapping(inputColumns, options.type, options.map);
      const requestOf = (row: Record<string, string>) => ({
        question: options.question,
        ...(options.responseType ? { responseType: options.responseType } : {}),
        ...(options.option ? { responseOptions: options.option } : {}),
        ...(options.context ? { context: options.context } : {}),
        [options.type]: subjectOf(row, mapping),
      });

      const fingerprint = createHash("sha256")
        .update(text)
        .update(
          JSON.stringify([
            options.type,
            options.question,
            options.responseType,
            options.option,
            options.context,
            [...mapping],
          ]),
        )
        .digest("hex");
      const statePath = `${options.out}.state.json`;
      let state: BatchState = { fingerprint, chunks: [], results: {} };
      if (existsSync(statePath)) {
        const saved = JSON.parse(await readFile(statePath, "utf8")) as BatchState;
        if (saved.fingerprint === fingerprint) state = saved;
        else process.stderr.write(`dossier: ${statePath} belongs to other input or options; starting over\n`);
      }
      const planned = new Set(state.chunks.filter((chunk) => !chunk.done).flatMap((chunk) => chunk.rows));
      const fresh = rows
        .map((_, index) => index)
        .filter((index) => state.results[index] === undefined && !planned.has(index));
      const chunkSize = Math.max(1, Number(options.chunkSize));
      for (let start = 0; start < fresh.length; start += chunkSize)
        state.chunks.push({ rows: fresh.slice(start, start + chunkSize) });
      await saveJson(statePath, state);

      const writeOutput = async () => {
        const records = rows.map((row, index) => {
          const result = state.results[index];
          return [
            ...inputColumns.map((column) => row[column] ?? ""),
            ...RESULT_COLUMNS.map((column) => (result ? String(result[column]) : "")),
          ];
        });
        // Answers and details come from web pages, and the file is meant for spreadsheets.
        const cells = [[...inputColumns, ...RESULT_COLUMNS], ...records].map((record) =>
          record.map(neutralizeCsvFormula),
        );
        await writeFile(`${options.out}.tmp`, stringify(cells));
        await rename(`${options.out}.tmp`, options.out);
      };

      const progress = new BatchProgress(rows.length, Object.keys(state.results).length);
      const pollMs = Math.max(50, Number(options.pollMs));
      for (;;) {
        let inFlight = 0;
        for (const chunk of state.chunks.filter((candidate) => !candidate.done)) {
          if (!chunk.batchId) {
            const items = chunk.rows.map((row) => ({
              type: options.type,
              ref: String(row),
              request: requestOf(rows[row]!),
            }));
            const response = await fetch(`${base}/v1/batches`, {
              method: "POST",
              headers,
              body: JSON.stringify({ items }),
            });
            if (response.status === 429) continue;
            if (response.status !== 202)
              throw new Error(`submitting a batch failed: ${response.status} ${await response.text()}`);
            chunk.batchId = ((await response.json()) as { id: string }).id;
            await saveJson(statePath, state);
          }
          const statusResponse = await fetch(`${base}/v1/batches/${chunk.batchId}`, { headers });
          if (!statusResponse.ok)
            throw new Error(
              `polling batch ${chunk.batchId} failed: ${statusResponse.status} ${await statusResponse.text()}`,
            );
          const status = (await statusResponse.json()) as { status: string; completed: number; failed: number };
          if (status.status !== "done") {
            inFlight += status.completed + status.failed;
            continue;
          }
          const results = await fetch(`${base}/v1/batches/${chunk.batchId}/results`, { headers });
          if (!results.ok) throw new Error(`reading results of ${chunk.batchId} failed: ${results.status}`);
          for (const line of (await results.text()).split("\n").filter(Boolean)) {
            const parsed = JSON.parse(line) as BatchResultLine;
            if (parsed.ref !== undefined) state.results[parsed.ref] = resultOf(parsed);
          }
          chunk.done = true;
          await saveJson(statePath, state);
          await writeOutput();
        }
        progress.update(Object.keys(state.results).length + inFlight);
        if (state.chunks.every((chunk) => chunk.done)) break;
        await sleep(pollMs);
      }
      await writeOutput();
      const failed = Object.values(state.results).filter((result) => result.status !== 200).length;
      progress.finish(
        `dossier: ${rows.length} rows written to ${options.out}${failed > 0 ? ` (${failed} failed; see the error column)` : ""}`,
      );
    });
}
