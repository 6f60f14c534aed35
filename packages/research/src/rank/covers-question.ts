import type { ResponseType } from "@dossier/contract";
import type { RankedPassage } from "./passage.js";
import { questionTerms } from "./question-terms.js";
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
}

/** Passages looked at: the answer is expected near the top of the ranking. */
const TOP_PASSAGES = 5;
/** Share of the question's weighted terms a passage must hold. */
const MIN_TERM_SHARE = 0.75;

const YEAR = /\b(1[89]\d\d|20\d\d)\b/;
const NUMBER =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|hundred|thousand|million|billion)\b/i;

/** Whether a passage holds something of the shape the answer needs: a year for a date, a number for a number, an option. */
function hasAnswerShape(text: string, question: CoverageQuestion): boolean {
  switch (question.responseType) {
    case "DATE":
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
      return true;
  }
}

/**
 * Whether the best passages after ranking can answer the question, so that no second look is
 * needed: one of the top five holds three quarters of the question's own words (by IDF-like weight,
 * the subject's names aside), carries something of the answer's shape (a year for DATE, a number
 * for NUMBER, one of the options for OPTION/OPTIONS) and, for a person, names them. A question
 * with no words of its own beyond the subject counts as covered by any passage naming the subject.
 */
export function coversQuestion(ranked: readonly RankedPassage[], question: CoverageQuestion): boolean {
  const top = ranked.slice(0, TOP_PASSAGES);
  if (top.length === 0) return false;
  const subjectTerms = new Set(question.subjectTerms.flatMap((term) => tokenize(term)));
  const own = questionTerms(question.question).filter((entry) => entry.weight === 1 && !subjectTerms.has(entry.term));
  const person = question.personName ? tokenize(question.personName) : [];
  return top.some((passage) => {
    const terms = new Set(tokenize(`${passage.heading ?? ""} ${passage.text}`));
    if (person.length > 0 && !person.every((term) => terms.has(term))) return false;
    if (!hasAnswerShape(passage.text, question)) return false;
    if (own.length === 0) return true;
    // Longer words are rarer and say more: weigh each term by its length, a cheap stand-in for IDF.
    const weightOf = (term: string) => Math.min(8, term.length);
    const total = own.reduce((sum, entry) => sum + weightOf(entry.term), 0);
    const held = own.filter((entry) => terms.has(entry.term)).reduce((sum, entry) => sum + weightOf(entry.term), 0);
    return held / total >= MIN_TERM_SHARE;
  });
}
