import { createHash } from "node:crypto";
import type { RedisClient } from "./redis-connection.js";

/**
 * A Lua script run by its SHA-1 (EVALSHA), so that the script's text crosses the wire only the
 * first time a Redis server sees it, or again after a restart or SCRIPT FLUSH (NOSCRIPT).
 */
export class RedisScript {
  readonly sha: string;

  constructor(readonly lua: string) {
    this.sha = createHash("sha1").update(lua, "utf8").digest("hex");
  }

  async run(
    redis: RedisClient,
    keys: readonly string[],
    args: ReadonlyArray<string | number | Buffer>,
  ): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return redis.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}
