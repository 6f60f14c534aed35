import { type Calibration, calibrationOf } from "./calibration.js";
import type { CaseResult } from "./case-result.js";

/** What the answers a caller was shown came to, for a group of cases. */
export interface ShownAnswers {
  cases: number;
  /** Cases with an expected answer. */
  answerable: number;
  /** Cases no page answers. */
  unanswerable: number;
  /** Answers shown: the call succeeded (200) and did not withhold the answer. */
  shown: number;
  /** Shown answers that are the expected one. */
  right: number;
  /** Shown answers that are not: a wrong value, or any answer to an unanswerable question. */
  wrong: number;
  /** right / shown; null when nothing was shown. */
  precision: number | null;
  /** right / answerable; null when no case is answerable. */
  coverage: number | null;
  /** Unanswerable questions answered with "not enough evidence". */
  unanswerableWithheld: number;
  /** unanswerableWithheld / unanswerable; null when no case is unanswerable. */
  withheldRate: number | null;
  /** Brier, expected calibration error and accuracy per band of the shown answers' confidence. */
  calibration: Calibration;
}

/** Whether a caller saw an answer: the call succeeded and gave one. */
export const isShown = (result: CaseResult) => result.status === 200 && !result.withheld;

/** Whether an answer shown is right: never for a question no page answers. */
export const shownRight = (result: CaseResult) => (result.shownCorrect ?? result.correct) && !result.expectsUnknown;

const ratio = (part: number, whole: number) => (whole ? part / whole : null);

export function shownAnswers(results: readonly CaseResult[]): ShownAnswers {
  const shown = results.filter(isShown);
  // A shown answer to an unanswerable question is never right (such a case is right only when withheld).
  const right = shown.filter(shownRight).length;
  const unanswerable = results.filter((result) => result.expectsUnknown);
  const unanswerableWithheld = unanswerable.filter((result) => result.status === 200 && result.withheld).length;
  const answerable = results.length - unanswerable.length;
  return {
    cases: results.length,
    answerable,
    unanswerable: unanswerable.length,
    shown: shown.length,
    right,
    wrong: shown.length - right,
    precision: ratio(right, shown.length),
    coverage: ratio(right, answerable),
    unanswerableWithheld,
    withheldRate: ratio(unanswerableWithheld, unanswerable.length),
    calibration: calibrationOf(
      shown.map((result) => ({ ...result, correct: shownRight(result) })),
      (result) => result.confidence ?? 0,
    ),
  };
}
