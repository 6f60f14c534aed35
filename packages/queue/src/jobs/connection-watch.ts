import { type RedisClient, waitForRedis } from "../redis-connection.js";

/**
 * Tells whether a connection closed (a Redis restart or failover) since a given moment, so that a
 * job's Redis errors can be told apart from its own: a command in flight when the connection
 * closes fails, even though the same command succeeds once the client has reconnected.
 */
export class ConnectionWatch {
  readonly #redis: RedisClient;
  #closes = 0;

  constructor(redis: RedisClient) {
    this.#redis = redis;
    redis.on("close", () => {
      this.#closes += 1;
    });
  }

  /** A mark to compare with later. */
  get mark(): number {
    return this.#closes;
  }

  /** True when the connection closed after `mark` or is not ready now. */
  lostSince(mark: number): boolean {
    return this.#closes !== mark || this.#redis.status !== "ready";
  }

  /** Resolves once the connection is ready again, or after `timeoutMs` (then the next command fails on its own). */
  async ready(timeoutMs: number): Promise<void> {
    await waitForRedis(this.#redis, timeoutMs).catch(() => {});
  }
}
