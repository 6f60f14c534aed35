import { isOwnSite } from "../own-site.js";
import { companyNameForms } from "../text/company-names.js";
import { initialismsOfNames } from "../text/initialisms.js";
import { termsNameFullName } from "../text/person-names.js";
import type { Passage, RankedPassage } from "./passage.js";
import { questionTerms } from "./question-terms.js";
import { tokenize } from "./tokenize.js";

/** What the passages are ranked against. */
export interface RankQuery {
  /** The user's question, in free text. */
  question: string;
  /** Names that identify the subject: "Jane Doe", "Acme", "acme.com". Passages naming them are boosted. */
  subjectTerms: string[];
  /**
   * For a person: the name the request knows them by ("Jane Doe", or the first name alone). A
   * passage naming it is boosted far above the rest: on a directory of hundreds of people, only the
   * person's own row answers.
   */
  personName?: string | null;
  /**
   * What an answering passage looks like (a place, a year, an amount): such passages get
   * {@link SHAPE_BONUS}, times the weight returned when it is a number (true is 1).
   */
  answerShape?: ((text: string) => boolean | number) | null;
  /** The options an OPTION or OPTIONS answer is chosen from: a passage naming them is about the answer. */
  options?: readonly string[];
  /**
   * For a company: its name, and its own sites. On another site's page that names it in few of
   * its passages (a directory, a list, a register), those passages are its card or row, boosted
   * far above the page's others, which are about other companies.
   */
  company?: { names: readonly string[]; ownSites: readonly string[] } | null;
}

/** Tuning of {@link rankPassages}. */
export interface RankPassagesOptions {
  /** BM25 term-frequency saturation. Default 1.2. */
  k1?: number;
  /** BM25 length normalisation, 0 (none) to 1 (full). Default 0.75. */
  b?: number;
  /**
   * Weight of the subject boost: a passage naming every subject term scores
   * `bm25 * (1 + subjectBoost) + subjectBoost`, one naming none keeps its BM25 score. Default 0.5.
   */
  subjectBoost?: number;
  /** At most this many passages from one URL in the result. Default: no cap (selectWithinBudget keeps the evidence diverse). */
  maxPerUrl?: number;
  /** At most this many passages in the result. Default: no limit. */
  limit?: number;
  /** Keep passages that match neither the question nor the subject (score 0). Default false. */
  keepUnmatched?: boolean;
  /**
   * Score multiplier by where a passage's text comes from. Default: a search engine's snippet
   * weighs 0.6 of the same words on the page itself (second-hand, cut short, possibly stale).
   */
  sourceWeights?: Partial<Record<Passage["source"], number>>;
}

const DEFAULT_K1 = 1.2;
const DEFAULT_B = 0.75;
const DEFAULT_SUBJECT_BOOST = 0.5;
const DEFAULT_SOURCE_WEIGHTS: Partial<Record<Passage["source"], number>> = { "search-snippet": 0.6 };

/** Added to the score of a passage of the answer's shape. */
const SHAPE_BONUS = 1;

/** Weight of an option's words: as much as a word of the question. */
const OPTION_WEIGHT = 1;

/** Weight of a company's card or row on another site's page: `(score + 1) * 3`, as for a person. */
const CARD_BOOST = 3;
/** What is left of the score of the other passages of a page that has the company's card. */
const OTHER_CARDS = 0.25;
/** A page names the company in at most this share of its passages to be a page of many (a directory). */
const CARD_SHARE = 0.2;
/** A page of fewer passages is read whole, whatever it names. */
const CARD_PAGE_PASSAGES = 6;

/** Weight of naming the person: a passage with their name scores `(bm25 + 1) * 3`. */
const PERSON_BOOST = 3;

function containsSequence(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  outer: for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    for (let offset = 0; offset < needle.length; offset += 1) {
      if (haystack[start + offset] !== needle[offset]) continue outer;
    }
    return true;
  }
  return false;
}

/** A passage's terms as BM25 reads them. */
interface IndexedPassage {
  /** Length in terms. */
  length: number;
  /** Occurrences of each term. */
  frequencies: Map<string, number>;
  terms: string[];
  /** Short forms the passage spells out in capitalised words ("Business Associate Addendum" is "baa"). */
  spelledOut: Set<string>;
}

// Passages of a page are made once per page (splitPassages), so their index is kept with them.
const indexed = new WeakMap<Passage, IndexedPassage>();

function indexPassage(passage: Passage): IndexedPassage {
  let entry = indexed.get(passage);
  if (!entry) {
    // The heading is indexed with the text: "Our story" tells what the paragraphs under it are about.
    const terms = tokenize(passage.heading === null ? passage.text : `${passage.heading}\n${passage.text}`);
    const frequencies = new Map<string, number>();
    for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    const text = passage.heading === null ? passage.text : `${passage.heading}\n${passage.text}`;
    const spelledOut = new Set([...initialismsOfNames(text)].flatMap((initialism) => tokenize(initialism)));
    entry = { length: terms.length, frequencies, terms, spelledOut };
    indexed.set(passage, entry);
  }
  return entry;
}

/**
 * Ranks passages by BM25 against the question and the words pages use for what it asks (weighted
 * lower), boosts those that name the subject, and those naming the person far more. At most
 * `maxPerUrl` passages of one page when set. Ties keep the input order, so the
 * ranking is deterministic.
 */
export function rankPassages(
  passages: readonly Passage[],
  query: RankQuery,
  options: RankPassagesOptions = {},
): RankedPassage[] {
  const k1 = options.k1 ?? DEFAULT_K1;
  const b = options.b ?? DEFAULT_B;
  const subjectBoost = options.subjectBoost ?? DEFAULT_SUBJECT_BOOST;
  const maxPerUrl = options.maxPerUrl ?? Number.POSITIVE_INFINITY;
  if (passages.length === 0) return [];

  const documents = passages.map(indexPassage);
  const averageLength = documents.reduce((sum, document) => sum + document.length, 0) / documents.length || 1;
  const queryTerms = questionTerms(query.question);
  // The options to choose from are what an answering passage names.
  for (const term of new Set((query.options ?? []).flatMap((option) => tokenize(option))))
    if (!queryTerms.some((entry) => entry.term === term)) queryTerms.push({ term, weight: OPTION_WEIGHT });
  // A short form asked ("BAA") is found where a passage spells it out, once, unless it writes it too.
  const frequencyIn = (document: IndexedPassage, term: string) =>
    document.frequencies.get(term) ?? (document.spelledOut.has(term) ? 1 : 0);
  const documentFrequency = new Map<string, number>();
  for (const document of documents) {
    for (const term of document.frequencies.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    for (const { term } of queryTerms)
      if (!document.frequencies.has(term) && document.spelledOut.has(term))
        documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  // A subject is named when any form of its name is: "Example Company (The)", "Example, Inc." as "Example Inc".
  const subjects = query.subjectTerms
    .map((term) =>
      companyNameForms(term)
        .map(tokenize)
        .filter((terms) => terms.length > 0),
    )
    .filter((forms) => forms.length > 0);
  const person = query.personName ? tokenize(query.personName) : [];
  const count = passages.length;
  // Another site's page of many entries that names the company in few passages: those are its card.
  const companyForms = (query.company?.names ?? [])
    .flatMap((name) => companyNameForms(name).map(tokenize))
    .filter((form) => form.length > 0);
  const cardPages = new Set<string>();
  if (companyForms.length > 0 && query.company) {
    const perPage = new Map<string, { passages: number; naming: number }>();
    passages.forEach((passage, index) => {
      if (passage.source !== "page" || isOwnSite(passage.url, query.company!.ownSites)) return;
      const entry = perPage.get(passage.url) ?? { passages: 0, naming: 0 };
      entry.passages += 1;
      if (companyForms.some((form) => containsSequence(documents[index]!.terms, form))) entry.naming += 1;
      perPage.set(passage.url, entry);
    });
    for (const [url, entry] of perPage)
      if (entry.passages >= CARD_PAGE_PASSAGES && entry.naming > 0 && entry.naming <= entry.passages * CARD_SHARE)
        cardPages.add(url);
  }

  const scored = passages.map((passage, index) => {
    const document = documents[index]!;
    const { terms } = document;
    let bm25 = 0;
    for (const { term, weight } of queryTerms) {
      const frequency = frequencyIn(document, term);
      if (frequency === 0) continue;
      const containing = documentFrequency.get(term) ?? 0;
      const inverse = Math.log(1 + (count - containing + 0.5) / (containing + 0.5));
      bm25 +=
        (weight * inverse * frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * terms.length) / averageLength));
    }
    const mentioned =
      subjects.length === 0
        ? 0
        : subjects.filter((forms) => forms.some((form) => containsSequence(terms, form))).length / subjects.length;
    // With middle names the caller left out between: "Mira Okafor Lund" for "Mira Lund".
    const namesPerson = person.length > 0 && termsNameFullName(terms, person);
    const shape = query.answerShape?.(passage.text) ?? false;
    const shaped = SHAPE_BONUS * (typeof shape === "number" ? shape : shape ? 1 : 0);
    const subjectScore = (bm25 + shaped) * (1 + subjectBoost * mentioned) + subjectBoost * mentioned;
    const sourceWeight = (options.sourceWeights ?? DEFAULT_SOURCE_WEIGHTS)[passage.source] ?? 1;
    let score = (namesPerson ? (subjectScore + 1) * PERSON_BOOST : subjectScore) * sourceWeight;
    if (cardPages.has(passage.url))
      score = companyForms.some((form) => containsSequence(terms, form))
        ? (score + 1) * CARD_BOOST
        : score * OTHER_CARDS;
    return { passage, score, index };
  });

  scored.sort((left, right) => right.score - left.score || left.index - right.index);
  const perUrl = new Map<string, number>();
  const ranked: RankedPassage[] = [];
  for (const { passage, score } of scored) {
    if (score <= 0 && !(options.keepUnmatched ?? false)) break;
    const taken = perUrl.get(passage.url) ?? 0;
    if (taken >= maxPerUrl) continue;
    perUrl.set(passage.url, taken + 1);
    ranked.push({ ...passage, score });
    if (options.limit !== undefined && ranked.length >= options.limit) break;
  }
  return ranked;
}
