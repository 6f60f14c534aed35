import { ExtractionPool, extractPage } from "@dossier/research";
import { formatNumber, formatTable } from "../report/format-table.js";
import type { BenchSettings } from "./bench-settings.js";

/** A table page of about `bytes` characters: rows of a company list, as long directory pages are. */
function largePage(bytes: number): string {
  const rows: string[] = [];
  let size = 0;
  for (let index = 0; size < bytes; index += 1) {
    const row = `<tr><td>SYM${index}</td><td>Company ${index} Holdings</td><td>Industrials</td><td>City ${index}, State</td><td>${1900 + (index % 120)}</td></tr>`;
    rows.push(row);
    size += row.length;
  }
  return `<!doctype html><html><head><title>List of companies</title></head><body><main><h1>List of companies</h1><table><tr><th>Symbol</th><th>Security</th><th>Sector</th><th>Headquarters</th><th>Founded</th></tr>${rows.join("")}</table></main></body></html>`;
}

/** What the event loop saw while pages were extracted one way. */
export interface ExtractionFigures {
  mode: string;
  pages: number;
  wallMs: number;
  /** Longest gap between two runs of a 5 ms timer: how long the event loop was held at most, in milliseconds. */
  maxDelayMs: number;
  /** 99th percentile of those gaps, in milliseconds. */
  p99DelayMs: number;
}

async function measure(
  mode: string,
  pages: string[],
  extract: (text: string, index: number) => unknown,
): Promise<ExtractionFigures> {
  // A timer every 5 ms, as a worker's other jobs and lock renewals need the loop: the gaps between
  // its runs are how long the loop was held.
  const gaps: number[] = [];
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }, 5);
  const started = performance.now();
  // Each page as a job would read it: started from the event loop, one after another settling.
  await Promise.all(
    pages.map(async (text, index) => {
      await new Promise((resolve) => setImmediate(resolve));
      return extract(text, index);
    }),
  );
  const wallMs = performance.now() - started;
  // Let the timer that a blocked loop held back fire, so that the histogram sees the block.
  await new Promise((resolve) => setTimeout(resolve, 50));
  clearInterval(ticker);
  const sorted = gaps.sort((a, b) => a - b);
  return {
    mode,
    pages: pages.length,
    wallMs,
    maxDelayMs: sorted.at(-1) ?? 0,
    p99DelayMs: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0,
  };
}

/**
 * Extracts four 2 MB pages on the event loop and through the extraction pool, and reports how long
 * the event loop was blocked: what every other job of a worker waits while a large page is read.
 */
export async function runExtractionBench(settings: BenchSettings): Promise<ExtractionFigures[]> {
  const text = largePage(2_000_000);
  const pages = Array.from({ length: 4 }, () => text);
  const input = (page: string, index: number) => ({
    url: `https://list.example/${index}`,
    contentType: "text/html",
    text: page,
  });
  settings.log("extraction: warm-up");
  extractPage(input(text, 99));
  settings.log("extraction: on the event loop");
  const inline = await measure("on the event loop", pages, (page, index) => extractPage(input(page, index)));
  const pool = new ExtractionPool({ threads: 1 });
  await pool.extract(input(text, 98));
  settings.log("extraction: one extraction thread");
  const pooled = await measure("one extraction thread (EXTRACTION_THREADS=1)", pages, (page, index) =>
    pool.extract(input(page, index)),
  );
  await pool.close();
  return [inline, pooled];
}

export function formatExtractionFigures(figures: readonly ExtractionFigures[]): string {
  return formatTable(
    ["extraction of four 2 MB pages", "wall ms", "event loop blocked at most, ms", "p99 timer gap ms"],
    figures.map((entry) => [
      entry.mode,
      formatNumber(entry.wallMs, 0),
      formatNumber(entry.maxDelayMs, 0),
      formatNumber(entry.p99DelayMs, 1),
    ]),
  );
}
