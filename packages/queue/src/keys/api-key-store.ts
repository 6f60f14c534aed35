import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { redisChannels, redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import type { KeyLimits } from "../usage/usage-ledger.js";

/** A key made with `dossier keys create`, as stored: never the secret itself. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  createdAt: string;
  revokedAt: string | null;
  /** The first characters of the key, to tell keys apart in listings. */
  preview: string;
  /** Monthly limits; absent on keys made before limits existed, which have none. */
  limits?: KeyLimits;
}

/** The identity behind an accepted key. */
export interface ApiKeyIdentity {
  id: string;
  name: string;
  source: "environment" | "redis";
  /** The key's monthly limits; absent when it has none (keys from `API_KEYS` never do). */
  limits?: KeyLimits;
}

const KEY_PREFIX = "dsk_";

export function hashApiKey(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}

/**
 * API keys: those given in `API_KEYS`, checked in constant time against their hashes, and those
 * made with `dossier keys create`, stored in Redis only as SHA-256 hashes.
 */
export class ApiKeyStore {
  private readonly environmentKeys: Array<{ hash: Buffer; identity: ApiKeyIdentity }>;

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    environmentKeys: readonly string[] = [],
  ) {
    this.environmentKeys = environmentKeys.map((key) => {
      const hash = hashApiKey(key);
      return {
        hash,
        identity: { id: `env-${hash.toString("hex").slice(0, 12)}`, name: "API_KEYS", source: "environment" as const },
      };
    });
  }

  /** The identity of a presented key, or null when it is unknown or revoked. */
  async verify(presented: string): Promise<ApiKeyIdentity | null> {
    const hash = hashApiKey(presented);
    let match: ApiKeyIdentity | null = null;
    // Every configured key is compared, so the time taken does not tell which one matched.
    for (const entry of this.environmentKeys) {
      if (timingSafeEqual(entry.hash, hash)) match = entry.identity;
    }
    if (match) return match;
    if (!presented.startsWith(KEY_PREFIX)) return null;
    const id = await this.redis.hget(redisKeys.apiKeyHashes(this.prefix), hash.toString("hex"));
    if (!id) return null;
    const record = await this.get(id);
    if (!record || record.revokedAt) return null;
    const identity: ApiKeyIdentity = { id: record.id, name: record.name, source: "redis" };
    if (record.limits && (record.limits.monthlyCalls !== null || record.limits.monthlyTokens !== null))
      identity.limits = record.limits;
    return identity;
  }

  /** Makes a key, with optional monthly limits; the secret is returned once and only its hash is kept. */
  async create(name: string, limits?: Partial<KeyLimits>): Promise<{ key: string; record: ApiKeyRecord }> {
    const problem = keyNameProblem(name);
    if (problem) throw new RangeError(`The key name ${problem}.`);
    const key = `${KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
    const record: ApiKeyRecord = {
      id: `key-${randomBytes(6).toString("hex")}`,
      name,
      createdAt: new Date().toISOString(),
      revokedAt: null,
      preview: `${key.slice(0, 8)}…`,
      limits: { monthlyCalls: limits?.monthlyCalls ?? null, monthlyTokens: limits?.monthlyTokens ?? null },
    };
    await this.redis
      .multi()
      .hset(redisKeys.apiKeys(this.prefix), record.id, JSON.stringify(record))
      .hset(redisKeys.apiKeyHashes(this.prefix), hashApiKey(key).toString("hex"), record.id)
      .exec();
    return { key, record };
  }

  async get(id: string): Promise<ApiKeyRecord | null> {
    const raw = await this.redis.hget(redisKeys.apiKeys(this.prefix), id);
    return raw ? (JSON.parse(raw) as ApiKeyRecord) : null;
  }

  async list(): Promise<ApiKeyRecord[]> {
    const all = await this.redis.hgetall(redisKeys.apiKeys(this.prefix));
    return Object.values(all)
      .map((raw) => JSON.parse(raw) as ApiKeyRecord)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Revokes by id or by name; returns the revoked records. */
  async revoke(idOrName: string): Promise<ApiKeyRecord[]> {
    const revoked: ApiKeyRecord[] = [];
    for (const record of await this.list()) {
      if ((record.id === idOrName || record.name === idOrName) && !record.revokedAt) {
        const updated = { ...record, revokedAt: new Date().toISOString() };
        await this.redis.hset(redisKeys.apiKeys(this.prefix), record.id, JSON.stringify(updated));
        // New calls are refused from now on; the gateways end the streams the key has open.
        await this.redis.publish(redisChannels.keyRevocations(this.prefix), record.id);
        revoked.push(updated);
      }
    }
    return revoked;
  }
}

/** Longest key name, in characters. */
export const MAX_KEY_NAME_LENGTH = 100;

/**
 * What is wrong with a key name, or null: it is shown in `keys list`, one key a line, so it must be
 * 1 to 100 characters with no control characters (a newline would forge a row) and not only spaces.
 */
export function keyNameProblem(name: string): string | null {
  if (name.trim() === "") return "must not be empty";
  if ([...name].length > MAX_KEY_NAME_LENGTH) return `must be at most ${MAX_KEY_NAME_LENGTH} characters`;
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(name)) return "must be one line, without control characters";
  return null;
}
