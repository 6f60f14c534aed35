import type { Citation, ResearchResponse } from "@dossier/contract";
import { canonicalWebsite } from "@dossier/enrich";
import { containsWhole, normalizeForMatch, quoteMatches } from "../verify/quote-matches.js";
import { type Candidate, shortCompanyName } from "./candidate-pool.js";

/** One criterion checked for one candidate. */
export interface Verdict {
  criterionId: string;
  satisfied: "yes" | "no" | "unclear";
  confidence: number;
  citations: Citation[];
}

/** The highest confidence an `unclear` verdict reports: no quote decided it either way. */
const UNCLEAR_CONFIDENCE = 0.2;

const bareHost = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
};

const samePage = (left: string, right: string) => {
  const key = (url: string) => url.replace(/^https?:\/\/(?:www\.)?/i, "").replace(/[/#?]+$/, "");
  return key(left) === key(right);
};

/** The hosts of the candidate's own site: the company's website, or the person's company's. */
function ownHosts(candidate: Candidate): string[] {
  const website = candidate.company?.website ?? candidate.person?.company?.website;
  const origin = website ? canonicalWebsite(website) : null;
  return origin ? [bareHost(origin)] : [];
}

/** The names a quote may call the candidate by: the name as found, a company's without its legal form. */
function namesOf(candidate: Candidate): string[] {
  if (candidate.person) {
    const full = `${candidate.person.firstName ?? ""} ${candidate.person.lastName ?? ""}`.trim();
    return [full, candidate.name].filter(Boolean);
  }
  return [...new Set([candidate.name, shortCompanyName(candidate.name)])];
}

/**
 * Whether a verified citation states its fact *of this candidate*: it is on the candidate's own site
 * (for a person, their company's site, where the quote names them by first or last name); or it lies
 * inside the candidate's own entry on a page it was found on (a quote from the next row of a
 * directory is about another company); or the quote names the candidate (a person by full name).
 */
export function citesCandidate(candidate: Candidate, citation: Pick<Citation, "url" | "quote">): boolean {
  const host = bareHost(citation.url);
  if (host && ownHosts(candidate).some((own) => host === own || host.endsWith(`.${own}`))) {
    // A company's site speaks of itself; of its people only where it names them.
    if (!candidate.person) return true;
    const names = [candidate.person.firstName, candidate.person.lastName].filter((name): name is string => !!name);
    if (names.some((name) => namedIn(citation.quote, name))) return true;
  }
  const listed = candidate.foundOn.findIndex((found) => samePage(found.url, citation.url));
  if (listed !== -1) {
    const card = candidate.cards[listed] ?? "";
    if (card !== "" && quoteMatches(citation.quote, card)) return true;
  }
  return namesOf(candidate).some((name) => namedIn(citation.quote, name));
}

/**
 * Whether a quote names a candidate: its name as a whole word or words, case and accents aside; a
 * one-word name ("Quillstone", "Headquarters") as written, capital included, so that a common word
 * in the quote is not taken for the name.
 */
function namedIn(quote: string, name: string): boolean {
  if (/\s/.test(name.trim())) return containsWhole(normalizeForMatch(quote), normalizeForMatch(name));
  const plain = (text: string) => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  return containsWhole(plain(quote), plain(name.trim()));
}

/**
 * A criterion's verdict from the research answer to its yes-or-no question. `yes` only when the
 * answer is true and a verified citation states it of this candidate; `no` only when the answer is
 * false and a verified citation (the verifier lets a `false` stand only on a quote that denies it)
 * states it of this candidate; anything else (no answer, a failed run, quotes about someone else)
 * is `unclear`. Only the citations that state it of the candidate are kept.
 */
export function judgeVerdict(
  candidate: Candidate,
  criterionId: string,
  response: Pick<ResearchResponse, "answerText" | "confidence" | "citations"> | null,
): Verdict {
  const unclear = (confidence: number): Verdict => ({
    criterionId,
    satisfied: "unclear",
    confidence: Math.min(confidence, UNCLEAR_CONFIDENCE),
    citations: [],
  });
  if (!response || (response.answerText !== "true" && response.answerText !== "false")) {
    return unclear(response?.confidence ?? 0);
  }
  const citations = (response.citations ?? []).filter((citation) => citesCandidate(candidate, citation));
  if (citations.length === 0) return unclear(response.confidence);
  return {
    criterionId,
    satisfied: response.answerText === "true" ? "yes" : "no",
    confidence: response.confidence,
    citations: citations.map(({ url, title, quote, publishedAt, source }) => ({
      url,
      title,
      quote,
      publishedAt,
      source,
    })),
  };
}

/** An item's status from its verdicts: matched when every one is `yes`, unmatched when one is `no`, else unclear. */
export function itemStatus(verdicts: readonly Verdict[]): "matched" | "unmatched" | "unclear" {
  if (verdicts.length > 0 && verdicts.every((verdict) => verdict.satisfied === "yes" && verdict.citations.length > 0))
    return "matched";
  if (verdicts.some((verdict) => verdict.satisfied === "no")) return "unmatched";
  return "unclear";
}
