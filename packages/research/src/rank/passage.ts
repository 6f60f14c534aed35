/** A citable piece of evidence: a few sentences of one page, or a fact stated in its JSON-LD. */
export interface Passage {
  /** Stable within the page and unique across pages: a hash of the URL, then the passage's place ("3f2a9c1e-p4"). */
  id: string;
  /** The page the passage comes from. */
  url: string;
  /** The page's title; null when it has none. */
  title: string | null;
  /** The nearest heading above the passage (for JSON-LD, the entity it describes); null when none. */
  heading: string | null;
  /** The passage text, verbatim from the extracted page text (heading marks removed). */
  text: string;
  /** Tokens in `text`, counted with {@link countTokens}. */
  tokens: number;
  /** Where the text comes from: the page's main text, its JSON-LD, or a search engine's snippet. */
  source: "page" | "jsonld" | "search-snippet";
}

/** A passage with its relevance to the question. */
export interface RankedPassage extends Passage {
  /** BM25 score with the subject boost applied; higher is more relevant. */
  score: number;
}
