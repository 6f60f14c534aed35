import { setBounded, touchBounded } from "../../bounded-map.js";
import type { ExtractedPage } from "./extracted-page.js";

/** Settings of {@link ExtractedPageCache} beyond its size. */
export interface ExtractedPageCacheOptions {
  /**
   * How long after its fetch a page asked for again is served from this cache without asking the
   * page cache (Redis) at all, in milliseconds: the page cache's own lifetime, so that nothing is
   * reused that the page cache would not have served. 0, the default, always asks the page cache.
   */
  reuseForMs?: number;
}

/**
 * Extracted pages kept in the worker's memory, least recently used dropped first. Parsing HTML is
 * most of a research job's CPU; a page served from the page cache is the same document, so its
 * extraction is reused rather than parsed again. With `reuseForMs`, a URL this process read
 * recently skips the page cache too: no Redis read, no HTML copied into memory again.
 */
export class ExtractedPageCache {
  readonly #entries = new Map<string, ExtractedPage>();
  /** Requested URL to the entry its last fetch made, and when that fetch happened. */
  readonly #requests = new Map<string, { key: string; fetchedAtMs: number }>();
  /** Extractions under way, by entry key: jobs reading the same document at once share one. */
  readonly #pending = new Map<string, Promise<ExtractedPage>>();
  readonly #reuseForMs: number;

  /** @param maxEntries Most pages kept. Default 500. */
  constructor(
    private readonly maxEntries = 500,
    options: ExtractedPageCacheOptions = {},
  ) {
    this.#reuseForMs = options.reuseForMs ?? 0;
  }

  /** The page extracted from the document fetched from `url` at `fetchedAt`, if kept. */
  get(url: string, fetchedAt: string): ExtractedPage | undefined {
    return touchBounded(this.#entries, `${fetchedAt} ${url}`);
  }

  /**
   * Keeps the page extracted from the document fetched from `url` at `fetchedAt`; `requestedUrl`,
   * the URL the caller asked for (before redirects), makes it available to {@link recent}.
   */
  set(url: string, fetchedAt: string, page: ExtractedPage, requestedUrl?: string): void {
    const key = `${fetchedAt} ${url}`;
    setBounded(this.#entries, key, page, this.maxEntries);
    if (requestedUrl === undefined || this.#reuseForMs <= 0) return;
    const fetchedAtMs = Date.parse(fetchedAt);
    if (!Number.isFinite(fetchedAtMs)) return;
    setBounded(this.#requests, requestedUrl, { key, fetchedAtMs }, this.maxEntries * 2);
  }

  /**
   * The page extracted from the document fetched from `url` at `fetchedAt`: the kept one, the one
   * another job is extracting right now, or else what `produce` makes, which is then kept. Jobs of
   * one worker that ask for the same page at once (the same home page, say) are served one fetch by
   * the page cache; this makes them share one parse of it as well. A failed extraction is not kept.
   */
  async extract(
    url: string,
    fetchedAt: string,
    produce: () => Promise<ExtractedPage>,
    requestedUrl?: string,
  ): Promise<ExtractedPage> {
    const key = `${fetchedAt} ${url}`;
    let page = touchBounded(this.#entries, key);
    if (page === undefined) {
      let pending = this.#pending.get(key);
      if (pending === undefined) {
        pending = produce().finally(() => this.#pending.delete(key));
        this.#pending.set(key, pending);
      }
      page = await pending;
    }
    this.set(url, fetchedAt, page, requestedUrl);
    return page;
  }

  /**
   * The page last read for `requestedUrl`, while its fetch is younger than `reuseForMs` (and than
   * `maxAgeMs`, for a caller that wants a fresher page: then an older one is left for later callers).
   */
  recent(requestedUrl: string, now: number = Date.now(), maxAgeMs?: number): ExtractedPage | undefined {
    const request = this.#requests.get(requestedUrl);
    if (request === undefined) return undefined;
    const age = now - request.fetchedAtMs;
    if (maxAgeMs !== undefined && age >= maxAgeMs) return undefined;
    const page = age < this.#reuseForMs ? touchBounded(this.#entries, request.key) : undefined;
    if (page === undefined) this.#requests.delete(requestedUrl);
    return page;
  }

  get size(): number {
    return this.#entries.size;
  }
}
