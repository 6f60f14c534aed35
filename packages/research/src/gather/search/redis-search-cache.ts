import type { Cluster, Redis } from "ioredis";
import { z } from "zod";
import type { SearchCache } from "./cached-search-provider.js";
import type { SearchHit } from "./search-provider.js";

/** Options of {@link RedisSearchCache}. */
export interface RedisSearchCacheOptions {
  /** Prefix of every key this cache writes. Default `dossier:search:`. */
  keyPrefix?: string;
}

// The stored format's version is part of the key, so a change of the format never reads old entries.
// v2 keeps when the hits were stored, for callers that want fresh ones (`maxAgeSeconds`).
const FORMAT_VERSION = "v2";

const storedSearchSchema = z.object({
  storedAt: z.number(),
  hits: z.array(
    z.object({
      url: z.string(),
      title: z.string(),
      snippet: z.string(),
      rank: z.number(),
      provider: z.string(),
      publishedAt: z.string().nullish(),
    }),
  ),
});

/** A {@link SearchCache} in Redis, shared by every worker; entries expire through Redis `EX`. Redis errors reach the caller. */
export class RedisSearchCache implements SearchCache {
  readonly #client: Redis | Cluster;
  readonly #keyPrefix: string;

  constructor(client: Redis | Cluster, options: RedisSearchCacheOptions = {}) {
    this.#client = client;
    this.#keyPrefix = `${options.keyPrefix ?? "dossier:search:"}${FORMAT_VERSION}:`;
  }

  async get(key: string, options: { maxAgeSeconds?: number } = {}): Promise<SearchHit[] | undefined> {
    const stored = await this.#client.get(this.#keyPrefix + key);
    if (stored === null) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(stored);
    } catch {
      // An unreadable entry is a miss: the search runs again and overwrites it.
      return undefined;
    }
    const parsed = storedSearchSchema.safeParse(json);
    if (!parsed.success) return undefined;
    const { storedAt, hits } = parsed.data;
    if (options.maxAgeSeconds !== undefined && Date.now() - storedAt >= options.maxAgeSeconds * 1000) return undefined;
    return hits;
  }

  async set(key: string, hits: SearchHit[], ttlSeconds: number): Promise<void> {
    await this.#client.set(this.#keyPrefix + key, JSON.stringify({ storedAt: Date.now(), hits }), "EX", ttlSeconds);
  }
}
