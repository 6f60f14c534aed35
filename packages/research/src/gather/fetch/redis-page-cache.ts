import type { Cluster, Redis } from "ioredis";
import type { PageCache } from "./page-cache.js";
import type { FetchedPage } from "./page-fetcher.js";

/** Settings of {@link RedisPageCache}. */
export interface RedisPageCacheSettings {
  /** A connected ioredis client; the cache never closes it. */
  client: Redis | Cluster;
  /** Prefix of every key, e.g. `dossier:page:`; the URL follows it. */
  keyPrefix: string;
}

/** A page cache in Redis: one JSON string per URL, expiring by Redis TTL. */
export class RedisPageCache implements PageCache {
  readonly #client: Redis | Cluster;
  readonly #keyPrefix: string;

  constructor(settings: RedisPageCacheSettings) {
    this.#client = settings.client;
    this.#keyPrefix = settings.keyPrefix;
  }

  async get(url: string): Promise<FetchedPage | undefined> {
    const stored = await this.#client.get(this.#keyPrefix + url);
    if (stored === null) return undefined;
    return parseStoredPage(stored);
  }

  async set(url: string, page: FetchedPage, ttlSeconds: number): Promise<void> {
    await this.#client.set(this.#keyPrefix + url, JSON.stringify(page), "EX", Math.max(1, Math.round(ttlSeconds)));
  }
}

// A value this code cannot read (an older format, another writer) is a miss, not an error.
function parseStoredPage(stored: string): FetchedPage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const page = value as Record<string, unknown>;
  const isPage =
    typeof page.url === "string" &&
    typeof page.requestedUrl === "string" &&
    typeof page.status === "number" &&
    typeof page.contentType === "string" &&
    typeof page.text === "string" &&
    typeof page.fetchedAt === "string";
  return isPage ? (value as FetchedPage) : undefined;
}
