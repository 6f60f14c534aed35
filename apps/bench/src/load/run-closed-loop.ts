import { summarizeLatencies, type LatencySummary } from "./latency-summary.js";

/** Settings of {@link runClosedLoop}. */
export interface ClosedLoopOptions {
  /** Operations in flight at once; each lane starts its next operation when the previous one ends. */
  concurrency: number;
  /** Length of the measured window, in milliseconds. */
  durationMs: number;
  /** Time run before the measured window and not counted, in milliseconds. Default 0. */
  warmupMs?: number;
  /** Stops starting operations after this many (warm-up included). Default: no limit. */
  maxOperations?: number;
  /** Awaited before operation `index`, outside its measured latency. */
  prepare?: (index: number) => Promise<void>;
  /**
   * One operation. `index` counts from 0 over all lanes (warm-up included), `lane` is in
   * [0, concurrency). Resolves with an outcome label (such as an HTTP status); a throw counts as
   * the outcome `error`.
   */
  operation: (index: number, lane: number) => Promise<string>;
}

/** What a closed-loop run measured inside its window. */
export interface ClosedLoopResult {
  /** Operations that finished inside the measured window. */
  completed: number;
  /** How many ended with each outcome label (`error` for throws). */
  outcomes: Record<string, number>;
  /** The measured window as it really ran, in milliseconds. */
  elapsedMs: number;
  /** Completed operations per second of the measured window. */
  perSecond: number;
  /** Latency of the operations that finished inside the window, in milliseconds. */
  latency: LatencySummary;
  /** Every operation that finished, warm-up and the window's stragglers included. */
  totalFinished: number;
  /** The first error thrown by an operation, for the report. */
  firstError: string | undefined;
}

/**
 * Runs `concurrency` lanes, each awaiting one operation after another, for a warm-up and then a
 * measured window. An operation counts when it finishes inside the window, wherever it started, so
 * that slow operations in flight at the window's edges neither inflate nor hide throughput. The
 * window ends early when `maxOperations` have finished. Operations still running at the end are
 * awaited but not counted.
 */
export async function runClosedLoop(options: ClosedLoopOptions): Promise<ClosedLoopResult> {
  const warmupMs = options.warmupMs ?? 0;
  const limit = options.maxOperations ?? Number.POSITIVE_INFINITY;
  const start = performance.now();
  const windowStart = start + warmupMs;
  const windowEnd = windowStart + options.durationMs;
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  let started = 0;
  let finished = 0;
  let lastEnd = windowStart;
  let firstError: string | undefined;

  const lane = async (laneIndex: number): Promise<void> => {
    while (started < limit) {
      if (performance.now() >= windowEnd) return;
      const index = started;
      started += 1;
      if (options.prepare) await options.prepare(index);
      const begin = performance.now();
      let outcome: string;
      try {
        outcome = await options.operation(index, laneIndex);
      } catch (error) {
        outcome = "error";
        firstError ??= error instanceof Error ? error.message : String(error);
      }
      const end = performance.now();
      finished += 1;
      if (end >= windowStart && end <= windowEnd) {
        latencies.push(end - begin);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        if (end > lastEnd) lastEnd = end;
      }
    }
  };

  await Promise.all(Array.from({ length: options.concurrency }, (_, index) => lane(index)));
  const stoppedEarly = finished >= limit;
  const measuredEnd = stoppedEarly ? lastEnd : Math.min(windowEnd, performance.now());
  const elapsedMs = Math.max(0, measuredEnd - windowStart);
  return {
    completed: latencies.length,
    outcomes,
    elapsedMs,
    perSecond: elapsedMs > 0 ? (latencies.length / elapsedMs) * 1000 : 0,
    latency: summarizeLatencies(latencies),
    totalFinished: finished,
    firstError,
  };
}
