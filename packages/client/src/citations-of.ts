import type { ResearchResponse } from "./types.js";

/** One source of an answer with what it says: the page, its title, the quoted passage, when it was published. */
export interface SourceWithQuote {
  url: string;
  title: string | null;
  /** The passage the answer rests on, verbatim from the page; null when the gateway gives URLs only. */
  quote: string | null;
  publishedAt: string | null;
  /** Where the quote was read: `page` or `search-snippet`; null when the gateway does not say. */
  origin: string | null;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);

/**
 * An answer's sources with their quotes: its `citations` when the gateway gives them, else its
 * `sources` (URLs only). Reads `citations` defensively, so it serves gateways from before and after
 * citations were added to the answer.
 */
export function citationsOf(result: Pick<ResearchResponse, "sources">): SourceWithQuote[] {
  const citations = (result as { citations?: unknown }).citations;
  const views: SourceWithQuote[] = [];
  if (Array.isArray(citations)) {
    for (const citation of citations) {
      if (typeof citation !== "object" || citation === null) continue;
      const entry = citation as Record<string, unknown>;
      const url = text(entry.url);
      if (!url) continue;
      views.push({
        url,
        title: text(entry.title),
        quote: text(entry.quote),
        publishedAt: text(entry.publishedAt),
        origin: text(entry.source),
      });
    }
  }
  if (views.length > 0) return views;
  return result.sources.map((url) => ({ url, title: null, quote: null, publishedAt: null, origin: null }));
}
