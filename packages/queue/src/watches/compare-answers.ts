import type { WatchChange, WatchQuote } from "@dossier/contract";
import type { Observation, StatedValue } from "./observe-answer.js";
import { itemKey, sameValue, wordsOf } from "./same-value.js";

/** What a watch remembers of one field between runs: the last value a page stated, with its quotes. */
export type FieldMemory =
  | {
      kind: "value";
      value: unknown;
      quotes: WatchQuote[];
      /** True once a run found no quote stating any value; the value is the last one stated. */
      unconfirmed?: boolean;
    }
  | { kind: "list"; items: StatedValue[]; unconfirmed?: boolean };

/** A watch's memory of its answer, by field name. */
export type AnswerMemory = Record<string, FieldMemory>;

/** The outcome of comparing one run with the memory: the changes to report and the memory to keep. */
export interface Comparison {
  changes: WatchChange[];
  memory: AnswerMemory;
}

/**
 * Every quote of the new value already stated the old one, on the same page: the evidence did not
 * change, whatever the model made of it this time.
 */
function nothingNewQuoted(before: WatchQuote[], after: WatchQuote[]): boolean {
  const seen = new Set(before.map((quote) => `${quote.url}\n${wordsOf(quote.quote)}`));
  return after.length > 0 && after.every((quote) => seen.has(`${quote.url}\n${wordsOf(quote.quote)}`));
}

function compareValue(
  field: string,
  before: Extract<FieldMemory, { kind: "value" }> | undefined,
  stated: StatedValue | null,
  baseline: boolean,
  changes: WatchChange[],
): FieldMemory | undefined {
  if (!before) {
    if (stated === null) return undefined;
    // A field no run had stated: news, except on the first run, which only sets the baseline.
    if (!baseline)
      changes.push({
        field,
        kind: "changed",
        before: null,
        after: stated.value,
        citations: { before: [], after: stated.quotes },
      });
    return { kind: "value", value: stated.value, quotes: stated.quotes };
  }
  if (stated === null) {
    if (!before.unconfirmed)
      changes.push({
        field,
        kind: "unconfirmed",
        before: before.value,
        after: null,
        citations: { before: before.quotes, after: [] },
      });
    return { ...before, unconfirmed: true };
  }
  // Rephrased, or read otherwise from the very quote that stated the old value: not a change.
  if (sameValue(before.value, stated.value) || nothingNewQuoted(before.quotes, stated.quotes)) {
    if (before.unconfirmed)
      changes.push({
        field,
        kind: "confirmed",
        before: before.value,
        after: stated.value,
        citations: { before: before.quotes, after: stated.quotes },
      });
    // The value as first stated is kept, so that rewordings never add up to a change; the quotes are the latest.
    return { kind: "value", value: before.value, quotes: stated.quotes };
  }
  changes.push({
    field,
    kind: "changed",
    before: before.value,
    after: stated.value,
    citations: { before: before.quotes, after: stated.quotes },
  });
  return { kind: "value", value: stated.value, quotes: stated.quotes };
}

function compareList(
  field: string,
  before: Extract<FieldMemory, { kind: "list" }> | undefined,
  items: StatedValue[] | null,
  baseline: boolean,
  changes: WatchChange[],
): FieldMemory | undefined {
  if (items === null) {
    if (!before) return undefined;
    if (!before.unconfirmed)
      changes.push({
        field,
        kind: "unconfirmed",
        before: before.items.map((item) => item.value),
        after: null,
        citations: { before: before.items.flatMap((item) => item.quotes), after: [] },
      });
    return { ...before, unconfirmed: true };
  }
  // One entry per distinct item: a list repeating an item, or listing it in another order, is the same list.
  const unique = new Map<string, StatedValue>();
  for (const item of items) if (!unique.has(itemKey(item.value))) unique.set(itemKey(item.value), item);
  const now = [...unique.values()];
  if (!before) {
    if (!baseline)
      for (const item of now)
        changes.push({
          field,
          kind: "added",
          before: null,
          after: item.value,
          citations: { before: [], after: item.quotes },
        });
    return { kind: "list", items: now };
  }
  const had = new Map(before.items.map((item) => [itemKey(item.value), item]));
  const added = now.filter((item) => !had.has(itemKey(item.value)));
  const dropped = before.items.filter((item) => !unique.has(itemKey(item.value)));
  if (before.unconfirmed && added.length === 0 && dropped.length === 0)
    changes.push({
      field,
      kind: "confirmed",
      before: before.items.map((item) => item.value),
      after: now.map((item) => item.value),
      citations: { before: before.items.flatMap((item) => item.quotes), after: now.flatMap((item) => item.quotes) },
    });
  for (const item of added)
    changes.push({
      field,
      kind: "added",
      before: null,
      after: item.value,
      citations: { before: [], after: item.quotes },
    });
  for (const item of dropped)
    changes.push({
      field,
      kind: "dropped",
      before: item.value,
      after: null,
      citations: { before: item.quotes, after: [] },
    });
  // Items kept keep their first wording, with their latest quotes.
  return {
    kind: "list",
    items: now.map((item) => {
      const kept = had.get(itemKey(item.value));
      return kept ? { value: kept.value, quotes: item.quotes } : item;
    }),
  };
}

/**
 * Compares what a run observed with what the watch remembers, field by field. `memory` is null
 * before the first run: that run sets the baseline and reports nothing. A field that had a value
 * and now has none is `unconfirmed` (once), not changed to null; when a value is stated again it
 * is `confirmed` if it is the same and `changed` if not. A field the memory has and the run does
 * not mention at all (a member of a nested object that came back null) counts as unstated.
 */
export function compareAnswers(memory: AnswerMemory | null, observed: Map<string, Observation>): Comparison {
  const baseline = memory === null;
  const before = memory ?? {};
  const changes: WatchChange[] = [];
  const next: AnswerMemory = {};
  const fields = [...observed.keys(), ...Object.keys(before).filter((field) => !observed.has(field))];
  for (const field of fields) {
    const observation = observed.get(field) ?? { kind: "value", stated: null };
    const remembered = before[field];
    let kept: FieldMemory | undefined;
    if (observation.kind === "skip") {
      kept = remembered;
    } else if (observation.kind === "list") {
      // A field that changed shape (a value then a list) starts again as a list.
      kept = compareList(
        field,
        remembered?.kind === "list" ? remembered : undefined,
        observation.items,
        baseline || (remembered !== undefined && remembered.kind !== "list"),
        changes,
      );
    } else {
      const stated = observation.stated;
      const previous =
        remembered?.kind === "list"
          ? { kind: "value" as const, value: remembered.items.map((item) => item.value), quotes: [] }
          : remembered;
      kept = compareValue(field, previous, stated, baseline, changes);
    }
    if (kept) next[field] = kept;
  }
  return { changes, memory: next };
}
