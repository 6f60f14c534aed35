import type { SearchCache } from "./cached-search-provider.js";
import type { SearchHit } from "./search-provider.js";

/** Options of {@link MemorySearchCache}. */
export interface MemorySearchCacheOptions {
  /** Most entries kept; the least recently used one goes first. Default 1000. */
  maxEntries?: number;
  /** Clock in milliseconds since the epoch, for tests. Default `Date.now`. */
  now?: () => number;
}

interface Entry {
  hits: SearchHit[];
  expiresAt: number;
}

/** A {@link SearchCache} in this process's memory, bounded in entries. For one process, tests and the CLI. */
export class MemorySearchCache implements SearchCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: MemorySearchCacheOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 1000;
    this.#now = options.now ?? Date.now;
  }

  async get(key: string): Promise<SearchHit[] | undefined> {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    // Re-inserting moves the key to the end of the Map's order: the most recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return structuredClone(entry.hits);
  }

  async set(key: string, hits: SearchHit[], ttlSeconds: number): Promise<void> {
    this.#entries.delete(key);
    this.#entries.set(key, { hits: structuredClone(hits), expiresAt: this.#now() + ttlSeconds * 1000 });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}
