import type { FetchedPage } from "./page-fetcher.js";

/** Where fetched pages (and robots.txt files) are kept between fetches, keyed by URL. */
export interface PageCache {
  /** The page stored for `url`, or undefined when there is none or it expired. */
  get(url: string): Promise<FetchedPage | undefined>;
  /** Stores `page` under `url` for `ttlSeconds` seconds. */
  set(url: string, page: FetchedPage, ttlSeconds: number): Promise<void>;
}

/** A page cache in process memory, for tests and single-process runs. */
export class MemoryPageCache implements PageCache {
  readonly #entries = new Map<string, { page: FetchedPage; expiresAt: number }>();
  readonly #now: () => number;

  /** `now` returns the current time in milliseconds; tests may pass a clock of their own. */
  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  async get(url: string): Promise<FetchedPage | undefined> {
    const entry = this.#entries.get(url);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(url);
      return undefined;
    }
    return structuredClone(entry.page);
  }

  async set(url: string, page: FetchedPage, ttlSeconds: number): Promise<void> {
    this.#entries.set(url, { page: structuredClone(page), expiresAt: this.#now() + ttlSeconds * 1000 });
  }
}
