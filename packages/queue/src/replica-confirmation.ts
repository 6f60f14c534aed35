import type { RedisTarget } from "@dossier/config";
import { Redis } from "ioredis";
import type { RedisClient } from "./redis-connection.js";

/** A server as the Sentinels name it. */
export interface ServerAddress {
  host: string;
  port: number;
}

/** What one Sentinel says of the primary. */
export interface SentinelView extends ServerAddress {
  /** False while this Sentinel sees the primary down or runs a failover of it: its address may be about to change. */
  settled: boolean;
}

/** Settings of {@link ReplicaConfirmation}. */
export interface ReplicaConfirmationSettings {
  /** How long one WAIT waits for a replica's acknowledgement, in milliseconds. Default 250. */
  waitMs?: number;
  /**
   * How long a write waits in all for a replica that is online but slow to acknowledge (a busy
   * machine), or for Sentinels that do not yet agree on the primary (a failover under way), in
   * milliseconds, before it is taken as written. Default 5000.
   */
  lagMs?: number;
  /** How long a connection sent to the primary the Sentinels name may take to be ready, in milliseconds. Default 3000. */
  followMs?: number;
  /** What each Sentinel that answers says of the primary now. */
  sentinelPrimary: () => Promise<SentinelView[]>;
  /**
   * How many Sentinels are configured: fewer than a majority of them answering says nothing about
   * which server is primary. Default: as many as answer.
   */
  sentinelCount?: number;
  /**
   * Told when writes are taken without a replica's acknowledgement: the primary has no online
   * replica (once, until it has one again), or a replica stayed behind or the Sentinels did not
   * agree for `lagMs`. Such writes are lost if the primary fails now: worth a line in the log.
   */
  onUnconfirmed?: (reason: "without-replica" | "replica-lagging" | "unsettled") => void;
}

/** What the server behind a connection that got no acknowledgement is. */
type ServerState = "not-the-primary" | "unsettled" | "without-replica" | "replica-lagging";

/**
 * Confirms that the writes made on some connections (a worker's own and its BullMQ one) reached a
 * replica (Redis `WAIT`, once per connection: it covers that connection's writes), for a primary
 * behind Sentinel. Replication is asynchronous: a primary that fails, or that Sentinel demotes while
 * clients still write to it, takes its last writes with it. A write that must not be lost (a job's
 * start, its result and its batches' bookkeeping) is confirmed before the job counts as done, and
 * written again when the connection was on a server that is no longer the primary.
 *
 * When no replica acknowledges, the server is asked what it is (`INFO replication`) and the
 * Sentinels which server is primary: a connection to a server that is not the primary any more is
 * sent to the new one, and the writes are made again; a replica that is online but slow is waited
 * for (up to `lagMs`); a primary without any online replica (the last one failed, or is still
 * copying the data set) cannot confirm anything, so writes are taken as they are until it reports
 * an online replica again.
 */
export class ReplicaConfirmation {
  readonly #connectionsToConfirm: readonly RedisClient[];
  readonly #waitMs: number;
  readonly #lagMs: number;
  readonly #followMs: number;
  readonly #sentinelPrimary: () => Promise<SentinelView[]>;
  readonly #onUnconfirmed: ReplicaConfirmationSettings["onUnconfirmed"];
  readonly #sentinelCount: number;
  /** Connections made so far (`ready` events of any of them): a change means a client followed a failover. */
  #connections = 0;
  /** The connection count at which writes were last taken without a replica. */
  #withoutReplicaAt: number | undefined;
  /** The Sentinels' last answer, and when it was asked for. */
  #views: { at: number; views: Promise<SentinelView[]> } | undefined;

  constructor(connections: readonly RedisClient[], settings: ReplicaConfirmationSettings) {
    this.#connectionsToConfirm = connections;
    this.#waitMs = settings.waitMs ?? 250;
    this.#lagMs = settings.lagMs ?? 5_000;
    this.#followMs = settings.followMs ?? 3_000;
    this.#sentinelPrimary = settings.sentinelPrimary;
    this.#onUnconfirmed = settings.onUnconfirmed;
    this.#sentinelCount = settings.sentinelCount ?? 0;
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
   * The connections' generation: take it before the writes to confirm, and pass it to
   * {@link confirm}. A connection made again since (a failover followed) means the writes may have
   * gone to the old primary, whatever the new one acknowledges.
   */
  get mark(): number {
    return this.#connections;
  }

  /**
   * Resolves true when a replica holds the writes made on these connections since `mark` (or none
   * can: the primary has no online replica), false when a connection was, or has been, on a server
   * that is not the primary since `mark`, and the writes must be made again.
   */
  async confirm(mark = this.#connections): Promise<boolean> {
    const connection = mark;
    if (this.#connections !== connection) return false;
    if (this.withoutReplica && !(await this.#replicaCameBack())) {
      // Writes hold without a replica only on the primary itself: a connection still on a server
      // that a failover demoted (it takes writes until the Sentinels convert it, and then drops
      // them) is found here, as on the way into this state.
      const states = await Promise.all(this.#connectionsToConfirm.map((redis) => this.#stateOf(redis, true)));
      if (this.#connections !== connection) return false;
      if (states.every((state) => state === "without-replica")) return true;
      this.#withoutReplicaAt = undefined;
    }
    const deadline = Date.now() + this.#lagMs;
    for (;;) {
      const unacknowledged = await this.#unacknowledged();
      if (unacknowledged.length === 0) {
        this.#withoutReplicaAt = undefined;
        return true;
      }
      if (this.#connections !== connection) return false;
      const states = await Promise.all(unacknowledged.map((redis) => this.#stateOf(redis)));
      if (this.#connections !== connection) return false;
      const moved = unacknowledged.filter((_, index) => states[index] === "not-the-primary");
      if (moved.length > 0) {
        await this.#reconnect(moved);
        return false;
      }
      if (states.every((state) => state === "without-replica")) {
        if (this.#withoutReplicaAt === undefined) this.#onUnconfirmed?.("without-replica");
        this.#withoutReplicaAt = connection;
        return true;
      }
      // A replica is online but has not caught up yet, or a failover is under way: wait a while, then take the writes.
      if (Date.now() >= deadline) {
        this.#onUnconfirmed?.(states.includes("unsettled") ? "unsettled" : "replica-lagging");
        return true;
      }
      if (states.includes("unsettled")) await new Promise((resolve) => setTimeout(resolve, this.#waitMs));
    }
  }

  /** The connections whose writes no replica has acknowledged within `waitMs`. */
  async #unacknowledged(): Promise<RedisClient[]> {
    const acknowledged = await Promise.all(
      this.#connectionsToConfirm.map(async (redis) => Number(await redis.call("WAIT", 1, this.#waitMs))),
    );
    return this.#connectionsToConfirm.filter((_, index) => (acknowledged[index] ?? 0) < 1);
  }

  /** What the server behind a connection is, asked of the server itself and of the Sentinels. */
  async #stateOf(redis: RedisClient, recentViews = false): Promise<ServerState> {
    const info = String(await redis.call("INFO", "replication"));
    if (!/^role:master/m.test(info)) return "not-the-primary";
    if (onlineReplicas(info) > 0) return "replica-lagging";
    // A primary whose replica is being promoted, or that was demoted without being told yet, also
    // has no replica: only the Sentinels can tell, once none of them runs a failover, and only when
    // most of them answer (right after a failover a busy Sentinel may not, and the one that does may
    // not have heard of the switch yet).
    const views = recentViews ? await this.#sentinelViews() : await this.#sentinelPrimary();
    if (views.length === 0 || views.length * 2 <= this.#sentinelCount) return "unsettled";
    if (views.some((view) => !view.settled)) return "unsettled";
    const here = views.filter((view) => isAddressOf(redis, view)).length;
    if (views.length > 0 && here === 0) return "not-the-primary";
    return here < views.length ? "unsettled" : "without-replica";
  }

  /** What the Sentinels say of the primary, asked at most every `waitMs`: every write is checked while there is no replica. */
  #sentinelViews(): Promise<SentinelView[]> {
    const now = Date.now();
    if (this.#views === undefined || now - this.#views.at >= this.#waitMs) {
      const views = this.#sentinelPrimary();
      this.#views = { at: now, views };
      views.catch(() => {
        if (this.#views?.views === views) this.#views = undefined;
      });
    }
    return this.#views.views;
  }

  /** Sends the connections to the primary the Sentinels name, and waits until they are ready there. */
  async #reconnect(connections: readonly RedisClient[]): Promise<void> {
    await Promise.all(
      connections.map(
        (redis) =>
          new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              redis.off("ready", done);
              resolve();
            };
            const timer = setTimeout(done, this.#followMs);
            redis.on("ready", done);
            redis.disconnect(true);
          }),
      ),
    );
  }

  /**
   * While writes go unconfirmed: whether the primary reports an online replica again. Asked at every
   * confirmation: a write taken as it is after the replica is back may be lost with the primary, and
   * the next failure may come right after the replica caught up.
   */
  async #replicaCameBack(): Promise<boolean> {
    const replicas = onlineReplicas(String(await this.#connectionsToConfirm[0]?.call("INFO", "replication")));
    if (replicas > 0) this.#withoutReplicaAt = undefined;
    return replicas > 0;
  }
}

/** Replicas that `INFO replication` lists as online (one still copying the data set is not). */
function onlineReplicas(info: string): number {
  return [...info.matchAll(/^slave\d+:.*state=online/gm)].length;
}

/** True when the connection is to the server at `address`. */
function isAddressOf(redis: RedisClient, address: ServerAddress): boolean {
  const stream = (redis as Redis).stream as { remoteAddress?: string; remotePort?: number } | undefined;
  if (!stream?.remotePort) return true;
  if (stream.remotePort !== address.port) return false;
  const remote = (stream.remoteAddress ?? "").replace(/^::ffff:/, "");
  // A Sentinel may name the primary by host name (announce-hostnames); the socket knows only its address.
  return !/^[\d.]+$|:/.test(address.host) || remote === address.host;
}

/**
 * Confirmation of writes for a primary behind Sentinel; undefined for any other Redis (a standalone
 * server has no failover; on a cluster Dossier does not wait for replicas, see docs/operations.md).
 */
export function replicaConfirmationFor(
  target: RedisTarget,
  connections: readonly RedisClient[],
  onUnconfirmed?: ReplicaConfirmationSettings["onUnconfirmed"],
): ReplicaConfirmation | undefined {
  if (target.mode !== "sentinel") return undefined;
  return new ReplicaConfirmation(connections, {
    sentinelPrimary: () => askSentinelsForPrimary(target),
    sentinelCount: target.sentinels.length,
    ...(onUnconfirmed ? { onUnconfirmed } : {}),
  });
}

/** Asks every Sentinel about the primary; the answers of those that answer. */
async function askSentinelsForPrimary(target: Extract<RedisTarget, { mode: "sentinel" }>): Promise<SentinelView[]> {
  const answers = await Promise.all(target.sentinels.map((sentinel) => askSentinel(target, sentinel)));
  return answers.filter((answer): answer is SentinelView => answer !== null);
}

/** What one Sentinel says of the primary (`SENTINEL MASTER`); null when it does not answer. */
async function askSentinel(
  target: Extract<RedisTarget, { mode: "sentinel" }>,
  sentinel: ServerAddress,
): Promise<SentinelView | null> {
  const client = new Redis({
    host: sentinel.host,
    port: sentinel.port,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    ...(target.sentinelPassword !== undefined ? { password: target.sentinelPassword } : {}),
    ...(target.access.tls ? { tls: {} } : {}),
  });
  client.on("error", () => {});
  try {
    const reply = (await client.call("SENTINEL", "MASTER", target.primaryName)) as string[];
    const fields = new Map<string, string>();
    for (let index = 0; index + 1 < reply.length; index += 2) fields.set(reply[index]!, reply[index + 1]!);
    const flags = fields.get("flags") ?? "";
    return {
      host: fields.get("ip") ?? "",
      port: Number(fields.get("port")),
      settled: !/failover_in_progress|o_down|s_down/.test(flags),
    };
  } catch {
    // This Sentinel is away.
    return null;
  } finally {
    client.disconnect();
  }
}
