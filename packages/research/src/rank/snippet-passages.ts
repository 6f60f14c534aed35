import { setBounded, touchBounded } from "../bounded-map.js";
import { countTokens } from "./count-tokens.js";
import type { Passage } from "./passage.js";
import { urlKey } from "./split-passages.js";

/** The fields of a search hit a snippet passage needs (a `SearchHit` fits). */
export interface SnippetSource {
  /** URL of the page the snippet describes. */
  url: string;
  /** Title as the search engine gave it. */
  title: string;
  /** The engine's excerpt of the page; hits with an empty snippet yield no passage. */
  snippet: string;
}

/** Token counts of recent snippets: the same searches come back from the search cache job after job. */
const snippetTokens = new Map<string, number>();

function tokensOf(text: string): number {
  let tokens = touchBounded(snippetTokens, text);
  if (tokens === undefined) {
    tokens = countTokens(text);
    setBounded(snippetTokens, text, tokens, 2_000);
  }
  return tokens;
}

/**
 * Turns search-engine snippets into passages (`source: "search-snippet"`), so that a page that
 * could not be fetched still counts as evidence, marked as second-hand. Ids are the page's URL key
 * with `-s0`, so a snippet never collides with the page's own passages.
 */
export function snippetPassages(hits: readonly SnippetSource[]): Passage[] {
  const seen = new Set<string>();
  const passages: Passage[] = [];
  for (const hit of hits) {
    const text = hit.snippet.replace(/\s+/g, " ").trim();
    if (text === "" || seen.has(hit.url)) continue;
    seen.add(hit.url);
    const title = hit.title.trim() === "" ? null : hit.title.trim();
    passages.push({
      id: `${urlKey(hit.url)}-s0`,
      url: hit.url,
      title,
      heading: null,
      text,
      tokens: tokensOf(text),
      source: "search-snippet",
    });
  }
  return passages;
}
