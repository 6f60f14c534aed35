/** One page (or search result) whose quote states the answer. */
export interface SupportingSource {
  /** On the subject's own site. */
  ownSite: boolean;
  /** Only a search engine's snippet of the page was read, not the page. */
  snippet: boolean;
  /** At least one of its quotes is on the page word for word (not only within the tolerance). */
  exact: boolean;
  /** The page's stated date (ISO 8601), when it has one. */
  publishedAt: string | null;
}

export interface ConfidenceInput {
  sources: readonly SupportingSource[];
  /** The model's own probability that its answer is right, 0 to 1. */
  modelConfidence: number;
  /** Citations on their page that do not state the answer: the evidence disagrees with itself. */
  conflicting: number;
  /** Citations whose quote is not on the cited page: the model invented or misplaced them. */
  unverified: number;
  /** How the best quote answers the question (answers-question.ts); absent where no such check ran. */
  checks?: AnswerChecks;
  now: Date;
}

/** What the checks of the best answering quote found beyond the quote being on its page. */
export interface AnswerChecks {
  /** The answer is of the kind asked and the quote shows it as such (a currency, a counted noun, a title, a link). */
  kindShown: boolean;
  /** The quote names the subject (the company or the person) itself. */
  subjectNamed: boolean;
  /** Share of the question's topic words the quote (with its lead-in and page title) speaks of. */
  topicShare: number;
}

/** How much one source's statement is worth, before it is combined with the others. */
export const SOURCE_WEIGHTS = { ownSite: 0.85, thirdParty: 0.7, snippet: 0.4 } as const;
/** A quote found only within the tolerance (a word changed or skipped) counts this much of an exact one. */
export const FUZZY_MATCH_FACTOR = 0.85;
/** The model's own number's share of the confidence; the evidence and the checks have the rest. */
export const MODEL_SHARE = 0.15;
/** How much the checks' support counts when no check ran (an answer object's field). */
export const UNCHECKED_SUPPORT = 0.85;
/** An answer no page states word for word, only search snippets, never goes above this. */
export const SNIPPET_ONLY_CAP = 0.75;

const YEAR_MS = 365.25 * 86_400_000;

/** Older statements are more likely out of date: 1 within two years, 0.9 within five, 0.75 beyond. */
function ageFactor(publishedAt: string | null, now: Date): number {
  if (!publishedAt) return 1;
  const time = Date.parse(publishedAt);
  if (Number.isNaN(time)) return 1;
  const years = (now.getTime() - time) / YEAR_MS;
  return years <= 2 ? 1 : years <= 5 ? 0.9 : 0.75;
}

/**
 * How well the checks of the best quote support the answer, 0.55 to 1: the topic's share, the
 * kind shown by the quote itself, and the subject named in it each add up to 0.15.
 */
export function checkSupport(checks: AnswerChecks | undefined): number {
  if (!checks) return UNCHECKED_SUPPORT;
  return (
    0.55 +
    0.15 * Math.min(1, Math.max(0, checks.topicShare)) +
    (checks.kindShown ? 0.15 : 0) +
    (checks.subjectNamed ? 0.15 : 0)
  );
}

/**
 * The confidence of a verified answer (docs/api.md, "Confidence"):
 *
 *   w(s)      = base(s) x match(s) x age(s)   base: own site 0.85, third party 0.7, snippet 0.4;
 *                                             match: exact 1, fuzzy 0.85; age: <=2 y 1, <=5 y 0.9, else 0.75
 *   evidence  = 1 - prod over sources (1 - w(s))          independent sources add up
 *   support   = 0.55 + 0.15 x topic share + 0.15 if the quote shows the kind + 0.15 if it names the subject
 *   strength  = evidence x support x 0.7 ^ conflicting x 0.85 ^ unverified
 *   calibrated = 0.70 + 0.38 x strength                   (0 without a source); the line fitted on `pnpm eval`
 *   confidence = 0.85 x calibrated + 0.15 x model         capped at 0.97, and at 0.75 on snippets alone
 */
export function evidenceConfidence(input: ConfidenceInput): number {
  let doubt = 1;
  for (const source of input.sources) {
    const base = source.snippet
      ? SOURCE_WEIGHTS.snippet
      : source.ownSite
        ? SOURCE_WEIGHTS.ownSite
        : SOURCE_WEIGHTS.thirdParty;
    const weight = base * (source.exact ? 1 : FUZZY_MATCH_FACTOR) * ageFactor(source.publishedAt, input.now);
    doubt *= 1 - weight;
  }
  const strength = (1 - doubt) * checkSupport(input.checks) * 0.7 ** input.conflicting * 0.85 ** input.unverified;
  const calibrated = input.sources.length > 0 ? CALIBRATION.floor + CALIBRATION.slope * strength : 0;
  const model = Math.min(1, Math.max(0, input.modelConfidence));
  let confidence = (1 - MODEL_SHARE) * calibrated + MODEL_SHARE * model;
  if (input.sources.length > 0 && input.sources.every((source) => source.snippet))
    confidence = Math.min(confidence, SNIPPET_ONLY_CAP);
  return Math.round(Math.min(0.97, Math.max(0, confidence)) * 100) / 100;
}

/** The line from evidence strength to the chance of being right, fitted on `pnpm eval` (docs/performance.md). */
export const CALIBRATION = { floor: 0.7, slope: 0.38 } as const;
