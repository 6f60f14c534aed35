import type { Config } from "@dossier/config";
import { ApiKeyStore, createRedis, waitForRedis } from "@dossier/queue";

/** The name of the key `dossier start` makes when none is configured. */
export const LOCAL_KEY_NAME = "local";

/**
 * With no key configured (none in `API_KEYS`, no active one made with `dossier keys create`), makes
 * one named `local`, stored as every other key (Redis keeps only its hash), and returns it: the only
 * moment it can be shown. Returns null when a key exists already.
 */
export async function makeFirstKey(config: Config): Promise<string | null> {
  if (config.apiKeys.length > 0) return null;
  const redis = createRedis(config.redis, "command");
  try {
    await waitForRedis(redis);
    const store = new ApiKeyStore(redis, config.redisPrefix);
    if ((await store.list()).some((record) => !record.revokedAt)) return null;
    return (await store.create(LOCAL_KEY_NAME)).key;
  } finally {
    redis.disconnect();
  }
}
