import { createHash } from "node:crypto";
import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";

/** How long an `Idempotency-Key` is remembered, in seconds (24 hours). */
export const IDEMPOTENCY_TTL_SECONDS = 86_400;

/** What an `Idempotency-Key` says about a new request. */
export type IdempotencyClaim =
  /** The key is new: make the batch, then {@link IdempotencyKeys.complete} it. */
  | { status: "claimed" }
  /** The same key and body made this batch: answer with it. */
  | { status: "replay"; batchId: string }
  /** The key was used with another body. */
  | { status: "conflict" }
  /** A request with this key and body is still being made. */
  | { status: "in-progress" };

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * `Idempotency-Key` on `POST /v1/batches`: the first request with a key claims it for its body; the
 * same key and body within 24 hours gets the same batch; another body with the key is a conflict.
 * Keys are scoped to the API key that sent them.
 */
export class IdempotencyKeys {
  /**
   * `keyOf` builds the Redis key of one API key's `Idempotency-Key` (default: the batches' keys;
   * lists pass `redisKeys.listIdempotency`, so that one header value may name a batch and a list).
   */
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly keyBuilder: (
      prefix: string,
      keyId: string,
      keyHash: string,
    ) => string = redisKeys.batchIdempotency,
  ) {}

  private keyOf(keyId: string, idempotencyKey: string): string {
    return this.keyBuilder(this.prefix, keyId, sha256(idempotencyKey));
  }

  /** The fingerprint of a request body (its JSON with keys in a stable order). */
  static fingerprint(canonicalBody: string): string {
    return sha256(canonicalBody);
  }

  async claim(keyId: string, idempotencyKey: string, fingerprint: string): Promise<IdempotencyClaim> {
    const key = this.keyOf(keyId, idempotencyKey);
    const claimed = await this.redis.set(key, `${fingerprint}:`, "EX", IDEMPOTENCY_TTL_SECONDS, "NX");
    if (claimed === "OK") return { status: "claimed" };
    const value = await this.redis.get(key);
    // Expired between the two commands: the key is free again.
    if (value === null) return this.claim(keyId, idempotencyKey, fingerprint);
    const separator = value.indexOf(":");
    if (value.slice(0, separator) !== fingerprint) return { status: "conflict" };
    const batchId = value.slice(separator + 1);
    return batchId ? { status: "replay", batchId } : { status: "in-progress" };
  }

  /** Records the batch the claimed key made. */
  async complete(keyId: string, idempotencyKey: string, fingerprint: string, batchId: string): Promise<void> {
    await this.redis.set(this.keyOf(keyId, idempotencyKey), `${fingerprint}:${batchId}`, "KEEPTTL");
  }

  /** Gives the key up after the batch could not be made, so that a retry may make it. */
  async release(keyId: string, idempotencyKey: string): Promise<void> {
    await this.redis.del(this.keyOf(keyId, idempotencyKey));
  }
}
