import type { CaseResult } from "./case-result.js";

/** How well confidences predict being right. */
export interface Calibration {
  /** Mean squared difference between confidence and outcome (0 best, 0.25 a coin). */
  brier: number;
  /** Expected calibration error over five equal-width bins: the answer-weighted |accuracy - mean confidence|. */
  ece: number;
  bands: Array<{ label: string; count: number; accuracy: number; meanConfidence: number }>;
}

const BINS = 5;

/** Calibration of the answers given (withheld ones excluded), with `confidenceOf` as the forecast. */
export function calibrationOf(
  results: readonly CaseResult[],
  confidenceOf: (result: CaseResult) => number,
): Calibration {
  const bands = Array.from({ length: BINS }, (_, index) => ({
    label: `${(index / BINS).toFixed(1)}–${((index + 1) / BINS).toFixed(1)}`,
    count: 0,
    right: 0,
    confidenceSum: 0,
  }));
  let squared = 0;
  for (const result of results) {
    const confidence = Math.min(1, Math.max(0, confidenceOf(result)));
    const outcome = result.correct ? 1 : 0;
    squared += (confidence - outcome) ** 2;
    const band = bands[Math.min(BINS - 1, Math.floor(confidence * BINS))];
    if (!band) continue;
    band.count += 1;
    band.right += outcome;
    band.confidenceSum += confidence;
  }
  const total = Math.max(1, results.length);
  const ece = bands.reduce(
    (sum, band) =>
      band.count
        ? sum + (band.count / total) * Math.abs(band.right / band.count - band.confidenceSum / band.count)
        : sum,
    0,
  );
  return {
    brier: squared / total,
    ece,
    bands: bands.map((band) => ({
      label: band.label,
      count: band.count,
      accuracy: band.count ? band.right / band.count : 0,
      meanConfidence: band.count ? band.confidenceSum / band.count : 0,
    })),
  };
}
