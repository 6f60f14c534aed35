import { createHash } from "node:crypto";
import type { Cluster, Redis } from "ioredis";
import type { PageReadMemory } from "./count-usage.js";

/** Settings of {@link RedisPageReads}. */
export interface RedisPageReadsSettings {
  /** A connected ioredis client; never closed here. */
  client: Redis | Cluster;
  /** Prefix of every key, e.g. `dossier:page-read:`; a digest of the caller and the URL follows it. */
  keyPrefix: string;
  /** How long a read is remembered, in seconds: the page cache's lifetime (`CACHE_TTL_SECONDS`). */
  ttlSeconds: number;
}

/**
 * Which pages each caller read, in Redis: one small key per caller and URL, a digest of both (Redis
 * holds neither the key id nor the URL in clear), expiring with the page cache.
 */
export class RedisPageReads {
  constructor(private readonly settings: RedisPageReadsSettings) {}

  /** The memory of one caller's reads, by its key id. */
  of(callerId: string): PageReadMemory {
    return {
      noteRead: async (url) => {
        const digest = createHash("sha256").update(`${callerId}\n${url}`, "utf8").digest("hex").slice(0, 32);
        const ttl = Math.max(1, Math.round(this.settings.ttlSeconds));
        // SET ... GET answers the value before: one round trip both asks and notes.
        const before = await this.settings.client.set(this.settings.keyPrefix + digest, "1", "EX", ttl, "GET");
        return before !== null;
      },
    };
  }
}
