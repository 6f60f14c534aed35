/** One web search result, the same shape whichever provider found it. */
export interface SearchHit {
  /** Absolute http(s) URL of the page. */
  url: string;
  /** Page title as the provider gave it, HTML tags removed. */
  title: string;
  /** The provider's excerpt of the page, HTML tags removed; may be empty. */
  snippet: string;
  /** 1-based position in the provider's answer after filtering (1 is the best). */
  rank: number;
  /** Id of the provider that returned the hit, e.g. `searxng`. */
  provider: string;
  /** Publication date as an ISO 8601 string when the provider gave a parseable one, else null. */
  publishedAt?: string | null;
}

/** Per-call options of {@link SearchProvider.search}. */
export interface SearchOptions {
  /** Cancels the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Maximum number of hits to return, an integer of at least 1. Default 8. */
  limit?: number;
  /**
   * True for work nobody waits on (a batch item, an async call): an upstream's 429 may then be
   * waited out instead of failing the call at once. Default false.
   */
  background?: boolean;
  /**
   * Oldest cached answer acceptable, in seconds: a search cache must not answer with hits stored
   * longer ago than this (0: ask the provider). Adapters ignore it; default: any cached answer.
   */
  maxAgeSeconds?: number;
  /**
   * Only hits on these domains or their subdomains are wanted. Adapters tell the vendor as it
   * understands it (`site:` operators, or its domain parameters); callers still filter the hits.
   */
  includeDomains?: readonly string[];
  /** Hits on these domains or their subdomains are not wanted (`-site:`, or the vendor's parameter). */
  excludeDomains?: readonly string[];
}

/** A web search engine behind one tiny interface. Adapters throw `DossierError`s, never return `[]` on failure. */
export interface SearchProvider {
  /** Stable provider id (`searxng`, `brave`, ...), used in hits, cache keys and logs. */
  readonly id: string;
  /** Runs one query and returns at most `options.limit` hits, best first, de-duplicated by URL. */
  search(query: string, options?: SearchOptions): Promise<SearchHit[]>;
}

/** Hits returned when the caller gives no limit. */
export const DEFAULT_SEARCH_LIMIT = 8;

/** Default time one provider call may take, in milliseconds. */
export const DEFAULT_SEARCH_TIMEOUT_MS = 8_000;

/** The limit to use for a call; a limit that is not a positive integer is a programming error. */
export function resolveSearchLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_SEARCH_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`search limit must be a positive integer, got ${String(limit)}`);
  }
  return limit;
}
