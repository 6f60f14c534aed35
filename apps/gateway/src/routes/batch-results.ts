import { DossierError, type Metadata, neutralizeCsvFormula } from "@dossier/contract";
import { type BatchItemOutcome, type BatchStore, type BatchSummary, decodeFailure, withMetadata } from "@dossier/queue";
import type { Response } from "express";
import { problemBody } from "../http/problem.js";

const PAGE = 500;

/** Columns of `?format=csv`, in order; `metadata` (JSON) only for batches whose items carried some. */
export const RESULT_CSV_COLUMNS = [
  "index",
  "ref",
  "status",
  "answerText",
  "answerNumber",
  "confidence",
  "details",
  "sources",
  "errorCode",
  "errorDetail",
] as const;

interface ItemLine {
  index: number;
  ref?: string;
  metadata?: Metadata;
  status: number;
  /** The stored body, as JSON text. */
  resultText?: string;
  problem?: Record<string, unknown>;
}

const cancelledProblem = () =>
  problemBody(new DossierError("BATCH_CANCELLED", { detail: "The batch was cancelled before this item ran." }));

/** The item's result line, or null while it is not finished. */
function toLine(item: BatchItemOutcome, batchStatus: BatchSummary["status"]): ItemLine | null {
  const base = {
    index: item.index,
    ...(item.ref !== undefined ? { ref: item.ref } : {}),
    ...(item.metadata ? { metadata: item.metadata } : {}),
  };
  if (item.problem) return { ...base, status: Number(item.problem.status ?? 422), problem: item.problem };
  if (item.resolution?.status === "done") return { ...base, status: 200, resultText: item.resolution.body };
  if (item.resolution === undefined && item.waiting) return null;
  if (item.resolution === undefined && batchStatus === "cancelled")
    return { ...base, status: 409, problem: cancelledProblem() };
  if (item.resolution === undefined && batchStatus !== "done") return null;
  const error = decodeFailure(item.resolution?.status === "failed" ? item.resolution.failure : undefined);
  return { ...base, status: error.status, problem: problemBody(error) };
}

/**
 * One NDJSON line. An answered item's metadata goes in its result, as the synchronous call returns
 * it; a failed item's beside its problem.
 */
function ndjson(line: ItemLine): string {
  const answered = line.resultText !== undefined;
  const head = JSON.stringify({
    index: line.index,
    ...(line.ref !== undefined ? { ref: line.ref } : {}),
    status: line.status,
    ...(!answered && line.metadata ? { metadata: line.metadata } : {}),
  });
  const tail = answered
    ? `"result":${withMetadata(line.resultText!, line.metadata ?? null)}`
    : `"problem":${JSON.stringify(line.problem)}`;
  return `${head.slice(0, -1)},${tail}}\n`;
}

/** One CSV field: formula-neutralized (`ref`, answers and details come from callers and web pages), then quoted if needed. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = neutralizeCsvFormula(String(value));
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The optional last columns of a batch's CSV: `answerObject` when its items asked for one, then `metadata`. */
function extraColumns(summary: BatchSummary): string[] {
  return [
    ...(summary.itemsHaveOutputSchema ? ["answerObject"] : []),
    ...(summary.itemsHaveMetadata ? ["metadata"] : []),
  ];
}

function csv(line: ItemLine, extra: readonly string[]): string {
  const result = line.resultText !== undefined ? (JSON.parse(line.resultText) as Record<string, unknown>) : {};
  const sources = Array.isArray(result.sources) ? result.sources.join(" ") : "";
  const values = [
    line.index,
    line.ref,
    line.status,
    result.answerText,
    result.answerNumber,
    result.confidence,
    result.details,
    sources,
    line.problem?.code,
    line.problem?.detail,
    ...extra.map((column) => {
      const value = column === "metadata" ? line.metadata : result.answerObject;
      return value ? JSON.stringify(value) : undefined;
    }),
  ];
  return `${values.map(csvField).join(",")}\r\n`;
}

/**
 * Streams a batch's results in item order, a page of items at a time: every line after the item
 * `after` (from the first without it), up to the first item not finished yet. A finished batch has
 * none, so it streams to its last line; a running one streams the lines that can be read in order,
 * so that a reader who asks again with the last index it got never misses a line.
 */
export async function writeBatchResults(
  response: Response,
  batches: BatchStore,
  summary: BatchSummary,
  format: "ndjson" | "csv",
  after = -1,
): Promise<void> {
  response.status(200);
  response.setHeader("Content-Type", format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson");
  response.setHeader("Cache-Control", "no-store");
  response.setHeader("X-Batch-Status", summary.status);
  const extra = extraColumns(summary);
  const columns: string[] = [...RESULT_CSV_COLUMNS, ...extra];
  if (format === "csv") response.write(`${columns.join(",")}\r\n`);
  for (let start = after + 1; start < summary.total; start += PAGE) {
    const items = await batches.readItems(summary.id, start, PAGE);
    const lines: ItemLine[] = [];
    for (const item of items) {
      const line = toLine(item, summary.status);
      if (line === null) break;
      lines.push(line);
    }
    const text = lines.map((line) => (format === "csv" ? csv(line, extra) : ndjson(line))).join("");
    if (!response.write(text)) await new Promise<void>((resolve) => response.once("drain", resolve));
    if (lines.length < items.length) break;
  }
  response.end();
}
