import type { RankedPassage } from "./passage.js";

/**
 * Tokens available for passages by default: a 6,000-token context minus 1,500 for the
 * instructions, the question and the answer.
 */
export const DEFAULT_PASSAGE_BUDGET_TOKENS = 4_500;

/** Limits of {@link selectWithinBudget}. */
export interface SelectWithinBudgetOptions {
  /** Tokens the selected passages may use together (their `text`). Default {@link DEFAULT_PASSAGE_BUDGET_TOKENS}. */
  maxTokens?: number;
  /** Tokens the prompt spends on a passage besides its text (its id, URL and title line). Default 0. */
  overheadTokens?: (passage: RankedPassage) => number;
  /**
   * Passages scoring at least this share of the fifth best passage's score are taken before any
   * below it, whatever page they come from; below it, only a page's first passages, so a focused
   * question does not fill the prompt with noise just because the budget allows. Default 0.25.
   */
  minScoreRatio?: number;
  /** Word-shingle Jaccard similarity at or above which a passage counts as a duplicate. Default 0.8. */
  duplicateThreshold?: number;
  /**
   * Share of a passage's shingles found inside one kept passage at or above which it counts as a
   * duplicate too (an FAQ answer repeated in JSON-LD, a paragraph quoted whole). Default 0.9.
   */
  containmentThreshold?: number;
  /** Words per shingle for the duplicate test. Default 3. */
  shingleSize?: number;
  /**
   * Passages of one page taken before other pages' lower-ranked ones get their turn. Default 4: the
   * evidence spans sources first, then what budget is left goes to the best remaining passages,
   * wherever they come from (a long page's fifth-best passage may still be the answer).
   */
  firstPerUrl?: number;
}

/** How much a page's passage past its first few must outscore another page's to be taken before it. */
const WAITS_FOR_SHARE = 2;

/** A text's word shingles, in the order they stand. */
function shingleList(text: string, size: number): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length < size) return words.length > 0 ? [words.join(" ")] : [];
  const result: string[] = [];
  for (let start = 0; start + size <= words.length; start += 1) result.push(words.slice(start, start + size).join(" "));
  return result;
}

/**
 * Shingles in a row a passage must have that a kept one lacks to say something of its own: three
 * new words at least. A changed date or name in a repeated footer makes fewer; a line a card adds
 * to a bio quoted whole elsewhere ("Ada Park, Co-Founder & CTO") makes more.
 */
const NEW_RUN = 5;

/** Whether `own`, in order, has {@link NEW_RUN} shingles in a row that `kept` does not hold. */
function addsARun(own: readonly string[], kept: ReadonlySet<string>): boolean {
  let run = 0;
  for (const shingle of own) {
    run = kept.has(shingle) ? 0 : run + 1;
    if (run >= NEW_RUN) return true;
  }
  return false;
}

/** Jaccard similarity of two shingle sets, 0 to 1. */
export function jaccard(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  const [small, large] = left.size <= right.size ? [left, right] : [right, left];
  for (const shingle of small) if (large.has(shingle)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/** Share of `part`'s shingles that also occur in `whole`, 0 to 1. */
function containment(part: ReadonlySet<string>, whole: ReadonlySet<string>): number {
  if (part.size === 0) return 1;
  let shared = 0;
  for (const shingle of part) if (whole.has(shingle)) shared += 1;
  return shared / part.size;
}

/**
 * Keeps the best passages, in rank order, that fit the token budget together, skipping any that
 * nearly repeats one already kept (the same footer sentence on ten pages is kept once at most)
 * and adds no three words in a row of its own.
 * Among the passages that score at least `minScoreRatio` of the fifth best, a first pass takes at
 * most `firstPerUrl` of each page (a later passage of a page waits only for other pages' passages
 * that score at least half as well) and a second the rest; a third fills what budget is left with the
 * first passages of the pages below that bar.
 * A passage too large for what is left is skipped and smaller ones after it still get their turn.
 * Each passage's `tokens` (counted by splitPassages with {@link countTokens}) is its cost.
 */
export function selectWithinBudget(
  ranked: readonly RankedPassage[],
  options: SelectWithinBudgetOptions = {},
): RankedPassage[] {
  const maxTokens = options.maxTokens ?? DEFAULT_PASSAGE_BUDGET_TOKENS;
  const overheadOf = options.overheadTokens ?? (() => 0);
  const threshold = options.duplicateThreshold ?? 0.8;
  const containmentThreshold = options.containmentThreshold ?? 0.9;
  const size = options.shingleSize ?? 3;

  const firstPerUrl = options.firstPerUrl ?? 4;

  const selected: RankedPassage[] = [];
  const keptShingles: Array<Set<string>> = [];
  const considered = new Set<RankedPassage>();
  const perUrl = new Map<string, number>();
  let used = 0;
  const consider = (passage: RankedPassage): void => {
    considered.add(passage);
    const cost = passage.tokens + overheadOf(passage);
    if (used + cost > maxTokens) return;
    const ordered = shingleList(passage.text, size);
    const own = new Set(ordered);
    // A near repeat that adds a line of its own (the title on a card whose bio is quoted elsewhere)
    // is kept: that line may be the answer.
    const isDuplicate = keptShingles.some(
      (kept) =>
        (jaccard(own, kept) >= threshold || containment(own, kept) >= containmentThreshold) && !addsARun(ordered, kept),
    );
    if (isDuplicate) return;
    selected.push(passage);
    keptShingles.push(own);
    perUrl.set(passage.url, (perUrl.get(passage.url) ?? 0) + 1);
    used += cost;
  };
  // Against the fifth best rather than the best: one strongly boosted passage (the person's own
  // row) must not lift the bar above the rest of the evidence.
  const floor = (ranked[Math.min(4, ranked.length - 1)]?.score ?? 0) * (options.minScoreRatio ?? 0.25);
  // Sources first, among the passages that clear the floor; then the best of the rest that clear
  // it, wherever they come from (the fifth passage of the page that answers outranks the first of
  // a page that barely matches); then, with budget left, the first passages of the pages below it.
  const firstOfPage = (passage: RankedPassage) => (perUrl.get(passage.url) ?? 0) < firstPerUrl;
  // A page's passage past its first few waits for other pages' passages, but not for those that
  // score less than half of it: the table deep in the page that answers outranks the other pages'
  // openings that barely match.
  const waiting: RankedPassage[] = [];
  for (const passage of ranked) {
    if (passage.score < floor) continue;
    while (waiting.length > 0 && (waiting[0]?.score ?? 0) >= passage.score * WAITS_FOR_SHARE)
      consider(waiting.shift() as RankedPassage);
    if (firstOfPage(passage)) consider(passage);
    else waiting.push(passage);
  }
  for (const passage of ranked) if (!considered.has(passage) && passage.score >= floor) consider(passage);
  for (const passage of ranked) if (!considered.has(passage) && firstOfPage(passage)) consider(passage);
  // The prompt shows them best first, whichever pass took them.
  const order = new Map(ranked.map((passage, index) => [passage, index]));
  selected.sort((left, right) => (order.get(left) ?? 0) - (order.get(right) ?? 0));
  return selected;
}
