import { formatAnswer, type NormalizedResearchRequest } from "@dossier/contract";
import { countryFromLocation } from "@dossier/enrich";
import type { ModelAnswer } from "../answer/answer-from-evidence.js";
import type { PassageLabels } from "../answer/evidence-prompt.js";
import type { ExtractedPage } from "../gather/extract/extracted-page.js";
import { isOnSite, siteHostOf } from "../site-host.js";
import { isAboutPerson, type PersonIdentity } from "./is-about-person.js";
import { containsWhole, normalizeForMatch, quoteMatches } from "./quote-matches.js";

/** Confidence never exceeds this when the answer is "the evidence does not say". */
export const UNKNOWN_CONFIDENCE_CAP = 0.2;

/** A person field the evidence states, with where it was found. */
export interface PersonEvidenceField {
  field: "jobTitle" | "city" | "country" | "jobStartDate";
  value: string;
  url: string;
  /** True when the page is on the person's company's own site. */
  ownSite: boolean;
  /** The page's publication date, when known. */
  publishedAt: string | null;
}

export interface VerifiedAnswer {
  answerText: string | null;
  answerNumber: number | null;
  details: string;
  sources: string[];
  confidence: number;
  personEvidence: PersonEvidenceField[];
  /** Citations that held against their passage, and all the model gave. */
  holdingCitations: number;
  totalCitations: number;
}

function firstSentences(text: string, count: number, maxLength = 400): string {
  const sentences =
    text
      .replace(/\s+/g, " ")
      .trim()
      .match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g) ?? [];
  const kept = sentences.slice(0, count).join("").trim();
  return kept.length > maxLength ? `${kept.slice(0, maxLength - 1).trimEnd()}…` : kept;
}

function listNotes(notes: readonly string[]): string {
  if (notes.length === 0) return "";
  const shown = notes.slice(0, 3).join(" ");
  return notes.length > 3 ? `${shown} (${notes.length - 3} more could not be reached.)` : shown;
}

export interface VerifyInput {
  request: NormalizedResearchRequest;
  answer: ModelAnswer;
  labels: PassageLabels;
  pages: readonly ExtractedPage[];
  ownSites: readonly string[];
  unreachable: readonly string[];
  person: PersonIdentity | null;
}

/**
 * Keeps only what the evidence supports. A citation holds when its quote is in the cited passage
 * (and, for a person, the page is about them); `sources` are the pages of holding citations; an
 * answer without one is withheld as "not enough evidence". Confidence combines the model's own
 * estimate, the share of citations that hold, agreement between independent sites and whether the
 * subject's own site says it.
 */
export function verifyAnswer(input: VerifyInput): VerifiedAnswer {
  const { request, answer, labels } = input;
  const ownHosts = input.ownSites.map((origin) => siteHostOf(origin));
  const pageByUrl = new Map(input.pages.map((page) => [page.url, page]));
  const isOwn = (url: string) => ownHosts.some((host) => isOnSite(siteHostOf(url), host));
  const pageIsAboutPerson = (url: string) => {
    if (!input.person) return true;
    const page = pageByUrl.get(url);
    return !!page && isAboutPerson(page, input.person);
  };

  const holding: Array<{ url: string }> = [];
  for (const citation of answer.citations) {
    const passage = labels.get(citation.passage.trim().toUpperCase());
    if (!passage || !quoteMatches(citation.quote, passage.text)) continue;
    // For a person, evidence from a third-party page counts only when the page is about them.
    if (input.person && !isOwn(passage.url) && !pageIsAboutPerson(passage.url)) continue;
    holding.push({ url: passage.url });
  }

  const formatted = formatAnswer(request.responseType, answer.answer, request.responseOptions) ?? {
    answerText: null,
    answerNumber: null,
  };
  const notes = listNotes(input.unreachable);
  const sources = [...new Set(holding.map((citation) => citation.url))];
  const personEvidence = input.person ? verifyPersonFields(input, isOwn, pageIsAboutPerson) : [];
  const base = { personEvidence, holdingCitations: holding.length, totalCitations: answer.citations.length };

  if (formatted.answerText === null) {
    const said = firstSentences(answer.explanation, 2) || "The pages read do not answer the question.";
    return {
      ...base,
      answerText: null,
      answerNumber: null,
      details: [said, notes].filter(Boolean).join(" "),
      sources: [],
      confidence: round(Math.min(answer.confidence, UNKNOWN_CONFIDENCE_CAP)),
    };
  }
  if (holding.length === 0) {
    return {
      ...base,
      answerText: null,
      answerNumber: null,
      details: ["Not enough evidence: no passage read states an answer, so none is given.", notes]
        .filter(Boolean)
        .join(" "),
      sources: [],
      confidence: 0.05,
    };
  }
  const hosts = new Set(sources.map((source) => siteHostOf(source)));
  const share = holding.length / Math.max(1, answer.citations.length);
  const confidence =
    0.5 * answer.confidence + 0.2 * share + 0.15 * (hosts.size >= 2 ? 1 : 0) + 0.15 * (sources.some(isOwn) ? 1 : 0);
  return {
    ...base,
    ...formatted,
    details: [firstSentences(answer.explanation, 2), notes].filter(Boolean).join(" "),
    sources,
    confidence: round(Math.min(0.99, confidence)),
  };
}

function verifyPersonFields(
  input: VerifyInput,
  isOwn: (url: string) => boolean,
  pageIsAboutPerson: (url: string) => boolean,
): PersonEvidenceField[] {
  const fields: PersonEvidenceField[] = [];
  const person = input.answer.person;
  if (!person) return fields;
  const pageByUrl = new Map(input.pages.map((page) => [page.url, page]));
  for (const field of ["jobTitle", "city", "country", "jobStartDate"] as const) {
    const claim = person[field];
    if (!claim?.value.trim()) continue;
    const passage = input.labels.get(claim.passage.trim().toUpperCase());
    if (!passage || !quoteMatches(claim.quote, passage.text)) continue;
    if (!pageIsAboutPerson(passage.url)) continue;
    // The value itself must be what the passage says, except dates, which the model rewrites as ISO.
    const city = fields.find((entry) => entry.field === "city")?.value ?? null;
    if (field !== "jobStartDate" && !statedIn(field, claim.value, passage.text, city)) continue;
    fields.push({
      field,
      value: claim.value.trim(),
      url: passage.url,
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
