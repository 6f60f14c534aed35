import { setBounded, touchBounded } from "../../bounded-map.js";
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
  storedAt: number;
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

  async get(key: string, options: { maxAgeSeconds?: number } = {}): Promise<SearchHit[] | undefined> {
    const entry = touchBounded(this.#entries, key);
    if (entry === undefined) return undefined;
    const now = this.#now();
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    if (options.maxAgeSeconds !== undefined && now - entry.storedAt >= options.maxAgeSeconds * 1000) return undefined;
    return structuredClone(entry.hits);
  }

  async set(key: string, hits: SearchHit[], ttlSeconds: number): Promise<void> {
    setBounded(
      this.#entries,
      key,
      { hits: structuredClone(hits), storedAt: this.#now(), expiresAt: this.#now() + ttlSeconds * 1000 },
      this.#maxEntries,
    );
  }
}
