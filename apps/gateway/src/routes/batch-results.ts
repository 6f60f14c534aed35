import { neutralizeCsvFormula } from "@dossier/contract";
import { type BatchItemOutcome, type BatchStore, type BatchSummary, decodeFailure } from "@dossier/queue";
import type { Response } from "express";
import { problemBody } from "../http/problem.js";

const PAGE = 500;

/** Columns of `?format=csv`, in order. */
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
  status: number;
  /** The stored body, as JSON text. */
  resultText?: string;
  problem?: Record<string, unknown>;
}

function toLine(item: BatchItemOutcome): ItemLine {
  const base = { index: item.index, ...(item.ref !== undefined ? { ref: item.ref } : {}) };
  if (item.problem) return { ...base, status: Number(item.problem.status ?? 422), problem: item.problem };
  if (item.resolution?.status === "done") return { ...base, status: 200, resultText: item.resolution.body };
  const error = decodeFailure(item.resolution?.status === "failed" ? item.resolution.failure : undefined);
  return { ...base, status: error.status, problem: problemBody(error) };
}

function ndjson(line: ItemLine): string {
  const head = JSON.stringify({
    index: line.index,
    ...(line.ref !== undefined ? { ref: line.ref } : {}),
    status: line.status,
  });
  const tail =
    line.resultText !== undefined ? `"result":${line.resultText}` : `"problem":${JSON.stringify(line.problem)}`;
  return `${head.slice(0, -1)},${tail}}\n`;
}

/** One CSV field: formula-neutralized (`ref`, answers and details come from callers and web pages), then quoted if needed. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = neutralizeCsvFormula(String(value));
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csv(line: ItemLine): string {
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
  if (format === "csv") response.write(`${RESULT_CSV_COLUMNS.join(",")}\r\n`);
  for (let start = 0; start < summary.total; start += PAGE) {
    const items = await batches.readItems(summary.id, start, PAGE);
    const text = items.map((item) => (format === "csv" ? csv(toLine(item)) : ndjson(toLine(item)))).join("");
    if (!response.write(text)) await new Promise<void>((resolve) => response.once("drain", resolve));
  }
  response.end();
}
