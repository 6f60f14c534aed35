import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import {
  type BatchItem,
  type BatchResultLine,
  columnMapping,
  DossierApiError,
  newIdempotencyKey,
  recordsBesideInput,
  subjectOf,
  writeCsv,
} from "@dossier/client";
import type { Config } from "@dossier/config";
import { Command } from "commander";
import { parse } from "csv-parse/sync";
import { GATEWAY_FLAG_HELP, gatewayClient } from "../gateway-client.js";
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
  /** `idempotencyKey` is chosen before a chunk is sent, so a resubmission after a crash finds the same batch. */
  chunks: Array<{ rows: number[]; idempotencyKey?: string; batchId?: string; done?: boolean }>;
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
 * Refusals of a submission that pass with time: too many open batches, too many calls or batch
 * items this minute, too many batch items kept. The chunk is submitted again on a later round.
 */
const WAIT_AND_RESUBMIT = new Set(["BATCH_LIMIT_REACHED", "RATE_LIMITED", "BATCH_STORAGE_LIMIT_REACHED"]);

/** A 422 whose errors all name items: the batch held no valid item. */
function isAllItemsInvalid(error: DossierApiError): boolean {
  const errors = error.problem.errors ?? [];
  return (
    error.code === "REQUEST_VALIDATION_FAILED" &&
    errors.length > 0 &&
    errors.every((entry) => entry.path.startsWith("items["))
  );
}

/** The result of the `index`-th row of a chunk refused because all its rows were invalid. */
function invalidRowResult(error: DossierApiError, index: number): RowResult {
  const listed = (error.problem.errors ?? []).find(
    (entry) => entry.path === `items[${index}]` || entry.path.startsWith(`items[${index}].`),
  );
  return {
    status: 422,
    answerText: "",
    answerNumber: "",
    confidence: "",
    details: "",
    sources: "",
    error: `REQUEST_VALIDATION_FAILED: ${listed ? `${listed.path.replace(/^items\[\d+\]\.?/, "") || "item"} ${listed.message}` : "the request is invalid"}`,
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
    .option("--url <url>", GATEWAY_FLAG_HELP.url)
    .option("--key <key>", GATEWAY_FLAG_HELP.key)
    .option("--chunk-size <rows>", "rows per submitted batch", "1000")
    .option("--poll-ms <milliseconds>", "how often to poll progress", "1000")
    .action(async (input: string, options: BatchOptions) => {
      if (options.type !== "company" && options.type !== "person") throw new Error("--type must be company or person");
      const dossier = gatewayClient(loadConfig(), options);

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
        const records = recordsBesideInput({
          inputColumns,
          resultColumns: RESULT_COLUMNS,
          rows: rows.map((row, index) => {
            const result = state.results[index];
            return {
              input: row,
              result: result && Object.fromEntries(RESULT_COLUMNS.map((column) => [column, String(result[column])])),
            };
          }),
        });
        // Answers and details come from web pages, and the file is meant for spreadsheets: writeCsv
        // neutralizes formulas.
        await writeFile(`${options.out}.tmp`, writeCsv(records));
        await rename(`${options.out}.tmp`, options.out);
      };

      const progress = new BatchProgress(rows.length, Object.keys(state.results).length);
      const pollMs = Math.max(50, Number(options.pollMs));
      for (;;) {
        let inFlight = 0;
        for (const chunk of state.chunks.filter((candidate) => !candidate.done)) {
          if (!chunk.batchId) {
            const items = chunk.rows.map(
              (row): BatchItem => ({
                type: options.type,
                ref: String(row),
                request: requestOf(rows[row]!) as BatchItem["request"],
              }),
            );
            if (!chunk.idempotencyKey) {
              chunk.idempotencyKey = newIdempotencyKey();
              await saveJson(statePath, state);
            }
            try {
              // Too many open batches: poll the others and submit this one on a later round.
              const created = await dossier.createBatch(
                { items },
                { idempotencyKey: chunk.idempotencyKey, maxRetries: 0 },
              );
              chunk.batchId = created.id;
            } catch (error) {
              if (error instanceof DossierApiError && WAIT_AND_RESUBMIT.has(error.code)) continue;
              // Every row of the chunk is invalid: the API stores no such batch; each row gets its 422.
              if (error instanceof DossierApiError && isAllItemsInvalid(error)) {
                for (const [index, row] of chunk.rows.entries()) state.results[row] = invalidRowResult(error, index);
                chunk.done = true;
                await saveJson(statePath, state);
                await writeOutput();
                continue;
              }
              throw error;
            }
            await saveJson(statePath, state);
          }
          const status = await dossier.getBatch(chunk.batchId);
          if (status.status !== "done" && !(status.status === "cancelled" && status.finishedAt !== null)) {
            inFlight += status.completed + status.failed + (status.cancelled ?? 0);
            continue;
          }
          for await (const line of dossier.batchResults(chunk.batchId)) {
            if (line.ref !== undefined) state.results[line.ref] = resultOf(line);
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
