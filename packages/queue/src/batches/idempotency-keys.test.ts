import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis, type RedisClient } from "../redis-connection.js";
import { type IdempotencyClaim, IdempotencyKeys, LIST_IDEMPOTENCY_NAMES } from "./idempotency-keys.js";

let redis: RedisClient;
let prefix: string;

beforeAll(() => {
  redis = createRedis({ mode: "standalone", url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" }, "blocking");
  prefix = `test-idempotency-${randomBytes(4).toString("hex")}`;
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const leaseOf = (claim: IdempotencyClaim) => (claim.status === "claimed" ? claim.lease : "");

describe("IdempotencyKeys", () => {
  it("lets one header value make a batch and a list, each under a lease of its own", async () => {
    const batchKeys = new IdempotencyKeys(redis, prefix);
    const listKeys = new IdempotencyKeys(redis, prefix, LIST_IDEMPOTENCY_NAMES);
    const batchClaim = await batchKeys.claim("key-1", "same-value", "batch-body");
    const listClaim = await listKeys.claim("key-1", "same-value", "list-body");
    expect(batchClaim.status).toBe("claimed");
    expect(listClaim.status).toBe("claimed");
    // The list's claim took nothing of the batch's: both makers still hold their lease.
    expect(await batchKeys.renew("key-1", "same-value", leaseOf(batchClaim))).toBe(true);
    expect(await listKeys.renew("key-1", "same-value", leaseOf(listClaim))).toBe(true);

    await batchKeys.complete("key-1", "same-value", "batch-body", "b-made");
    await listKeys.complete("key-1", "same-value", "list-body", "l-made");
    expect(await batchKeys.claim("key-1", "same-value", "batch-body")).toEqual({ status: "replay", batchId: "b-made" });
    expect(await listKeys.claim("key-1", "same-value", "list-body")).toEqual({ status: "replay", batchId: "l-made" });
  });

  it("keeps a record a day when it is written where its claim was lost (a failover), and its lifetime otherwise", async () => {
    const keys = new IdempotencyKeys(redis, prefix, LIST_IDEMPOTENCY_NAMES);
    // No claim on this server: the note and the completion make the record, for a day.
    await keys.note("key-2", "lost-claim", "body", "l-again");
    await keys.complete("key-2", "lost-claim", "body", "l-again");
    const record = LIST_IDEMPOTENCY_NAMES.record(
      prefix,
      "key-2",
      createHash("sha256").update("lost-claim").digest("hex"),
    );
    expect(await redis.ttl(record)).toBeGreaterThan(86_000);
    expect(await keys.claim("key-2", "lost-claim", "body")).toEqual({ status: "replay", batchId: "l-again" });

    const claim = await keys.claim("key-2", "kept-claim", "body");
    const kept = LIST_IDEMPOTENCY_NAMES.record(
      prefix,
      "key-2",
      createHash("sha256").update("kept-claim").digest("hex"),
    );
    await redis.expire(kept, 100);
    await keys.note("key-2", "kept-claim", "body", "l-kept");
    await keys.complete("key-2", "kept-claim", "body", "l-kept");
    expect(await redis.ttl(kept)).toBeLessThanOrEqual(100);
    expect(await keys.renew("key-2", "kept-claim", leaseOf(claim))).toBe(false);
  });
});
