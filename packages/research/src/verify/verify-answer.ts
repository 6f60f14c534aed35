import { formatAnswer, type NormalizedResearchRequest } from "@dossier/contract";
import { countryFromLocation } from "@dossier/enrich";
import type { ModelAnswer } from "../answer/answer-from-evidence.js";
import type { PassageLabels } from "../answer/evidence-prompt.js";
import type { ExtractedPage } from "../gather/extract/extracted-page.js";
import type { Passage } from "../rank/passage.js";
import { isOnSite, siteHostOf } from "../site-host.js";
import { answerKindOf } from "./answer-kind.js";
import {
  type AskedQuestion,
  answersQuestion,
  narrowAnswer,
  type QuestionCheck,
  withInitialsBefore,
} from "./answers-question.js";
import { checkSupport, evidenceConfidence, type SupportingSource } from "./evidence-confidence.js";
import { isAboutPerson, type PersonIdentity } from "./is-about-person.js";
import { scaledAmountOf } from "./number-mentions.js";
import { containsWhole, normalizeForMatch, quoteMatches } from "./quote-matches.js";
import { readsAsInstruction } from "./reads-as-instruction.js";
import { preferStating, shownQuotes } from "./shown-quotes.js";
import { drawnFrom, optionsLeftOut, optionsOnlyWithin, type QuoteEvidence, statesAnswer } from "./states-answer.js";

/** Kinds of number whose figure is scaled back to the amount: money ("$1.25M"). */
const SCALED_KINDS = new Set(["money"]);

/** Confidence never exceeds this when the answer is "the evidence does not say". */
export const UNKNOWN_CONFIDENCE_CAP = 0.2;

/** Confidence of an answer withheld because nothing verified supports it. */
export const WITHHELD_CONFIDENCE = 0.05;

/** A person field the evidence states, with where it was found. */
export interface PersonEvidenceField {
  field: "jobTitle" | "city" | "country" | "jobStartDate";
  value: string;
  url: string;
  /** The verified quote that states it. */
  quote: string;
  /** True when the page is on the person's company's own site. */
  ownSite: boolean;
  /** The page's publication date, when known. */
  publishedAt: string | null;
}

/** Where a citation's text comes from: the page's text, its structured data, or a search engine's snippet of it. */
export type CitationSource = "page" | "structured-data" | "search-snippet";

/** A quote that is on its page and states the answer: what the caller gets in `citations`. */
export interface VerifiedCitation {
  url: string;
  title: string | null;
  quote: string;
  /** The page's stated publication date (ISO 8601), or null. */
  publishedAt: string | null;
  source: CitationSource;
}

export interface VerifiedAnswer {
  answerText: string | null;
  answerNumber: number | null;
  details: string;
  sources: string[];
  confidence: number;
  /** The quotes that state the answer, best first; empty when the answer is withheld or unknown. */
  citations: VerifiedCitation[];
  personEvidence: PersonEvidenceField[];
  /** Citations that held against their passage, and all the model gave. */
  holdingCitations: number;
  totalCitations: number;
  /** Citations that were on their page but did not state the answer, or were not on their page at all. */
  rejectedCitations: number;
}

/** The first `count` sentences of a text, at most `maxLength` characters. */
export function firstSentences(text: string, count: number, maxLength = 400): string {
  // A sentence ends at . ! or ? before a space and a capital, or at the end: not inside a URL or "e.g.".
  const sentences = text
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“'(])/u)
    .filter(Boolean);
  const kept = sentences.slice(0, count).join(" ").trim();
  return kept.length > maxLength ? `${kept.slice(0, maxLength - 1).trimEnd()}…` : kept;
}

/** What could not be reached, for `details`: the first three notes, and how many more there were. */
export function listNotes(notes: readonly string[]): string {
  if (notes.length === 0) return "";
  const shown = notes.slice(0, 3).join(" ");
  return notes.length > 3 ? `${shown} (${notes.length - 3} more could not be reached.)` : shown;
}

/** The text on one line, cut to `maxLength` characters with an ellipsis. */
export function shorten(text: string, maxLength: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > maxLength ? `${clean.slice(0, maxLength - 1).trimEnd()}…` : clean;
}

export interface VerifyInput {
  request: NormalizedResearchRequest;
  answer: ModelAnswer;
  labels: PassageLabels;
  pages: readonly ExtractedPage[];
  ownSites: readonly string[];
  unreachable: readonly string[];
  person: PersonIdentity | null;
  /** Names of the subject: said everywhere, they prove nothing about an answer. Default none. */
  subjectTerms?: readonly string[];
  /** Today, for the age of pages. Default now. */
  now?: Date;
}

/**
 * A place with the state, province or country the quote writes right after it ("Fairview" of
 * "based in Fairview, Oregon"); null when the quote writes none, or the answer has one already.
 */
export function withRegionAfter(place: string, quote: string): string | null {
  if (place.includes(",")) return null;
  const escaped = place.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const after = new RegExp(
    `(?<![\\p{L}\\p{N}])${escaped},\\s*(\\p{Lu}[\\p{L}.]*(?:\\s+\\p{Lu}[\\p{L}.]*){0,2})`,
    "u",
  ).exec(quote);
  // "Germany." at a sentence's end; "D.C." keeps its points.
  const region = after?.[1]?.replace(/^([^.]+)\.$/, "$1");
  // Of "Fairview, OR, USA" the first part after the place; it must name a state or a country itself.
  if (!region || countryFromLocation(region).countryCode === null) return null;
  return `${place.trim()}, ${region}`;
}

/** A question about the mailbox itself: "this inbox", "this address", "reports sent here". */
const MAILBOX_ASKED =
  /\b(?:this|that)\s+(?:inbox|mailbox|alias|(?:e-?mail\s+)?address|e-?mail(?:\s+address)?)\b|\b(?:sent|send|write|written|emailed|mailed)\s+(?:\w+\s+)?(?:here|there)\b/i;

/** Where a passage's text comes from, as a citation says it. */
export const citationSource = (passage: Passage): CitationSource =>
  passage.source === "jsonld" ? "structured-data" : passage.source;

/**
 * Keeps only what the evidence supports. A citation holds when its quote is in the cited passage
 * (and, for a person, the page is about them); the answer stands only when a holding quote states
 * it (the number, the date, the option, the affirmation or denial is in the quote; a text answer's
 * words are); otherwise it is withheld as "not enough evidence" with the reason. `details` is the
 * model's explanation only where the quotes bear it out, else what the quotes say. Confidence
 * comes from the evidence (see evidence-confidence.ts) combined with the model's own estimate.
 */
/** What the pages read tell about a quote's page: on the subject's own site, and about the person. */
export interface EvidencePages {
  /** Whether a URL is on one of the subject's own sites. */
  isOwn(url: string): boolean;
  /** Whether the page of a passage is about the person (always true for a company). */
  pageIsAboutPerson(url: string, passage: Passage): boolean;
  /**
   * Whether a quote on its passage may count as evidence at all: it is not an order to the model
   * written into a page, and for a person a third-party page is about them.
   */
  mayCite(passage: Passage, quote: string): boolean;
}

/** The checks of a quote's page that every kind of answer shares. */
export function evidencePages(
  input: Pick<VerifyInput, "pages" | "ownSites" | "person">,
  pageByUrl: ReadonlyMap<string, ExtractedPage> = new Map(input.pages.map((page) => [page.url, page])),
): EvidencePages {
  const ownHosts = input.ownSites.map((origin) => siteHostOf(origin));
  const isOwn = (url: string) => ownHosts.some((host) => isOnSite(siteHostOf(url), host));
  const pageIsAboutPerson = (url: string, passage: Passage) => {
    if (!input.person) return true;
    // A search snippet stands for a page that was not read: it must name the person itself.
    const page = pageByUrl.get(url) ?? { url, title: passage.title, text: passage.text };
    return isAboutPerson(page, input.person);
  };
  return {
    isOwn,
    pageIsAboutPerson,
    // An order to the model written into a page is on the page, but it states nothing.
    mayCite: (passage, quote) =>
      !readsAsInstruction(quote) &&
      // For a person, evidence from a third-party page counts only when the page is about them.
      !(input.person && !isOwn(passage.url) && !pageIsAboutPerson(passage.url, passage)),
  };
}

export function verifyAnswer(input: VerifyInput): VerifiedAnswer {
  const { request, answer, labels } = input;
  const pageByUrl = new Map(input.pages.map((page) => [page.url, page]));
  const { isOwn, mayCite } = evidencePages(input, pageByUrl);

  const holding: Array<{ passage: Passage; quote: string; exact: boolean }> = [];
  for (const citation of answer.citations) {
    const passage = labels.get(citation.passage.trim().toUpperCase());
    if (!passage || !quoteMatches(citation.quote, passage.text)) continue;
    if (!mayCite(passage, citation.quote)) continue;
    const exact = normalizeForMatch(passage.text).includes(normalizeForMatch(citation.quote));
    holding.push({ passage, quote: citation.quote.trim(), exact });
  }

  const formatted = formatAnswer(request.responseType, answer.answer, request.responseOptions) ?? {
    answerText: null,
    answerNumber: null,
  };
  const notes = listNotes(input.unreachable);
  const personEvidence = verifyPersonEvidence({ ...input, claims: answer.person });
  const base = {
    personEvidence,
    holdingCitations: holding.length,
    totalCitations: answer.citations.length,
    citations: [] as VerifiedCitation[],
  };

  if (formatted.answerText === null) {
    const said = firstSentences(answer.explanation, 2) || "The pages read do not answer the question.";
    return {
      ...base,
      rejectedCitations: 0,
      answerText: null,
      answerNumber: null,
      details: [said, notes].filter(Boolean).join(" "),
      sources: [],
      confidence: round(Math.min(answer.confidence, UNKNOWN_CONFIDENCE_CAP)),
    };
  }

  const claim = {
    type: request.responseType,
    value: answer.answer,
    question: request.question,
    options: request.responseOptions,
    subjectTerms: input.subjectTerms ?? [],
    now: input.now ?? new Date(),
  };
  const evidenceOf = (entry: (typeof holding)[number]): QuoteEvidence => ({
    quote: entry.quote,
    url: entry.passage.url,
    links: pageByUrl.get(entry.passage.url)?.links ?? [],
  });
  // Each holding quote on its own for the answer's statement; OPTIONS may need several together.
  const supporting = holding.filter((entry) =>
    request.responseType === "OPTIONS" ? true : statesAnswer(claim, [evidenceOf(entry)]).stated,
  );
  // Where no quote states it, the reason is read from all of them: "the quotes do not deny it", not "no quote holds".
  const support = statesAnswer(
    claim,
    (request.responseType === "OPTIONS" || supporting.length === 0 ? holding : supporting).map(evidenceOf),
  );
  // A quote that states the answer must also answer this question about this subject.
  const asked: AskedQuestion = {
    question: request.question,
    type: request.responseType,
    kind: answerKindOf(request.question, request.responseType, input.person !== null),
    value: answer.answer,
    subjectTerms: input.subjectTerms ?? [],
    person: input.person,
  };
  // A text answer that copied more than it answers is narrowed to the span of the kind asked.
  const first = supporting[0];
  const narrowed = first ? narrowAnswer(asked, { quote: first.quote, passageText: first.passage.text }) : null;
  if (narrowed !== null) {
    asked.value = narrowed;
    formatted.answerText = narrowed;
  }
  // An amount read without its scale ("1.25" out of "$1.25M") is the amount the quote states.
  if (first && request.responseType === "NUMBER" && typeof asked.value === "number" && SCALED_KINDS.has(asked.kind)) {
    const amount = scaledAmountOf(first.quote, asked.value);
    const scaled = amount === null ? null : formatAnswer("NUMBER", amount);
    if (amount !== null && scaled) {
      asked.value = amount;
      Object.assign(formatted, scaled);
    }
  }
  if (first && typeof asked.value === "string" && ["organisation", "product", "person", "name"].includes(asked.kind)) {
    const whole = withInitialsBefore(asked.value, { quote: first.quote, passageText: first.passage.text });
    asked.value = whole;
    formatted.answerText = whole;
  }
  // "Fairview" of "Fairview, OR, USA": a place is given with the state or country the quote writes after it.
  if (first && typeof asked.value === "string" && asked.kind === "city") {
    const placed = withRegionAfter(asked.value, first.quote);
    if (placed !== null) {
      asked.value = placed;
      formatted.answerText = placed;
    }
  }
  const checks = new Map<(typeof holding)[number], QuestionCheck>(
    supporting.map((entry) => [
      entry,
      answersQuestion(asked, {
        quote: entry.quote,
        passageText: entry.passage.text,
        url: entry.passage.url,
        links: pageByUrl.get(entry.passage.url)?.links ?? [],
        pageTitle: pageByUrl.get(entry.passage.url)?.title ?? entry.passage.title,
        pageText: pageByUrl.get(entry.passage.url)?.text ?? entry.passage.text,
        ownSite: isOwn(entry.passage.url),
      }),
    ]),
  );
  // "Enterprise" is not stated by a quote that names only "Enterprise Plus".
  if ((request.responseType === "OPTION" || request.responseType === "OPTIONS") && request.responseOptions) {
    const chosen = Array.isArray(answer.answer) ? answer.answer : [String(answer.answer)];
    for (const entry of supporting) {
      const within = optionsOnlyWithin(chosen, request.responseOptions, entry.quote);
      if (within.length > 0 && checks.get(entry)?.holds)
        checks.set(entry, {
          holds: false,
          reason: within.map((item) => `the quote names "${item.named}", not "${item.chosen}"`).join("; "),
        });
    }
  }
  // A list answer must not leave out an option its own quote names beside the ones it chose.
  if (request.responseType === "OPTIONS" && Array.isArray(answer.answer)) {
    const chosen = answer.answer;
    for (const entry of supporting) {
      const leftOut = optionsLeftOut(chosen, request.responseOptions, entry.quote, entry.passage.text);
      if (leftOut.length > 0 && checks.get(entry)?.holds)
        checks.set(entry, {
          holds: false,
          reason: `the quote also names ${leftOut.map((option) => `"${option}"`).join(", ")}, which the answer leaves out`,
        });
    }
  }
  // Asked of a mailbox known by its address alone ("Which team reads this inbox?"): the passage that
  // answers is one that writes the address.
  const mailbox = input.person === null && request.kind === "person" ? request.subject.email : undefined;
  if (mailbox && MAILBOX_ASKED.test(request.question) && !/\bbehind\b/i.test(request.question)) {
    for (const entry of supporting)
      if (checks.get(entry)?.holds && !entry.passage.text.toLowerCase().includes(mailbox.toLowerCase()))
        checks.set(entry, { holds: false, reason: `the passage does not speak of ${mailbox}` });
  }
  const answering = supporting.filter((entry) => checks.get(entry)?.holds);
  const rejected = answer.citations.length - answering.length;

  if (holding.length === 0 || supporting.length === 0 || !support.stated || answering.length === 0) {
    const failed = [...checks.values()].find((check) => !check.holds);
    const reason =
      holding.length === 0
        ? "no passage read states an answer"
        : !support.stated || supporting.length === 0
          ? `the quoted passages do not state the answer given (${support.stated ? "no quote states it" : support.reason})`
          : `the quote does not answer this question (${failed && !failed.holds ? failed.reason : "it speaks of something else"})`;
    return {
      ...base,
      rejectedCitations: answer.citations.length,
      answerText: null,
      answerNumber: null,
      details: [`Not enough evidence: ${reason}, so none is given.`, notes].filter(Boolean).join(" "),
      sources: [],
      confidence: WITHHELD_CONFIDENCE,
    };
  }

  const citations: VerifiedCitation[] = [];
  for (const entry of answering) {
    const page = pageByUrl.get(entry.passage.url);
    // A quote over several structured-data facts held as a whole: each of its values is shown.
    for (const quote of shownQuotes(entry.passage, entry.quote)) {
      if (citations.some((citation) => citation.url === entry.passage.url && citation.quote === quote)) continue;
      citations.push({
        url: entry.passage.url,
        title: page?.title ?? entry.passage.title,
        quote,
        publishedAt: page?.publishedAt ?? null,
        source: citationSource(entry.passage),
      });
    }
  }
  const sources = [...new Set(citations.map((citation) => citation.url))];
  const supportingSources: SupportingSource[] = sources.map((url) => {
    const entries = answering.filter((entry) => entry.passage.url === url);
    return {
      ownSite: isOwn(url),
      snippet: entries.every((entry) => entry.passage.source === "search-snippet"),
      exact: entries.some((entry) => entry.exact),
      publishedAt: pageByUrl.get(url)?.publishedAt ?? null,
    };
  });
  // The best-supported quote's checks: how well the evidence answers this question about this subject.
  const best = answering
    .map((entry) => checks.get(entry))
    .filter((check): check is Extract<QuestionCheck, { holds: true }> => !!check?.holds)
    .sort((left, right) => checkSupport(right) - checkSupport(left))[0];
  const confidence = evidenceConfidence({
    sources: supportingSources,
    ...(best ? { checks: best } : {}),
    modelConfidence: answer.confidence,
    conflicting: holding.length - answering.length,
    unverified: answer.citations.length - holding.length,
    now: input.now ?? new Date(),
  });

  const explanation = firstSentences(answer.explanation, 2);
  const quotes = citations.map((citation) => citation.quote);
  const lead = citations[0];
  const details =
    explanation && drawnFrom(explanation, quotes, input.subjectTerms ?? [])
      ? explanation
      : lead
        ? `${lead.title ? `“${shorten(lead.title, 80)}”` : siteHostOf(lead.url)} states: “${shorten(lead.quote, 300)}”`
        : "";
  return {
    ...base,
    ...formatted,
    citations,
    rejectedCitations: rejected,
    details: [details, notes].filter(Boolean).join(" "),
    sources,
    confidence,
  };
}

/**
 * The person fields the model filled (`jobTitle`, `city`, `country`, `jobStartDate`) that hold: the
 * quote is on its passage, the page is about the person, and the passage states the value.
 */
export function verifyPersonEvidence(
  input: Pick<VerifyInput, "labels" | "pages" | "ownSites" | "person"> & { claims: ModelAnswer["person"] },
): PersonEvidenceField[] {
  const fields: PersonEvidenceField[] = [];
  const person = input.claims;
  if (!person || !input.person) return fields;
  const pageByUrl = new Map(input.pages.map((page) => [page.url, page]));
  const { isOwn, pageIsAboutPerson } = evidencePages(input, pageByUrl);
  for (const field of ["jobTitle", "city", "country", "jobStartDate"] as const) {
    const claim = person[field];
    if (!claim?.value.trim()) continue;
    const passage = input.labels.get(claim.passage.trim().toUpperCase());
    if (!passage || !quoteMatches(claim.quote, passage.text)) continue;
    if (!pageIsAboutPerson(passage.url, passage)) continue;
    // The value itself must be what the passage says, except dates, which the model rewrites as ISO.
    const city = fields.find((entry) => entry.field === "city")?.value ?? null;
    if (field !== "jobStartDate" && !statedIn(field, claim.value, passage.text, city)) continue;
    fields.push({
      field,
      value: claim.value.trim(),
      url: passage.url,
      quote: preferStating(shownQuotes(passage, claim.quote), (quote) =>
        normalizeForMatch(quote).includes(normalizeForMatch(claim.value)),
      )[0]!,
      ownSite: isOwn(passage.url),
      publishedAt: pageByUrl.get(passage.url)?.publishedAt ?? null,
    });
  }
  return fields;
}

/** Whether the passage states the value: verbatim, or for a country, through the verified city in it. */
function statedIn(
  field: PersonEvidenceField["field"],
  value: string,
  passageText: string,
  city: string | null,
): boolean {
  if (containsWhole(normalizeForMatch(passageText), normalizeForMatch(value))) return true;
  if (field !== "country" || city === null) return false;
  const claimed = countryFromLocation(value).countryCode ?? countryFromLocation(`x, ${value}`).countryCode;
  return claimed !== null && countryFromLocation(city).countryCode === claimed;
}

function round(value: number): number {
  return Math.round(Math.max(0, value) * 100) / 100;
}
