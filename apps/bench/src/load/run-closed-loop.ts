import { type LatencySummary, summarizeLatencies } from "./latency-summary.js";

/** Settings of {@link runClosedLoop}. */
export interface ClosedLoopOptions {
  /** Operations in flight at once; each lane starts its next operation when the previous one ends. */
  concurrency: number;
  /** Length of the measured window, in milliseconds. */
  durationMs: number;
  /** Time run before the measured window and not counted, in milliseconds. Default 0. */
  warmupMs?: number;
  /**
   * Operations that must have finished before the window opens (besides `warmupMs`), so that a
   * slow system is measured in its steady state rather than while its first calls are still in
   * flight. Default 0.
   */
  warmupOperations?: number;
  /** The window opens after this long at the latest, in milliseconds. Default `warmupMs` + 120000. */
  maxWarmupMs?: number;
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
  /** How long the warm-up really took, in milliseconds. */
  warmupMs: number;
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
  const warmupOperations = options.warmupOperations ?? 0;
  const limit = options.maxOperations ?? Number.POSITIVE_INFINITY;
  const start = performance.now();
  const latestOpening = start + (options.maxWarmupMs ?? warmupMs + 120_000);
  let windowStart = Number.POSITIVE_INFINITY;
  let windowEnd = Number.POSITIVE_INFINITY;
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  let started = 0;
  let finished = 0;
  let lastEnd = 0;
  let firstError: string | undefined;

  const openWindow = (now: number) => {
    if (windowStart !== Number.POSITIVE_INFINITY) return;
    const warm = now - start >= warmupMs && finished >= warmupOperations;
    if (!warm && now < latestOpening) return;
    windowStart = now;
    windowEnd = now + options.durationMs;
  };
  openWindow(start);
  const warmupTimer = setTimeout(() => openWindow(performance.now()), warmupMs);
  const latestTimer = setTimeout(() => openWindow(performance.now()), Math.max(0, latestOpening - start));

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
      const wasOpen = windowStart !== Number.POSITIVE_INFINITY;
      openWindow(end);
      if (wasOpen && end >= windowStart && end <= windowEnd) {
        latencies.push(end - begin);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        if (end > lastEnd) lastEnd = end;
      }
    }
  };

  await Promise.all(Array.from({ length: options.concurrency }, (_, index) => lane(index)));
  clearTimeout(warmupTimer);
  clearTimeout(latestTimer);
  if (windowStart === Number.POSITIVE_INFINITY) windowStart = performance.now();
  const stoppedEarly = finished >= limit;
  const measuredEnd = stoppedEarly ? lastEnd : Math.min(windowEnd, performance.now());
  const elapsedMs = Math.max(0, measuredEnd - windowStart);
  return {
    completed: latencies.length,
    outcomes,
    warmupMs: windowStart - start,
    elapsedMs,
    perSecond: elapsedMs > 0 ? (latencies.length / elapsedMs) * 1000 : 0,
    latency: summarizeLatencies(latencies),
    totalFinished: finished,
    firstError,
  };
}
