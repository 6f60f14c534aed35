import type { ResponseType } from "@dossier/contract";
import { isOwnSite, mentionsAny } from "../own-site.js";
import { legalWords } from "../text/legal-terms.js";
import { titleEquivalents } from "../text/title-abbreviations.js";
import { answerKindOf } from "../verify/answer-kind.js";
import { ASKS_DAY } from "../verify/answers-question.js";
import { readDates } from "../verify/read-dates.js";
import type { RankedPassage } from "./passage.js";
import { questionTerms, relatedWords } from "./question-terms.js";
import { tokenize } from "./tokenize.js";

/** What decides whether the best passages can answer. */
export interface CoverageQuestion {
  question: string;
  responseType: ResponseType;
  responseOptions: readonly string[];
  /** Names of the subject: said everywhere, so they do not count as covering the question. */
  subjectTerms: readonly string[];
  /** For a person: the name a covering passage must carry. */
  personName?: string | null;
  /**
   * The subject's own sites and the names it goes by. A passage of another site covers only where
   * it names the subject itself: the page may name the subject once and tell of someone else.
   */
  subject?: { ownSites: readonly string[]; names: readonly string[] };
}

/** Passages looked at: the answer is expected near the top of the ranking. */
const TOP_PASSAGES = 5;
/** Share of the question's weighted terms a passage must hold. */
const MIN_TERM_SHARE = 0.9;

/**
 * Words that give a question its form rather than its subject: "how many", "how much", "how long",
 * "how often", "on what day", "the URL of the careers page", "the phone number", "the full name". A
 * page that answers rarely repeats them.
 */
const FORM_WORDS = new Set([
  "many",
  "much",
  "long",
  "often",
  "day",
  "date",
  "url",
  "page",
  "website",
  "number",
  "name",
  "full",
  "exactly",
]);

/**
 * Words that name the subject without its name ("her company", "the firm"): like the subject's
 * names, they say nothing about what is asked.
 */
const SUBJECT_WORDS = ["company", "firm", "business", "organization", "organisation", "employer", "startup"];

/** Letters two words must share at the start to count as one word ("integrate", "integrations"). */
const SHARED_STEM = 5;

const YEAR = /\b(1[89]\d\d|20\d\d)\b/;
const NUMBER =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|hundred|thousand|million|billion)\b/i;

/** Whether a passage holds something of the shape the answer needs: a year for a date, a number for a number, an option. */
function hasAnswerShape(text: string, question: CoverageQuestion): boolean {
  switch (question.responseType) {
    case "DATE":
      // "On what day": a passage with a year but no day of it cannot say.
      if (ASKS_DAY.test(question.question)) return readDates(text).some((date) => date.day !== null);
      return YEAR.test(text);
    case "NUMBER":
      return NUMBER.test(text);
    case "URL":
      // The page itself may be the answer ("the careers page"): any passage can carry it.
      return true;
    case "OPTION":
    case "OPTIONS": {
      const terms = new Set(tokenize(text));
      return question.responseOptions.some((option) => tokenize(option).some((term) => terms.has(term)));
    }
    default:
      // "How long", "how many", "how much" in words: a passage without a figure cannot say.
      if (/\bhow (?:long|many|much)\b/i.test(question.question)) return NUMBER.test(text) || DURATION_WORD.test(text);
      // "Who is the chief executive?": a glossary's "works with the CEO" names no one.
      if (answerKindOf(question.question, question.responseType) === "person")
        return holdsPersonName(text, question.subjectTerms);
      return true;
  }
}

/** Two or three capitalised words in a row, as a person's name is written ("Ada Park", "Ada K. Park"). */
const NAME_LIKE = /(?<![\p{L}\p{N}])\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}\.)?(?:\s+\p{Lu}[\p{Ll}'’-]+){1,2}(?![\p{L}\p{N}])/gu;

/**
 * Whether a text names someone: two or three capitalised words in a row, none of them the
 * subject's name nor a word the text also writes in lower case ("Leadership Team" beside "senior
 * leadership team", "Customer Success" beside "customer revenue"), which people's names seldom are.
 */
function holdsPersonName(text: string, subjectTerms: readonly string[]): boolean {
  const subject = new Set(subjectTerms.flatMap((term) => tokenize(term)));
  const lower = new Set(text.match(/(?<![\p{L}])\p{Ll}[\p{Ll}'’-]+/gu) ?? []);
  return [...text.matchAll(NAME_LIKE)].some((match) => {
    const words = match[0].split(/\s+/).filter((word) => !/^\p{Lu}\.$/u.test(word));
    return words.every((word) => !lower.has(word.toLowerCase()) && !tokenize(word).some((term) => subject.has(term)));
  });
}

/** Words that state a span of time without a figure: "unlimited", "indefinitely", "a year". */
const DURATION_WORD =
  /\b(?:unlimited|indefinitely|forever|permanently|a (?:day|week|month|year|decade)|(?:days|weeks|months|years|hours|minutes))\b/i;

/** The words a passage may use for each of the question's own words: the word, the words pages use for it, a title's other form. */
function wordsFor(question: string, own: readonly string[]): Map<string, Set<string>> {
  const alternatives = new Map(own.map((term) => [term, new Set([term])]));
  for (const word of question.toLowerCase().match(/[\p{L}\p{N}-]+/gu) ?? []) {
    const term = tokenize(word)[0];
    const known = term === undefined ? undefined : alternatives.get(term);
    if (known)
      for (const related of tokenize([...relatedWords(word), ...legalWords(word)].join(" "))) known.add(related);
  }
  // A title's words are held by its short form, and a short form by the title's words.
  for (const { written, other } of titleEquivalents(question)) {
    const others = tokenize(other);
    for (const term of tokenize(written)) for (const alternative of others) alternatives.get(term)?.add(alternative);
  }
  return alternatives;
}

/** Whether `terms` hold `term`: itself, a word pages use for it, or a word of the same stem. */
function holds(terms: ReadonlySet<string>, term: string, alternatives: ReadonlySet<string>): boolean {
  for (const alternative of alternatives) if (terms.has(alternative)) return true;
  if (term.length < SHARED_STEM) return false;
  const stem = term.slice(0, SHARED_STEM);
  for (const held of terms) if (held.length >= SHARED_STEM && held.startsWith(stem)) return true;
  return false;
}

/**
 * Whether the best passages after ranking can answer the question, so that no second look is
 * needed: one of the top five holds nine tenths of the question's own words (by IDF-like weight;
 * the subject's names, the words naming it such as "her company", and the words of the question's
 * form aside; a word counts as held when the passage uses it, a word pages use for it, or a word of
 * the same stem), carries something of the answer's shape (a year for DATE, a number for NUMBER, one
 * of the options for OPTION/OPTIONS) and, for a person, names them; off the subject's own sites,
 * the passage must name the subject. A question with no words of its
 * own beyond the subject counts as covered by any passage naming the subject.
 */
export function coversQuestion(ranked: readonly RankedPassage[], question: CoverageQuestion): boolean {
  return coveringPassage(ranked, question) !== null;
}

/** The best ranked of the passages that {@link coversQuestion} finds covering the question; null when none does. */
export function coveringPassage(ranked: readonly RankedPassage[], question: CoverageQuestion): RankedPassage | null {
  const top = ranked.slice(0, TOP_PASSAGES);
  if (top.length === 0) return null;
  const subjectTerms = new Set([...question.subjectTerms, ...SUBJECT_WORDS].flatMap((term) => tokenize(term)));
  const own = questionTerms(question.question)
    .filter((entry) => entry.weight === 1 && !subjectTerms.has(entry.term) && !FORM_WORDS.has(entry.term))
    .map((entry) => entry.term);
  const alternatives = wordsFor(question.question, own);
  const person = question.personName ? tokenize(question.personName) : [];
  // Longer words are rarer and say more: weigh each term by its length, a cheap stand-in for IDF.
  const weightOf = (term: string) => Math.min(8, term.length);
  const total = own.reduce((sum, term) => sum + weightOf(term), 0);
  const covering = top.find((passage) => {
    const terms = new Set(tokenize(`${passage.heading ?? ""} ${passage.text}`));
    if (person.length > 0 && !person.every((term) => terms.has(term))) return false;
    if (question.subject && !isOwnSite(passage.url, question.subject.ownSites)) {
      const named = mentionsAny({ title: passage.heading, text: passage.text }, question.subject.names);
      if (!named) return false;
    }
    if (!hasAnswerShape(passage.text, question)) return false;
    if (own.length === 0) return true;
    const held = own
      .filter((term) => holds(terms, term, alternatives.get(term) ?? new Set()))
      .reduce((sum, term) => sum + weightOf(term), 0);
    return held / total >= MIN_TERM_SHARE;
  });
  return covering ?? null;
}
