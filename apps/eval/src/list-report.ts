import type { Target } from "./report.js";
import type { AnsweredBy } from "./responders.js";
import type { ListCaseResult } from "./run-list-cases.js";

/** The targets for lists: precision of matches for each reader, recall with the oracle, every match cited. */
export const LIST_TARGETS = { oraclePrecision: 0.95, weakPrecision: 0.9, oracleRecall: 0.8 } as const;

const ratio = (part: number, whole: number) => (whole === 0 ? "–" : (part / whole).toFixed(2));
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;

/** The figures of a group of list results, summed (precision and recall over all their items). */
function totals(results: readonly ListCaseResult[]) {
  const sum = (pick: (result: ListCaseResult) => number) => results.reduce((total, result) => total + pick(result), 0);
  return {
    expected: sum((result) => result.expected),
    matched: sum((result) => result.matched),
    matchedRight: sum((result) => result.matchedRight),
    found: sum((result) => result.found),
    decided: sum((result) => result.matched + result.unmatched + result.unclear),
    unclear: sum((result) => result.unclear),
    candidatesEvaluated: sum((result) => result.candidatesEvaluated),
    modelCalls: sum((result) => result.modelCalls),
    tokens: sum((result) => result.promptTokens + result.completionTokens),
    uncitedMatches: sum((result) => result.uncitedMatches),
    elapsedMs: sum((result) => result.elapsedMs),
  };
}

function row(name: string, shape: string, stop: string, figures: ReturnType<typeof totals>): string {
  return `| ${name} | ${shape} | ${stop} | ${figures.expected} | ${figures.matched} | ${ratio(figures.matchedRight, figures.matched)} | ${ratio(figures.found, figures.expected)} | ${ratio(figures.unclear, figures.decided)} | ${figures.candidatesEvaluated} | ${figures.modelCalls} | ${figures.tokens} | ${seconds(figures.elapsedMs)} |`;
}

/**
 * The list section of the report: per case and overall, precision of matched items (matches that
 * are expected entities), recall against the full ground truth, the share of decided items left
 * unclear, candidates evaluated, model calls, tokens (prompt and completion) and time; then each
 * case's wrong matches and misses, and the targets met or missed.
 */
export function reportListCases(
  results: readonly ListCaseResult[],
  answeredBy: AnsweredBy,
): { lines: string[]; targets: Target[] } {
  const lines = [
    "## Find-all lists",
    "",
    "| case | shape | stop | expected | matched | precision | recall | unclear | candidates evaluated | model calls | tokens | time |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const result of results) {
    lines.push(row(`${result.set}/${result.id}`, result.shape, result.stopReason ?? result.status, totals([result])));
  }
  const all = totals(results);
  lines.push(row("**all**", "", "", all));
  lines.push("");
  lines.push(`matches without a citation on its page for every criterion: ${all.uncitedMatches}`);
  for (const result of results) {
    if (result.wrong.length > 0) lines.push(`- ${result.id} matched, not expected: ${result.wrong.join(", ")}`);
    if (result.missed.length > 0) lines.push(`- ${result.id} missed: ${result.missed.join(", ")}`);
  }
  const precision = all.matched === 0 ? 1 : all.matchedRight / all.matched;
  const recall = all.expected === 0 ? 1 : all.found / all.expected;
  const targets: Target[] = [[`lists: every match cited on its page for every criterion`, all.uncitedMatches === 0]];
  if (answeredBy === "oracle") {
    targets.push([
      `lists: precision ${precision.toFixed(2)} >= ${LIST_TARGETS.oraclePrecision}`,
      precision >= LIST_TARGETS.oraclePrecision,
    ]);
    targets.push([
      `lists: recall ${recall.toFixed(2)} >= ${LIST_TARGETS.oracleRecall}`,
      recall >= LIST_TARGETS.oracleRecall,
    ]);
  } else if (answeredBy === "weak") {
    targets.push([
      `lists: precision ${precision.toFixed(2)} >= ${LIST_TARGETS.weakPrecision}`,
      precision >= LIST_TARGETS.weakPrecision,
    ]);
  }
  return { lines, targets };
}
