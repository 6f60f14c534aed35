/** One document the search index holds. */
export interface SearchDocument {
  /** Absolute URL of the page. */
  url: string;
  /** Page title. */
  title: string;
  /** Visible text of the page's main content. */
  text: string;
  /** ISO 8601 publication date, when the page has one. */
  publishedAt?: string;
}

/** One search result. */
export interface SearchResult {
  /** Absolute URL of the page. */
  url: string;
  /** Page title. */
  title: string;
  /** About 30 words of the page's text around the best match. */
  snippet: string;
  /** ISO 8601 publication date, when the page has one. */
  publishedAt?: string;
}

const stopWords = new Set(
  "a an and are as at be by does do for from has have how in is it its of on or the to was what when where which who with".split(
    " ",
  ),
);

/** Lower-case word tokens with stop words removed. */
export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((token) => !stopWords.has(token));
}

interface IndexedDocument {
  document: SearchDocument;
  termCounts: Map<string, number>;
  length: number;
  words: string[];
  /** Where each token stands among `words`, read once: a snippet weighs the page's words at each search. */
  positions: Map<string, number[]>;
  /** The title's and text's tokens joined by spaces, with a space at each end, for phrase matches. */
  joined: string;
}

const snippetWords = 30;
// BM25 constants: term-frequency saturation, and a length normalisation milder than the usual 0.75
// so that a long list page (a table of hundreds of companies) can still be found by a rare name in it.
const k1 = 1.2;
const b = 0.5;

/** A small BM25 index over the simulated web's pages. */
export class SearchIndex {
  readonly #documents: IndexedDocument[];
  readonly #documentFrequency = new Map<string, number>();
  readonly #averageLength: number;

  constructor(documents: SearchDocument[]) {
    this.#documents = documents.map((document) => {
      // The title counts twice, as search engines weigh titles above body text.
      const hostTokens = tokenize(new URL(document.url).hostname.replace(/\.test$/, ""));
      const tokens = [
        ...tokenize(document.title),
        ...tokenize(document.title),
        ...hostTokens,
        ...tokenize(document.text),
      ];
      const termCounts = new Map<string, number>();
      for (const token of tokens) termCounts.set(token, (termCounts.get(token) ?? 0) + 1);
      const words = document.text.split(" ").filter(Boolean);
      const positions = new Map<string, number[]>();
      words.forEach((word, index) => {
        for (const token of tokenize(word)) {
          const at = positions.get(token);
          if (at) at.push(index);
          else positions.set(token, [index]);
        }
      });
      return {
        document,
        termCounts,
        length: tokens.length,
        words,
        positions,
        joined: ` ${[...tokenize(document.title), ...tokenize(document.text)].join(" ")} `,
      };
    });
    for (const indexed of this.#documents) {
      for (const term of indexed.termCounts.keys()) {
        this.#documentFrequency.set(term, (this.#documentFrequency.get(term) ?? 0) + 1);
      }
    }
    const total = this.#documents.reduce((sum, indexed) => sum + indexed.length, 0);
    this.#averageLength = this.#documents.length ? total / this.#documents.length : 1;
  }

  #inverseFrequency(term: string): number {
    const documentFrequency = this.#documentFrequency.get(term) ?? 0;
    return Math.log(1 + (this.#documents.length - documentFrequency + 0.5) / (documentFrequency + 0.5));
  }

  /**
   * The best `limit` documents for the query, best first; documents matching no term are left out.
   * Understands what web search engines do with a query's operators: `site:host` keeps that host
   * and its subdomains, `-site:host` drops them, and a "quoted phrase" found as written ranks a
   * document higher.
   */
  search(query: string, limit: number): SearchResult[] {
    const sites: string[] = [];
    const excluded: string[] = [];
    const phrases: string[] = [];
    const rest = query
      .replace(/(^|\s)(-?)site:(\S+)/gi, (_whole, space: string, minus: string, host: string) => {
        (minus ? excluded : sites).push(host.toLowerCase().replace(/^www\./, ""));
        return space;
      })
      .replace(/"([^"]+)"/g, (_whole, phrase: string) => {
        phrases.push(tokenize(phrase).join(" "));
        return ` ${phrase} `;
      });
    const onHost = (url: string, hosts: readonly string[]) => {
      const host = new URL(url).hostname.replace(/^www\./, "");
      return hosts.some((wanted) => host === wanted || host.endsWith(`.${wanted}`));
    };
    const terms = [...new Set(tokenize(rest))];
    const scored: Array<{ indexed: IndexedDocument; score: number }> = [];
    for (const indexed of this.#documents) {
      const { url } = indexed.document;
      if ((sites.length > 0 && !onHost(url, sites)) || onHost(url, excluded)) continue;
      let score = 0;
      for (const term of terms) {
        const frequency = indexed.termCounts.get(term);
        if (!frequency) continue;
        const inverse = this.#inverseFrequency(term);
        const normalised = 1 - b + (b * indexed.length) / this.#averageLength;
        score += (inverse * frequency * (k1 + 1)) / (frequency + k1 * normalised);
      }
      // Like web engines, a page holding every word of the query ranks above one holding some.
      const matched = terms.filter((term) => indexed.termCounts.has(term)).length;
      if (terms.length > 0) score *= matched / terms.length;
      if (score > 0 && phrases.some((phrase) => phrase !== "" && indexed.joined.includes(` ${phrase} `))) score *= 1.5;
      if (score > 0) scored.push({ indexed, score });
    }
    const weights = new Map(terms.map((term) => [term, this.#inverseFrequency(term)]));
    scored.sort(
      (left, right) => right.score - left.score || left.indexed.document.url.localeCompare(right.indexed.document.url),
    );
    return scored.slice(0, Math.max(0, limit)).map(({ indexed }) => {
      const { url, title, publishedAt } = indexed.document;
      const result: SearchResult = { url, title, snippet: snippetFor(indexed, weights) };
      if (publishedAt) result.publishedAt = publishedAt;
      return result;
    });
  }
}

// Each word weighs as much as the rarest query term it holds, so the snippet shows the
// passage about the specific name or topic rather than the brand repeated everywhere.
function snippetFor(indexed: IndexedDocument, weights: Map<string, number>): string {
  const { words, positions } = indexed;
  const hits = new Float64Array(words.length);
  for (const [term, weight] of weights) {
    for (const index of positions.get(term) ?? []) hits[index] = Math.max(hits[index] ?? 0, weight);
  }
  let best = 0;
  let bestStart = 0;
  let windowHits = 0;
  for (let index = 0; index < words.length; index += 1) {
    windowHits += hits[index] ?? 0;
    if (index >= snippetWords) windowHits -= hits[index - snippetWords] ?? 0;
    if (windowHits > best) {
      best = windowHits;
      bestStart = Math.max(0, index - snippetWords + 1);
    }
  }
  // Start a few words before the first hit of the best window, so the match sits near the front.
  const firstHit = hits.findIndex((weight, index) => index >= bestStart && weight > 0);
  if (firstHit >= 0) bestStart = Math.max(0, Math.min(firstHit - 5, words.length - snippetWords));
  const slice = words.slice(bestStart, bestStart + snippetWords).join(" ");
  const prefix = bestStart > 0 ? "… " : "";
  const suffix = bestStart + snippetWords < words.length ? " …" : "";
  return `${prefix}${slice}${suffix}`;
}
