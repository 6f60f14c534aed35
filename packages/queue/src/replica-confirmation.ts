import type { RedisClient } from "./redis-connection.js";

/** Settings of {@link ReplicaConfirmation}. */
export interface ReplicaConfirmationSettings {
  /** How long WAIT waits for a replica's acknowledgement, in milliseconds. Default 250. */
  waitMs?: number;
  /**
   * How long an unconfirmed write waits for the connection to follow a failover before it is taken
   * as written to a primary that has no replica, in milliseconds. Sentinel announces a new primary
   * about a second after it promoted it. Default 3000.
   */
  followMs?: number;
  /** How often a primary without replicas is asked whether one came back, in milliseconds. Default 2000. */
  replicaCheckMs?: number;
}

/**
 * Confirms that the writes made on some connections (a worker's own and its BullMQ one) reached a
 * replica (Redis `WAIT`, once per connection: it covers that connection's writes), for a primary
 * behind Sentinel. Replication is asynchronous: a primary that fails, or that Sentinel demotes while
 * clients still write to it, takes its last writes with it. A write that must not be lost (a job's
 * result and its batches' bookkeeping) is confirmed before the job counts as done, and written again
 * when the connection moved to another primary meanwhile.
 *
 * A primary without any replica (the last one failed) cannot confirm anything: after waiting once
 * for the connection to follow a failover, writes are taken as they are, without WAIT, until the
 * primary reports a replica again or the connection changes server.
 */
export class ReplicaConfirmation {
  readonly #connectionsToConfirm: readonly RedisClient[];
  readonly #waitMs: number;
  readonly #followMs: number;
  readonly #replicaCheckMs: number;
  /** When the primary was last asked for its replicas while writes went unconfirmed, ms since epoch. */
  #replicaCheckedAt = 0;
  /** Connections made so far (`ready` events of any of them): a change means a client followed a failover. */
  #connections = 0;
  /** The connection count at which writes were last taken without a replica. */
  #withoutReplicaAt: number | undefined;

  constructor(connections: readonly RedisClient[], settings: ReplicaConfirmationSettings = {}) {
    this.#connectionsToConfirm = connections;
    this.#waitMs = settings.waitMs ?? 250;
    this.#followMs = settings.followMs ?? 3_000;
    this.#replicaCheckMs = settings.replicaCheckMs ?? 2_000;
    for (const redis of connections)
      redis.on("ready", () => {
        this.#connections += 1;
      });
  }

  /** True while writes are taken without a replica to confirm them. */
  get withoutReplica(): boolean {
    return this.#withoutReplicaAt === this.#connections;
  }

  /**
   * Resolves true when a replica holds this connection's writes so far (or none can: no replica),
   * false when the connection moved to another server meanwhile and the writes must be made again.
   */
  async confirm(): Promise<boolean> {
    const connection = this.#connections;
    if (this.withoutReplica && !(await this.#replicaCameBack())) return true;
    const acknowledged = await Promise.all(
      this.#connectionsToConfirm.map(async (redis) => Number(await redis.call("WAIT", 1, this.#waitMs))),
    );
    if (acknowledged.every((replicas) => replicas >= 1)) {
      this.#withoutReplicaAt = undefined;
      return true;
    }
    if (this.#connections !== connection) return false;
    if (this.#withoutReplicaAt === connection) return true;
    await this.#followedFailover(connection);
    if (this.#connections !== connection) return false;
    this.#withoutReplicaAt = connection;
    return true;
  }

  /** While writes go unconfirmed: whether the primary reports a replica again (asked at most every `replicaCheckMs`). */
  async #replicaCameBack(): Promise<boolean> {
    if (Date.now() - this.#replicaCheckedAt < this.#replicaCheckMs) return false;
    this.#replicaCheckedAt = Date.now();
    const info = String(await this.#connectionsToConfirm[0]?.call("INFO", "replication"));
    const replicas = Number(/^connected_slaves:(\d+)/m.exec(info)?.[1] ?? 0);
    if (replicas > 0) this.#withoutReplicaAt = undefined;
    return replicas > 0;
  }

  /** Resolves after `followMs`, or as soon as the connection has been made again. */
  #followedFailover(connection: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        for (const redis of this.#connectionsToConfirm) redis.off("ready", done);
        resolve();
      };
      const timer = setTimeout(done, this.#followMs);
      if (this.#connections !== connection) done();
      else for (const redis of this.#connectionsToConfirm) redis.on("ready", done);
    });
  }
}
