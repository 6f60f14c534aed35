import type { ResearchBody, ResearchCase } from "@dossier/testing";
import type { FieldScore } from "./object-case.js";

/**
 * Which case files a case comes from: the simulated fixture sites, one of the two folders of saved
 * real sites, or the held-out questions over both folders.
 */
export type CaseSetName = "fixture" | "realweb" | "realweb2" | "realweb-heldout";

/** Every case set, in the order the report lists them. */
export const caseSetNames: readonly CaseSetName[] = ["fixture", "realweb", "realweb2", "realweb-heldout"];

/**
 * The sets `--set all` runs: those the pipeline is tuned and held to targets on. The held-out set
 * runs only when named: it measures retrieval on questions nobody tuned on, and a set run at every
 * turn would soon be tuned on too.
 */
export const targetedSetNames: readonly CaseSetName[] = ["fixture", "realweb", "realweb2"];

/** Whether a set is one of saved real sites (its cases carry the kind of page, the reach and the identity). */
export const isRealwebSet = (set: CaseSetName) => set !== "fixture";

/** What one case produced, as the report needs it. */
export interface CaseResult {
  id: string;
  set: CaseSetName;
  /** The responseType, or `ENRICH` for an enrichment case. */
  group: string;
  /** The kind of value the question asks for, as verification reads it (answer-kind.ts); typed questions only. */
  answerKind?: string;
  /** Real-web cases: the kind of page that answers, the way to it, the person's identity form. */
  pageKind?: string;
  reach?: string;
  identity?: string;
  /** Held-out cases: the folder of saved sites the case ran on. */
  world?: string;
  /** HTTP status of the call. */
  status: number;
  /** The case expects "the evidence does not say". */
  expectsUnknown: boolean;
  /** The answer is the expected one (for an unanswerable case: it was withheld). */
  correct: boolean;
  /**
   * As a shown answer: right when every value it shows is expected. The same as `correct`, except
   * for an answer object, which counts right when each field it fills is right (a field left null
   * is coverage lost, not a wrong answer).
   */
  shownCorrect?: boolean;
  /** The response withheld an answer (both answer fields null). */
  withheld: boolean;
  /** Whether every proving phrase reached the prompt; null when the case has no proof. */
  evidenceInPrompt: boolean | null;
  sources: string[];
  /** Sources that are a proving page or hold a proving phrase. */
  provingSources: number;
  /** A non-null answer none of whose returned quotes states it; null when that cannot be told. */
  unsupportedAnswer: boolean | null;
  /** Prompt tokens (cl100k_base) of each model call of the case. */
  promptTokens: number[];
  /** Completion tokens of the case's calls: counted on the replies (cl100k_base) when the oracle gave them, else as the worker logged them. */
  completionTokens: number;
  modelCalls: number;
  /** Pages the run read (fetched or from the page cache) and searches it made, from the response's `usage`. */
  pagesRead: number | null;
  searches: number | null;
  latencyMs: number;
  /** The response's confidence, and the model's own number when the worker logged it. */
  confidence: number | null;
  modelConfidence: number | null;
  /** Quotes the model gave and verification rejected, when the worker logged them. */
  rejectedQuotes: number | null;
  /** The call failed because the model's output never fit the schema (LLM_OUTPUT_INVALID). */
  schemaFailure: boolean;
  /** outputSchema cases: the answer object field by field. */
  fields?: FieldScore;
  /** Person cases: the record returned and the one expected. */
  person?: Record<string, string | null>;
  expectedPerson?: Record<string, string | null>;
  /** The record's fields a page states (each with a proof in the case). */
  personProven?: string[];
  /** Of those, the fields a page states on the person's own card or row. */
  personOnCard?: string[];
  /** Of those, the fields whose proving phrase reached the prompt. */
  personInPrompt?: string[];
  /** Other values pages state for a field that count as right too. */
  alsoRight?: Partial<Record<string, string[]>>;
}

/** Words only, so that punctuation and dashes the extractor adds do not hide a phrase. */
export function wordsOf(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * A text's words as a phrase is matched against them. The numbers of an ordered list ("1.") are
 * left out on either side: the prompt writes a list's numbers where the page's text may not, and a
 * phrase copied from a page may hold them where the prompt's passage, cut at the item, does not.
 */
function matchWords(text: string): string {
  return wordsOf(text.replace(/(^|\s)\d{1,2}\.(?=\s|$)/g, " "));
}

/** The first of `passages` whose text holds `phrase` as whole words. */
export function passageWith<T extends { text: string }>(passages: readonly T[], phrase: string): T | undefined {
  const wanted = matchWords(phrase);
  return passages.find((passage) => ` ${matchWords(passage.text)} `.includes(` ${wanted} `));
}

/** A piece of a proof phrase, as the phrase writes it, and the passage that holds it. */
export interface PhrasePiece<T> {
  passage: T;
  quote: string;
}

/** Words a piece of a phrase holds at least, unless it is the phrase's last: fewer may stand anywhere. */
const MIN_PIECE_WORDS = 4;

/**
 * Where the prompt holds a proof phrase: one passage that holds it whole, or else the passages of
 * one page that hold it in pieces of four words or more, in the phrase's order (a table cut into
 * blocks that each repeat its header row, a paragraph cut at a sentence, a list item apart from the
 * sentence that leads into it). The model is shown every word of the proof either way. Undefined
 * when the prompt does not hold it.
 */
export function phraseInPassages<T extends { text: string; url: string }>(
  passages: readonly T[],
  phrase: string,
): PhrasePiece<T>[] | undefined {
  const whole = passageWith(passages, phrase);
  if (whole) return [{ passage: whole, quote: phrase }];
  // Each of the phrase's tokens with its words, so that a piece of words is quoted as the phrase wrote it.
  const tokens = phrase.split(/\s+/).filter(Boolean);
  const tokenWords = tokens.map((token) => matchWords(token).split(" ").filter(Boolean));
  const words = tokenWords.flat();
  const tokenOf = tokenWords.flatMap((inToken, index) => inToken.map(() => index));
  const pages = new Map<string, T[]>();
  for (const passage of passages) pages.set(passage.url, [...(pages.get(passage.url) ?? []), passage]);
  for (const group of pages.values()) {
    const texts = group.map((passage) => ` ${matchWords(passage.text)} `);
    const pieces: PhrasePiece<T>[] = [];
    let start = 0;
    while (start < words.length) {
      let end = start;
      let holder: T | undefined;
      for (let candidate = words.length; candidate > start && !holder; candidate -= 1) {
        const at = texts.findIndex((text) => text.includes(` ${words.slice(start, candidate).join(" ")} `));
        if (at >= 0) [end, holder] = [candidate, group[at]];
      }
      if (!holder || end - start < Math.min(MIN_PIECE_WORDS, words.length - start)) break;
      pieces.push({ passage: holder, quote: tokens.slice(tokenOf[start], (tokenOf[end - 1] ?? 0) + 1).join(" ") });
      start = end;
    }
    if (start >= words.length && pieces.length > 0) return pieces;
  }
  return undefined;
}

/**
 * Whether a text answer holds every word of the expected one, an article it opens with aside ("Linux
 * Foundation" for "the Linux Foundation"); one that holds only a part of it does not say it.
 */
export function holdsWords(given: string, expected: string): boolean {
  const words = new Set(wordsOf(given).split(" "));
  // "and" joins the parts of a title or a list as a comma or "&" does: "Co-Founder, CEO" is "Co-Founder and CEO".
  return wordsOf(expected)
    .replace(/^(?:the|a|an) (?=\S)/, "")
    .split(" ")
    .every((word) => words.has(word) || word === "and");
}

/** A phone number is the same phone however it is grouped: "+1 617 555 0142" and "+16175550142". */
export function samePhone(given: string, expected: string): boolean {
  const phone = /^\+?[\d\s().-]{7,}$/;
  return (
    phone.test(expected.trim()) && phone.test(given.trim()) && given.replace(/\D/g, "") === expected.replace(/\D/g, "")
  );
}

/** Whether one calendar date gives the other: equal, or one a prefix at a date boundary ("2020" for "2020-02"). */
export function sameDate(given: string, expected: string): boolean {
  return given === expected || given.startsWith(`${expected}-`) || expected.startsWith(`${given}-`);
}

/** A URL as an answer is compared: scheme, `www.` and a trailing slash aside. */
const urlKey = (url: string) =>
  url
    .replace(/^https?:\/\//, "")
    .replace(/^www\./, "")
    .replace(/\/+$/, "");

/**
 * Whether a response gives the answer a case expects (an unanswerable case: both fields null).
 * The rule per responseType, as the report states it: NUMBER, BOOL and OPTION equal; DATE equal,
 * or one a prefix of the other at a date boundary (a year for a full date counts: "2018" for
 * "2018-12-05"); URL equal with scheme, `www.` and a trailing slash aside; OPTIONS the same set;
 * TEXT when the answer holds every word of the expected one (an article it opens with, "and", case,
 * accents and punctuation aside), or for a phone number the same digits.
 */
export function answerMatches(testCase: ResearchCase, body: ResearchBody): boolean {
  const { answerText, answerNumber } = testCase.expected;
  const expectsUnknown = (answerText ?? null) === null && (answerNumber ?? null) === null;
  if (expectsUnknown) return body.answerText === null && body.answerNumber === null;
  if (answerNumber !== undefined && answerNumber !== null && body.answerNumber !== answerNumber) return false;
  if (answerText === undefined || answerText === null || testCase.request.responseType === "NUMBER") return true;
  if (typeof body.answerText !== "string") return false;
  const given = body.answerText;
  switch (testCase.request.responseType) {
    case "DATE":
      return sameDate(given, answerText);
    case "OPTIONS": {
      const chosen = new Set(JSON.parse(given) as string[]);
      const expected = new Set(JSON.parse(answerText) as string[]);
      return chosen.size === expected.size && [...expected].every((option) => chosen.has(option));
    }
    case "TEXT":
      return (
        holdsWords(given, answerText) ||
        samePhone(given, answerText) ||
        holdsWords(given, withoutOwnOrganisation(answerText, testCase))
      );
    case "URL":
      return urlKey(given) === urlKey(answerText);
    default:
      return given === answerText;
  }
}

/**
 * An expected title without the organisation the request names: "General Partner" is the answer
 * to "What is her title?" about someone at GV, whose case expects "General Partner at GV".
 */
function withoutOwnOrganisation(expected: string, testCase: ResearchCase): string {
  const organisation = testCase.request.person?.company?.name ?? testCase.request.company?.name;
  if (!organisation) return expected;
  const match = /^(.+?)(?:\s+(?:at|of)\s+|,\s*)(.+)$/i.exec(expected.trim());
  return match?.[1] && wordsOf(match[2] ?? "") === wordsOf(organisation) ? match[1] : expected;
}

/** Words that do not change what a title says: "VP of Product" is "VP Product". */
const TITLE_FILLER = new Set(["of", "the", "and", "for"]);

/** A title's words as a set, order and filler words aside: "CEO & Co-founder" is "Co-Founder & CEO". */
function titleWords(title: string): string {
  return [...new Set(wordsOf(title).split(" "))]
    .filter((word) => word && !TITLE_FILLER.has(word))
    .sort()
    .join(" ");
}

/**
 * Whether a field of the returned person record is the expected value (or one of `alsoRight`): a
 * title by its words (case, punctuation, order and "of"/"the"/"and"/"for" aside), a city by its
 * words, anything else equal.
 */
export function samePersonField(
  field: string,
  given: string | null | undefined,
  expected: string | null | undefined,
  alsoRight: readonly string[] = [],
): boolean {
  if (given == null) return expected == null;
  return [expected, ...alsoRight].some((value) => {
    if (value == null) return false;
    if (field === "jobTitle") return titleWords(given) === titleWords(value);
    if (field === "city") return wordsOf(given) === wordsOf(value);
    return given === value;
  });
}

/** Same page, whatever the scheme and a trailing slash. */
export function sameUrl(left: string, right: string): boolean {
  const key = (url: string) => url.replace(/^https?:\/\//, "").replace(/\/$/, "");
  return key(left) === key(right);
}
