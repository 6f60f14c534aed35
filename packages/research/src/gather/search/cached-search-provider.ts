import { createHash } from "node:crypto";
import { resolveSearchLimit, type SearchHit, type SearchOptions, type SearchProvider } from "./search-provider.js";

/** Where {@link CachedSearchProvider} keeps hit lists. Errors thrown here reach the caller. */
export interface SearchCache {
  /**
   * The hits stored under `key`, or undefined when there are none, they expired, or they were
   * stored more than `options.maxAgeSeconds` ago.
   */
  get(key: string, options?: { maxAgeSeconds?: number }): Promise<SearchHit[] | undefined>;
  /** Stores `hits` under `key` for `ttlSeconds` seconds. */
  set(key: string, hits: SearchHit[], ttlSeconds: number): Promise<void>;
}

/** Options of {@link CachedSearchProvider}. */
export interface CachedSearchProviderOptions {
  /** How long a successful hit list is reused, in seconds. Default 86400 (one day). */
  ttlSeconds?: number;
}

/** Folds the differences that do not change what a search engine answers: Unicode form, case, spacing. */
export function normalizeSearchQuery(query: string): string {
  return query.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * The cache key of one search: provider id, limit and a hash of the normalized query and of the
 * wanted and unwanted domains, when there are any (bounded length, no raw text).
 */
export function searchCacheKey(
  providerId: string,
  query: string,
  limit: number,
  domains: Pick<SearchOptions, "includeDomains" | "excludeDomains"> = {},
): string {
  const hash = createHash("sha256").update(normalizeSearchQuery(query));
  if (domains.includeDomains?.length || domains.excludeDomains?.length) {
    hash.update(
      `\n${[...(domains.includeDomains ?? [])].sort().join(",")}\n${[...(domains.excludeDomains ?? [])].sort().join(",")}`,
    );
  }
  return `${providerId}:${limit}:${hash.digest("base64url")}`;
}

interface Flight {
  promise: Promise<SearchHit[]>;
  controller: AbortController;
  waiters: number;
}

function copyHits(hits: SearchHit[]): SearchHit[] {
  return hits.map((hit) => ({ ...hit }));
}

/**
 * Decorates a provider with a cache of successful hit lists, keyed by provider id, normalized
 * query and limit. Errors are never cached. Identical searches running at the same time in this
 * process share one cache lookup and one upstream call; the upstream call is cancelled only when
 * every caller waiting on it has aborted.
 */
export class CachedSearchProvider implements SearchProvider {
  readonly id: string;
  readonly #inner: SearchProvider;
  readonly #cache: SearchCache;
  readonly #ttlSeconds: number;
  readonly #flights = new Map<string, Flight>();

  constructor(inner: SearchProvider, cache: SearchCache, options: CachedSearchProviderOptions = {}) {
    const ttlSeconds = options.ttlSeconds ?? 86_400;
    if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) {
      throw new RangeError(`ttlSeconds must be a positive integer, got ${String(ttlSeconds)}`);
    }
    this.id = inner.id;
    this.#inner = inner;
    this.#cache = cache;
    this.#ttlSeconds = ttlSeconds;
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const limit = resolveSearchLimit(options.limit);
    options.signal?.throwIfAborted();
    const domains = {
      ...(options.includeDomains ? { includeDomains: options.includeDomains } : {}),
      ...(options.excludeDomains ? { excludeDomains: options.excludeDomains } : {}),
    };
    const key = searchCacheKey(this.#inner.id, query, limit, domains);
    // A caller that wants fresh hits shares a flight only with callers asking the same freshness.
    const flightKey = options.maxAgeSeconds === undefined ? key : `${key} max-age=${options.maxAgeSeconds}`;
    // A flight shared by several callers runs as its first caller asked.
    const flight =
      this.#flights.get(flightKey) ??
      this.#startFlight(
        flightKey,
        key,
        query,
        { limit, background: options.background ?? false, ...domains },
        options.maxAgeSeconds,
      );
    return copyHits(await this.#wait(flightKey, flight, options.signal));
  }

  #startFlight(
    flightKey: string,
    key: string,
    query: string,
    upstream: Pick<SearchOptions, "limit" | "background" | "includeDomains" | "excludeDomains">,
    maxAgeSeconds: number | undefined,
  ): Flight {
    const controller = new AbortController();
    const run = async (): Promise<SearchHit[]> => {
      const cached = await this.#cache.get(key, maxAgeSeconds === undefined ? {} : { maxAgeSeconds });
      if (cached !== undefined) return cached;
      const hits = await this.#inner.search(query, { ...upstream, signal: controller.signal });
      await this.#cache.set(key, hits, this.#ttlSeconds);
      return hits;
    };
    const flight: Flight = { promise: run(), controller, waiters: 0 };
    this.#flights.set(flightKey, flight);
    const forget = (): void => {
      if (this.#flights.get(flightKey) === flight) this.#flights.delete(flightKey);
    };
    // Every waiter receives the outcome through its own await; this branch only keeps a flight
    // whose waiters all left from being reported as an unhandled rejection.
    flight.promise.then(forget, forget);
    return flight;
  }

  #wait(key: string, flight: Flight, signal: AbortSignal | undefined): Promise<SearchHit[]> {
    flight.waiters += 1;
    if (signal === undefined) return flight.promise;
    return new Promise<SearchHit[]>((resolve, reject) => {
      const onAbort = (): void => {
        flight.waiters -= 1;
        if (flight.waiters === 0) {
          // Nobody wants the answer any more: stop paying for it, and let a later caller start afresh.
          if (this.#flights.get(key) === flight) this.#flights.delete(key);
          flight.controller.abort(signal.reason);
        }
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      flight.promise.then(
        (hits) => {
          signal.removeEventListener("abort", onAbort);
          resolve(hits);
        },
        (error: unknown) => {
          signal.removeEventListener("abort", onAbort);
          reject(error);
        },
      );
    });
  }
}
