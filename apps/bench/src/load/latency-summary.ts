/** Percentiles of a set of latencies, in milliseconds. */
export interface LatencySummary {
  /** Number of samples. */
  count: number;
  /** Median, in milliseconds; NaN when there are no samples. */
  p50: number;
  /** 90th percentile, in milliseconds. */
  p90: number;
  /** 99th percentile, in milliseconds. */
  p99: number;
  /** Largest sample, in milliseconds. */
  max: number;
  /** Arithmetic mean, in milliseconds. */
  mean: number;
}

/** The nearest-rank percentile (`fraction` in (0, 1]) of samples sorted ascending. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Summarises latencies given in any order; the input is not changed. */
export function summarizeLatencies(samples: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  const values = Array.from(sorted);
  let total = 0;
  for (const value of values) total += value;
  return {
    count: values.length,
    p50: percentile(values, 0.5),
    p90: percentile(values, 0.9),
    p99: percentile(values, 0.99),
    max: values.length ? values[values.length - 1]! : Number.NaN,
    mean: values.length ? total / values.length : Number.NaN,
  };
}
