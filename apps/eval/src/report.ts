import type { Effort } from "@dossier/contract";
import { type Calibration, calibrationOf } from "./calibration.js";
import { type CaseResult, type CaseSetName, isRealwebSet, samePersonField } from "./case-result.js";
import type { AnsweredBy } from "./responders.js";
import { isShown, type ShownAnswers, shownAnswers, shownRight } from "./shown-answers.js";

/** A target and whether the run met it. */
export type Target = [name: string, met: boolean];

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const row = (cells: Array<string | number>) => `| ${cells.join(" | ")} |`;
const divider = (columns: number) => row(Array(columns).fill("---"));
const fixed = (value: number) => value.toFixed(2);

/** The figures of a group of cases. */
export interface Measures {
  cases: number;
  correct: number;
  recall: number;
  precision: number;
  withheld: number;
  meanTokens: number;
  maxTokens: number;
  calls: number;
  p50: number;
  p95: number;
}

export function measure(subset: readonly CaseResult[]): Measures {
  const withProof = subset.filter((result) => result.evidenceInPrompt !== null);
  const sourceCount = subset.reduce((sum, result) => sum + result.sources.length, 0);
  const tokens = subset.flatMap((result) => result.promptTokens);
  const count = Math.max(1, subset.length);
  return {
    cases: subset.length,
    correct: subset.filter((result) => result.correct).length / count,
    recall: withProof.length ? withProof.filter((result) => result.evidenceInPrompt).length / withProof.length : 1,
    precision: sourceCount ? subset.reduce((sum, result) => sum + result.provingSources, 0) / sourceCount : 1,
    withheld: subset.filter((result) => result.withheld).length / count,
    meanTokens: tokens.length ? Math.round(tokens.reduce((a, b) => a + b, 0) / tokens.length) : 0,
    maxTokens: tokens.length ? Math.max(...tokens) : 0,
    calls: subset.reduce((sum, result) => sum + result.modelCalls, 0) / count,
    p50: Math.round(
      percentile(
        subset.map((result) => result.latencyMs),
        50,
      ),
    ),
    p95: Math.round(
      percentile(
        subset.map((result) => result.latencyMs),
        95,
      ),
    ),
  };
}

const HEADER = [
  "cases",
  "correct",
  "evidence recall",
  "source precision",
  "withheld",
  "mean prompt tokens",
  "max prompt tokens",
  "model calls / request",
  "p50 ms",
  "p95 ms",
];

function table(title: string, groups: Array<[string, readonly CaseResult[]]>): string[] {
  const lines = [row([title, ...HEADER]), divider(HEADER.length + 1)];
  for (const [name, subset] of groups) {
    if (subset.length === 0) continue;
    const m = measure(subset);
    lines.push(
      row([
        name,
        m.cases,
        fixed(m.correct),
        fixed(m.recall),
        fixed(m.precision),
        fixed(m.withheld),
        m.meanTokens,
        m.maxTokens,
        fixed(m.calls),
        m.p50,
        m.p95,
      ]),
    );
  }
  return lines;
}

function groupedBy(results: readonly CaseResult[], key: (result: CaseResult) => string | undefined) {
  const groups = new Map<string, CaseResult[]>();
  for (const result of results) {
    const name = key(result);
    if (name === undefined) continue;
    groups.set(name, [...(groups.get(name) ?? []), result]);
  }
  return [...groups].sort(([left], [right]) => left.localeCompare(right));
}

/** Fields pages state, and how many of them the returned record holds right. */
export interface StatedFields {
  cases: number;
  fields: number;
  right: number;
}

/**
 * The person record field by field over the cases that expect one, and two measures of the fields
 * pages state: on the person's own card or row (title, place) over the cases that have one ("card
 * cases", the target), and every field a page states anywhere (cards, sentences, links).
 */
export function personFieldLines(results: readonly CaseResult[]): {
  lines: string[];
  precisionOk: boolean;
  filler: boolean;
  card: StatedFields | null;
} {
  const enrichment = results.filter((result) => result.expectedPerson);
  const first = enrichment[0];
  if (!first?.expectedPerson) return { lines: [], precisionOk: true, filler: false, card: null };
  const lines = ["", row(["field", "kind", "filled", "right when filled (precision)", "fill rate"]), divider(5)];
  const evidenceFields = new Set(["jobTitle", "city", "country", "jobStartDate"]);
  const isRight = (result: CaseResult, field: string) =>
    samePersonField(field, result.person?.[field], result.expectedPerson?.[field], result.alsoRight?.[field]);
  let precisionOk = true;
  let filler = false;
  for (const field of Object.keys(first.expectedPerson)) {
    const filled = enrichment.filter((result) => result.person?.[field] != null);
    const right = filled.filter((result) => isRight(result, field));
    const expected = enrichment.filter((result) => result.expectedPerson?.[field] != null);
    const precision = filled.length ? right.length / filled.length : 1;
    const kind = evidenceFields.has(field) ? "evidence" : "deterministic";
    if (precision < (kind === "evidence" ? 0.95 : 0.98)) precisionOk = false;
    for (const result of filled)
      if (/^(unknown|n\/?a|none|null|-)$/i.test(String(result.person?.[field]))) filler = true;
    lines.push(
      row([
        field,
        kind,
        filled.length,
        fixed(precision),
        expected.length ? fixed(right.length / expected.length) : "-",
      ]),
    );
  }
  const stated = (fieldsOf: (result: CaseResult) => readonly string[]) => {
    const figures: StatedFields = { cases: 0, fields: 0, right: 0 };
    const missed: string[] = [];
    for (const result of enrichment) {
      const fields = fieldsOf(result);
      if (fields.length === 0) continue;
      figures.cases += 1;
      for (const field of fields) {
        figures.fields += 1;
        if (isRight(result, field)) {
          figures.right += 1;
          continue;
        }
        const given = result.person?.[field];
        const reached = result.personInPrompt?.includes(field) ? "" : ", proof not in prompt";
        missed.push(`${result.id}:${field} (${given == null ? "empty" : `"${given}"`}${reached})`);
      }
    }
    return { figures, missed };
  };
  const outOf = ({ right, fields }: StatedFields) => `${right} of ${fields} (${fixed(right / fields)})`;
  // A card case: the expected title or city is on the person's card or row.
  const card = stated((result) =>
    (result.personOnCard ?? []).some((field) => field === "jobTitle" || field === "city")
      ? (result.personOnCard ?? [])
      : [],
  );
  const all = stated((result) => result.personProven ?? []);
  if (card.figures.cases > 0)
    lines.push(
      "",
      `person fields filled and right on card cases (${card.figures.cases} cases; the title, city and country on the person's own card or row): ${outOf(card.figures)}`,
      ...(card.missed.length ? [`on cards, empty or wrong: ${card.missed.join(", ")}`] : []),
    );
  if (all.figures.cases > 0)
    lines.push(
      `every person field a page states (${all.figures.cases} cases; cards, sentences, links): ${outOf(all.figures)}`,
      ...(all.missed.length ? [`empty or wrong: ${all.missed.join(", ")}`] : []),
    );
  return { lines, precisionOk, filler, card: card.figures.cases > 0 ? card.figures : null };
}

/** Field-level figures of the outputSchema cases: one row per case and the total. */
function objectFieldLines(results: readonly CaseResult[]): { lines: string[]; precision: number; unsupported: number } {
  const scored = results.filter((result) => result.fields);
  if (scored.length === 0) return { lines: [], precision: 1, unsupported: 0 };
  const header = ["outputSchema case", "fields expected", "filled", "right when filled (precision)", "fill rate"];
  const lines = ["", row([...header, "without a supporting quote"]), divider(header.length + 1)];
  const total = { expected: 0, filled: 0, right: 0, unsupported: 0 };
  const line = (name: string, score: typeof total) =>
    row([
      name,
      score.expected,
      score.filled,
      fixed(score.filled ? score.right / score.filled : 1),
      score.expected ? fixed(score.right / score.expected) : "-",
      score.unsupported,
    ]);
  for (const result of [...scored].sort((left, right) => left.id.localeCompare(right.id))) {
    const score = result.fields!;
    for (const key of ["expected", "filled", "right", "unsupported"] as const) total[key] += score[key];
    lines.push(line(result.id, score));
  }
  lines.push(line("**all**", total));
  const wrong = scored.flatMap((result) => result.fields!.wrong.map((path) => `${result.id}:${path}`));
  if (wrong.length) lines.push("", `fields not as expected: ${wrong.join(", ")}`);
  return { lines, precision: total.filled ? total.right / total.filled : 1, unsupported: total.unsupported };
}

/**
 * Tokens per research call (a case's model calls together, as cl100k_base counts them): what a
 * run of the set's tier costs, the figure behind `TYPICAL_RUN_TOKENS`.
 */
function tokenLine(results: readonly CaseResult[]): string {
  const answered = results.filter((result) => result.status === 200 && result.promptTokens.length > 0);
  if (answered.length === 0) return "";
  const prompt = answered.map((result) => result.promptTokens.reduce((sum, tokens) => sum + tokens, 0));
  const completion = answered.map((result) => result.completionTokens);
  const total = prompt.map((tokens, index) => tokens + (completion[index] ?? 0));
  const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
  const calls = answered.reduce((sum, result) => sum + result.promptTokens.length, 0) / answered.length;
  const pages = answered.flatMap((result) => (result.pagesRead === null ? [] : [result.pagesRead]));
  const searches = answered.flatMap((result) => (result.searches === null ? [] : [result.searches]));
  const perCall = (values: number[]) =>
    values.length ? (values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(1) : "-";
  return [
    `tokens per research call (cl100k_base, ${answered.length} calls): prompt mean ${mean(prompt)}, completion mean ${mean(completion)}, total mean ${mean(total)}, p95 ${Math.round(percentile(total, 95))}`,
    `per research call: model calls ${calls.toFixed(2)}, pages read ${perCall(pages)} (max ${pages.length ? Math.max(...pages) : "-"}), searches ${perCall(searches)}`,
  ].join("\n");
}

function calibrationLines(name: string, calibration: Calibration): string[] {
  return [
    `${name}: Brier ${calibration.brier.toFixed(3)}, expected calibration error (5 bins) ${calibration.ece.toFixed(3)}`,
    row(["confidence band", "answers", "accuracy"]),
    divider(3),
    ...calibration.bands.map((band) => row([band.label, band.count, band.count ? fixed(band.accuracy) : "-"])),
  ];
}

const share = (value: number | null) => (value === null ? "-" : fixed(value));

const SHOWN_HEADER = [
  "cases",
  "shown",
  "right",
  "wrong shown",
  "precision of shown",
  "coverage",
  "unanswerable withheld",
  "Brier",
  "ECE (5 bins)",
];

/**
 * What a caller is shown, by responseType and for the whole set. An answer is *shown* when the call
 * succeeded (200) and did not withhold it. **Precision of shown answers** is right shown / shown;
 * **coverage** is right shown / answerable cases; **wrong answers shown** counts shown answers that
 * are not the expected one (any answer to an unanswerable question among them); **unanswerable
 * withheld** is withheld / unanswerable. Brier score and expected calibration error (5 equal bins,
 * answer-weighted |accuracy - mean confidence|) are over the shown answers and their returned
 * confidence, as is the accuracy per confidence band.
 *
 * An answer is right by its responseType's rule (`answerMatches`): NUMBER, BOOL and OPTION equal;
 * DATE equal, or one a prefix of the other at a date boundary (a year for a full date counts as
 * right: "2018" for "2018-12-05"); URL equal with scheme, `www.` and a trailing slash aside;
 * OPTIONS the same set; TEXT when the answer holds every word of the expected answer (an article
 * it opens with, case, accents and punctuation aside), so a part of the expected text is not right. An enrichment is
 * right when its answer holds the words of the expected job title (the role it asks for); an
 * answer in the caller's shape when every field given is expected and every expected one given.
 */
function shownAnswerLines(groups: Array<[string, readonly CaseResult[]]>, title = "responseType"): string[] {
  const lines = [row([title, ...SHOWN_HEADER]), divider(SHOWN_HEADER.length + 1)];
  const bands = [row([title, "confidence band", "answers", "accuracy", "mean confidence"]), divider(5)];
  for (const [name, subset] of groups) {
    if (subset.length === 0) continue;
    const figures = shownAnswers(subset);
    const { brier, ece } = figures.calibration;
    lines.push(
      row([
        name,
        figures.cases,
        figures.shown,
        figures.right,
        figures.wrong,
        share(figures.precision),
        share(figures.coverage),
        figures.unanswerable ? `${figures.unanswerableWithheld} of ${figures.unanswerable}` : "-",
        figures.shown ? brier.toFixed(3) : "-",
        figures.shown ? ece.toFixed(3) : "-",
      ]),
    );
    for (const band of figures.calibration.bands)
      if (band.count > 0)
        bands.push(row([name, band.label, band.count, fixed(band.accuracy), fixed(band.meanConfidence)]));
  }
  return ["answers shown:", ...lines, "", "accuracy per confidence band (shown answers):", ...bands];
}

/** The targets of the weak reader: what verification and confidence must make of a model that guesses. */
function weakReaderTargets(set: CaseSetName, figures: ShownAnswers): Target[] {
  const targets: Target[] = [];
  if (isRealwebSet(set)) targets.push([`${set}: precision of shown answers >= 0.90`, (figures.precision ?? 1) >= 0.9]);
  targets.push(
    [`${set}: expected calibration error <= 0.10`, figures.calibration.ece <= 0.1],
    [`${set}: at least 90% of unanswerable questions withheld`, (figures.withheldRate ?? 1) >= 0.9],
  );
  return targets;
}

/** How a set is judged: its evidence recall floor and whether it has the real-web targets. */
export interface SetTargets {
  recall: number;
  precision: number;
}

/** How the report names each set. */
export const setTitles: Record<CaseSetName, string> = {
  fixture: "Fixture sites",
  realweb: "Real web",
  realweb2: "Real web 2",
  "realweb-heldout": "Real web, held-out questions",
};

/**
 * The report of one case set: tables by group (and for real-web cases by kind of page), and its
 * targets; none for a set measured only (`targets` null), whose figures decide nothing.
 */
export function reportCaseSet(
  set: CaseSetName,
  results: readonly CaseResult[],
  floors: SetTargets | null,
  options: { answeredBy: AnsweredBy; effort?: Effort },
): { lines: string[]; targets: Target[] } {
  const targets = floors ?? { recall: 0, precision: 0 };
  const realModel = options.answeredBy === "model";
  const byType: Array<[string, readonly CaseResult[]]> = [
    ...groupedBy(results, (result) => result.group),
    ["**all**", results],
  ];
  const lines = [`## ${setTitles[set]} (${results.length} cases)`, ""];
  if (!floors) lines.push("measured only: no target is held on this set", "");
  lines.push(...table("responseType", byType));
  lines.push("", ...shownAnswerLines(byType));
  // The same figures by the kind of value each question asks for (verification's vocabulary, answer-kind.ts).
  const byKind = groupedBy(results, (result) => result.answerKind);
  if (byKind.length > 0)
    lines.push("", ...shownAnswerLines(byKind, "kind of answer asked").slice(0, byKind.length + 3));
  if (isRealwebSet(set)) {
    const groupings: Array<[string, (result: CaseResult) => string | undefined]> = [
      ["kind of page", (result) => result.pageKind],
      ["reached by", (result) => result.reach],
      ["person identity", (result) => result.identity],
      ["folder of saved sites", (result) => result.world],
    ];
    for (const [title, key] of groupings) {
      const groups = groupedBy(results, key);
      if (groups.length) lines.push("", ...table(title, groups));
    }
  }
  const person = personFieldLines(results);
  lines.push(...person.lines);
  const objects = objectFieldLines(results);
  lines.push(...objects.lines);

  const all = measure(results);
  const unknown = results.filter((result) => result.expectsUnknown);
  const answered = results.filter((result) => !result.expectsUnknown);
  const unsupported = results.filter((result) => result.unsupportedAnswer === true);
  const costTargets: Target[] = [[`${set}: prompt tokens <= 6,000`, all.maxTokens <= 6_000]];
  // deep answers with one call and checks the answer with a second.
  if (!realModel)
    costTargets.push(
      options.effort === "deep"
        ? [`${set}: at most two model calls per question (deep)`, all.calls <= 2.0001]
        : [`${set}: one model call per question`, all.calls <= 1.0001],
    );
  // The record is filled from what was read whatever the model answers: held with every responder.
  const cardTargets: Target[] = person.card
    ? [[`${set}: person fields filled and right >= 0.9 on card cases`, person.card.right >= 0.9 * person.card.fields]]
    : [];
  // The weak reader guesses: it is held to what a caller is shown, not to the oracle's targets of
  // retrieval and of quotes that state every answer.
  const setTargets: Target[] =
    options.answeredBy === "weak"
      ? [...weakReaderTargets(set, shownAnswers(results)), ...costTargets, ...cardTargets]
      : [
          // lite reads search snippets and the home page only: its recall is measured, not held to the crawl's target.
          ...(options.effort === "lite"
            ? []
            : [[`${set}: evidence recall >= ${targets.recall}`, all.recall >= targets.recall] as Target]),
          [`${set}: source precision >= ${targets.precision}`, all.precision >= targets.precision],
          [`${set}: 0 answers whose quote does not state them`, unsupported.length === 0],
          [`${set}: every unanswerable question withheld`, unknown.every((result) => result.withheld)],
          ...costTargets,
          ...(objects.lines.length
            ? ([
                [`${set}: outputSchema field precision >= 0.95`, objects.precision >= 0.95],
                [`${set}: 0 non-null fields without a supporting quote`, objects.unsupported === 0],
              ] as Target[])
            : []),
          ...(person.lines.length
            ? ([
                [`${set}: person field precision (0.98 deterministic, 0.95 evidence)`, person.precisionOk],
                [`${set}: no filler text in any field`, !person.filler],
              ] as Target[])
            : []),
          ...cardTargets,
        ];

  const withheldRight = unknown.filter((result) => result.withheld).length;
  const withheldWrong = answered.filter((result) => result.withheld).length;
  lines.push(
    "",
    `withheld as "not enough evidence": ${withheldRight} of ${unknown.length} unanswerable (right), ${withheldWrong} of ${answered.length} answerable (wrong)`,
  );
  if (realModel) {
    const schemaFailures = results.filter((result) => result.schemaFailure).length;
    const repaired = results.filter((result) => result.modelCalls > 1 && !result.schemaFailure).length;
    const rejected = results.reduce((sum, result) => sum + (result.rejectedQuotes ?? 0), 0);
    const completion = results.reduce((sum, result) => sum + result.completionTokens, 0);
    lines.push(
      `schema failures: ${schemaFailures}; answers repaired after a misfit reply: ${repaired}; quotes rejected by verification: ${rejected}`,
      `tokens: prompt mean ${all.meanTokens}, max ${all.maxTokens}; completion total ${completion}; latency p50 ${all.p50} ms, p95 ${all.p95} ms`,
    );
    const given = results.filter((result) => result.confidence !== null && !result.withheld);
    lines.push(
      "",
      ...calibrationLines(
        "confidence returned",
        calibrationOf(given, (result) => result.confidence ?? 0),
      ),
    );
    const withModel = given.filter((result) => result.modelConfidence !== null);
    if (withModel.length) {
      const own = calibrationOf(withModel, (result) => result.modelConfidence ?? 0);
      const returned = calibrationOf(withModel, (result) => result.confidence ?? 0);
      lines.push("", ...calibrationLines("the model's own confidence", own));
      lines.push(
        "",
        `confidence from the evidence is ${returned.brier < own.brier ? "better" : "not better"} calibrated than the model's number alone (Brier ${returned.brier.toFixed(3)} against ${own.brier.toFixed(3)} over the same ${withModel.length} answers)`,
      );
    }
  }
  const tokens = tokenLine(results);
  if (tokens) lines.push(tokens);
  const misses = results.filter((result) => result.evidenceInPrompt === false).map((result) => result.id);
  if (misses.length) lines.push("", `proof not in prompt: ${misses.join(", ")}`);
  const wrong = results.filter((result) => !result.correct).map((result) => result.id);
  lines.push(`wrong answers: ${wrong.join(", ") || "none"}`);
  const wrongShown = results.filter((result) => isShown(result) && !shownRight(result));
  if (wrongShown.length) lines.push(`wrong answers shown: ${wrongShown.map((result) => result.id).join(", ")}`);
  if (unsupported.length)
    lines.push(`answers no returned quote states: ${unsupported.map((result) => result.id).join(", ")}`);
  return { lines, targets: floors ? setTargets : [] };
}
