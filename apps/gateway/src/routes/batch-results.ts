import { type Metadata, neutralizeCsvFormula } from "@dossier/contract";
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

function toLine(item: BatchItemOutcome): ItemLine {
  const base = {
    index: item.index,
    ...(item.ref !== undefined ? { ref: item.ref } : {}),
    ...(item.metadata ? { metadata: item.metadata } : {}),
  };
  if (item.problem) return { ...base, status: Number(item.problem.status ?? 422), problem: item.problem };
  if (item.resolution?.status === "done") return { ...base, status: 200, resultText: item.resolution.body };
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

function csv(line: ItemLine, withMetadataColumn: boolean): string {
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
    ...(withMetadataColumn ? [line.metadata ? JSON.stringify(line.metadata) : undefined] : []),
  ];
  return `${values.map(csvField).join(",")}\r\n`;
}

/** Streams a finished batch's results in item order, a page of items at a time. */
export async function writeBatchResults(
  response: Response,
  batches: BatchStore,
  summary: BatchSummary,
  format: "ndjson" | "csv",
): Promise<void> {
  response.status(200);
  response.setHeader("Content-Type", format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson");
  response.setHeader("Cache-Control", "no-store");
  const columns: string[] = [...RESULT_CSV_COLUMNS, ...(summary.itemsHaveMetadata ? ["metadata"] : [])];
  if (format === "csv") response.write(`${columns.join(",")}\r\n`);
  for (let start = 0; start < summary.total; start += PAGE) {
    const items = await batches.readItems(summary.id, start, PAGE);
    const text = items
      .map((item) => (format === "csv" ? csv(toLine(item), summary.itemsHaveMetadata) : ndjson(toLine(item))))
      .join("");
    if (!response.write(text)) await new Promise<void>((resolve) => response.once("drain", resolve));
  }
  response.end();
}
