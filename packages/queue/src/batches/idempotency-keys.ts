import { createHash, randomBytes } from "node:crypto";
import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";

/** How long an `Idempotency-Key` is remembered, in seconds (24 hours). */
export const IDEMPOTENCY_TTL_SECONDS = 86_400;

/**
 * How long a submission holds its `Idempotency-Key` without renewing it, in milliseconds: the
 * gateway renews the lease every third of it while it makes the batch, so a gateway that dies
 * gives the key up within this time rather than for a day.
 */
export const IDEMPOTENCY_LEASE_MS = 10_000;

/** What an `Idempotency-Key` says about a new request. */
export type IdempotencyClaim =
  /**
   * The key is this request's: make the batch (naming it with {@link IdempotencyKeys.note} first),
   * keep the lease with {@link IdempotencyKeys.renew}, then {@link IdempotencyKeys.complete} it.
   * `abandonedBatchId` is the batch an earlier request with this key and body was making when it
   * stopped: answer it if it exists.
   */
  | { status: "claimed"; lease: string; abandonedBatchId?: string }
  /** The same key and body made this batch: answer with it. */
  | { status: "replay"; batchId: string }
  /** The key was used with another body. */
  | { status: "conflict" }
  /** A request with this key and body is being made now (its lease is alive). */
  | { status: "in-progress" };

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * KEYS: the key's record (`<body hash>:<batch id>`, the id empty or `~<id>` while being made), its
 * lease. ARGV: body hash, record TTL (s), lease (ms), lease token. Claims a new key, answers a made
 * one, or takes over one whose lease expired (its maker stopped), saying which batch it was making.
 */
const CLAIM_SCRIPT = new RedisScript(`
local record = redis.call('GET', KEYS[1])
if not record then
  redis.call('SET', KEYS[1], ARGV[1] .. ':', 'EX', ARGV[2])
  redis.call('SET', KEYS[2], ARGV[4], 'PX', ARGV[3])
  return {'claimed'}
end
local separator = string.find(record, ':', 1, true)
if not separator or string.sub(record, 1, separator - 1) ~= ARGV[1] then return {'conflict'} end
local batch = string.sub(record, separator + 1)
if batch ~= '' and string.sub(batch, 1, 1) ~= '~' then return {'replay', batch} end
if redis.call('EXISTS', KEYS[2]) == 1 then return {'in-progress'} end
redis.call('SET', KEYS[2], ARGV[4], 'PX', ARGV[3])
return {'claimed', string.sub(batch, 2)}
`);

/** KEYS: a lease. ARGV: its token, lease (ms). Extends the lease while it is still the caller's. */
const RENEW_SCRIPT = new RedisScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('PEXPIRE', KEYS[1], ARGV[2])
`);

/**
 * KEYS: a key's record, its lease (deleted when ARGV[3] is 1). ARGV: the record, its TTL (s), 1 to
 * end the lease. Writes the record keeping its lifetime; a record that has none (written again on a
 * new primary after a failover lost the claim) gets the full one.
 */
const RECORD_SCRIPT = new RedisScript(`
redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL')
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
if ARGV[3] == '1' then redis.call('DEL', KEYS[2]) end
return 1
`);

/** The Redis keys of one kind of `Idempotency-Key`: the record of what it made, and the making request's lease. */
export interface IdempotencyKeyNames {
  record: (prefix: string, keyId: string, keyHash: string) => string;
  lease: (prefix: string, keyId: string, keyHash: string) => string;
}

/** The keys of `Idempotency-Key` on `POST /v1/batches`. */
export const BATCH_IDEMPOTENCY_NAMES: IdempotencyKeyNames = {
  record: redisKeys.batchIdempotency,
  lease: redisKeys.batchIdempotencyLease,
};

/** The keys of `Idempotency-Key` on `POST /v1/lists`. */
export const LIST_IDEMPOTENCY_NAMES: IdempotencyKeyNames = {
  record: redisKeys.listIdempotency,
  lease: redisKeys.listIdempotencyLease,
};

/**
 * `Idempotency-Key` on `POST /v1/batches` (and, under keys of their own, on `POST /v1/lists`): the
 * first request with a key claims it for its body; the same key and body within 24 hours gets the
 * same batch; another body with the key is a conflict. A request holds its claim by a short lease,
 * so that one whose gateway died is taken over by its retry, which answers the batch it had made or
 * makes it. Keys are scoped to the API key that sent them.
 */
export class IdempotencyKeys {
  /**
   * `names` builds the Redis keys of one API key's `Idempotency-Key`, its record and its lease
   * (default: the batches'; lists pass {@link LIST_IDEMPOTENCY_NAMES}, so that one header value may
   * name a batch and a list, each made under its own lease).
   */
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly names: IdempotencyKeyNames = BATCH_IDEMPOTENCY_NAMES,
  ) {}

  private keyOf(keyId: string, idempotencyKey: string): string {
    return this.names.record(this.prefix, keyId, sha256(idempotencyKey));
  }

  private leaseOf(keyId: string, idempotencyKey: string): string {
    return this.names.lease(this.prefix, keyId, sha256(idempotencyKey));
  }

  /** The fingerprint of a request body (its JSON with keys in a stable order). */
  static fingerprint(canonicalBody: string): string {
    return sha256(canonicalBody);
  }

  async claim(keyId: string, idempotencyKey: string, fingerprint: string): Promise<IdempotencyClaim> {
    const lease = randomBytes(8).toString("hex");
    const [status, batchId] = (await CLAIM_SCRIPT.run(
      this.redis,
      [this.keyOf(keyId, idempotencyKey), this.leaseOf(keyId, idempotencyKey)],
      [fingerprint, IDEMPOTENCY_TTL_SECONDS, IDEMPOTENCY_LEASE_MS, lease],
    )) as [string, string | undefined];
    if (status === "replay") return { status, batchId: batchId! };
    if (status === "claimed") return { status, lease, ...(batchId ? { abandonedBatchId: batchId } : {}) };
    return { status: status as "conflict" | "in-progress" };
  }

  /** Records which batch the claim is making, before it is written: a retry after a crash then finds it. */
  async note(keyId: string, idempotencyKey: string, fingerprint: string, batchId: string): Promise<void> {
    await RECORD_SCRIPT.run(
      this.redis,
      [this.keyOf(keyId, idempotencyKey), this.leaseOf(keyId, idempotencyKey)],
      [`${fingerprint}:~${batchId}`, IDEMPOTENCY_TTL_SECONDS, 0],
    );
  }

  /** Keeps the claim's lease; false when it was lost (it expired and another request took the key). */
  async renew(keyId: string, idempotencyKey: string, lease: string): Promise<boolean> {
    const renewed = await RENEW_SCRIPT.run(
      this.redis,
      [this.leaseOf(keyId, idempotencyKey)],
      [lease, IDEMPOTENCY_LEASE_MS],
    );
    return renewed === 1;
  }

  /** Records the batch the claimed key made. */
  async complete(keyId: string, idempotencyKey: string, fingerprint: string, batchId: string): Promise<void> {
    await RECORD_SCRIPT.run(
      this.redis,
      [this.keyOf(keyId, idempotencyKey), this.leaseOf(keyId, idempotencyKey)],
      [`${fingerprint}:${batchId}`, IDEMPOTENCY_TTL_SECONDS, 1],
    );
  }

  /** Gives the key up after the batch could not be made, so that a retry may make it. */
  async release(keyId: string, idempotencyKey: string): Promise<void> {
    await this.redis.del(this.keyOf(keyId, idempotencyKey), this.leaseOf(keyId, idempotencyKey));
  }
}
