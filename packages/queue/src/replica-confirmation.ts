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
  /** The primary's replicas that this Sentinel lists and does not see down. */
  replicas: readonly ServerAddress[];
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
  /**
   * Told of every confirmation that no replica acknowledged at once: how it ended (`held`: the
   * writes are taken; `again`: they must be made again) and what each connection's server was found
   * to be. For the debug log: why a write counted as held.
   */
  onDecision?: (decision: ConfirmationDecision) => void;
  /**
   * What another server says of itself (`INFO replication`), null when it does not answer: a
   * primary without a replica is taken as the primary only when none of the servers listed as its
   * replicas has been promoted from it.
   */
  serverReplication?: (address: ServerAddress) => Promise<string | null>;
}

/** How a confirmation without a replica's acknowledgement ended, and why (see `onDecision`). */
export interface ConfirmationDecision {
  outcome: "held" | "again";
  /** The path that decided: the first WAIT's fast path while without a replica, or the full check. */
  path: "without-replica" | "check";
  /** Each connection's server (`address:port`) and what it was found to be. */
  servers: Array<{ server: string; state: ServerState | "acknowledged" }>;
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
  readonly #onDecision: ReplicaConfirmationSettings["onDecision"];
  readonly #sentinelCount: number;
  readonly #serverReplication: ReplicaConfirmationSettings["serverReplication"];
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
    this.#onDecision = settings.onDecision;
    this.#sentinelCount = settings.sentinelCount ?? 0;
    this.#serverReplication = settings.serverReplication;
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
      const held = states.every((state) => state === "without-replica");
      this.#decided(held, "without-replica", this.#connectionsToConfirm, states);
      if (held) return true;
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
        this.#decided(false, "check", unacknowledged, states);
        await this.#reconnect(moved);
        return false;
      }
      if (states.every((state) => state === "without-replica")) {
        if (this.#withoutReplicaAt === undefined) this.#onUnconfirmed?.("without-replica");
        this.#decided(true, "check", unacknowledged, states);
        this.#withoutReplicaAt = connection;
        return true;
      }
      // A replica is online but has not caught up yet, or a failover is under way: wait a while, then take the writes.
      if (Date.now() >= deadline) {
        this.#onUnconfirmed?.(states.includes("unsettled") ? "unsettled" : "replica-lagging");
        this.#decided(true, "check", unacknowledged, states);
        return true;
      }
      if (states.includes("unsettled")) await new Promise((resolve) => setTimeout(resolve, this.#waitMs));
    }
  }

  /** Tells `onDecision` how a confirmation without an acknowledgement ended. */
  #decided(
    held: boolean,
    path: ConfirmationDecision["path"],
    connections: readonly RedisClient[],
    states: readonly ServerState[],
  ): void {
    if (this.#onDecision === undefined) return;
    this.#onDecision({
      outcome: held ? "held" : "again",
      path,
      servers: this.#connectionsToConfirm.map((redis) => {
        const index = connections.indexOf(redis);
        return { server: serverOf(redis), state: index < 0 ? "acknowledged" : states[index]! };
      }),
    });
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
    // The server that answered, known only while the socket is open: a connection that a failover
    // closed under the question (ioredis closes it on `+switch-master`) may have answered from the
    // demoted primary. Not known is never taken as the primary: asked again once it is ready.
    const remote = remoteOf(redis);
    if (remote === undefined) return "unsettled";
    if (!/^role:master/m.test(info)) return "not-the-primary";
    if (onlineReplicas(info) > 0) return "replica-lagging";
    // A primary whose replica is being promoted, or that was demoted without being told yet, also
    // has no replica: only the Sentinels can tell, once none of them runs a failover, and only when
    // most of them answer (right after a failover a busy Sentinel may not, and the one that does may
    // not have heard of the switch yet).
    const views = recentViews ? await this.#sentinelViews() : await this.#sentinelPrimary();
    if (views.length === 0 || views.length * 2 <= this.#sentinelCount) return "unsettled";
    if (views.some((view) => !view.settled)) return "unsettled";
    const here = views.filter((view) => isAddressOf(remote, view)).length;
    if (views.length > 0 && here === 0) return "not-the-primary";
    if (here < views.length) return "unsettled";
    // Right after a failover the Sentinels that did not lead it can still name the old primary, which
    // takes writes until it is converted, then drops them. The servers themselves tell: a replica
    // promoted from this one keeps this one's replication ID as its previous one.
    return (await this.#promotedFrom(remote, info, views)) ? "not-the-primary" : "without-replica";
  }

  /** Whether a server the Sentinels list as a replica is now a primary promoted from the one at `remote`. */
  async #promotedFrom(remote: ServerAddress, info: string, views: readonly SentinelView[]): Promise<boolean> {
    const replid = /^master_replid:(\w+)/m.exec(info)?.[1];
    if (replid === undefined || this.#serverReplication === undefined) return false;
    const addresses = new Map<string, ServerAddress>();
    for (const view of views)
      for (const replica of view.replicas)
        if (!isAddressOf(remote, replica)) addresses.set(`${replica.host}:${replica.port}`, replica);
    const answers = await Promise.all([...addresses.values()].map((address) => this.#serverReplication!(address)));
    return answers.some(
      (answer) =>
        answer !== null && /^role:master/m.test(answer) && /^master_replid2:(\w+)/m.exec(answer)?.[1] === replid,
    );
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

/** The address of the server behind a connection now; undefined while it has no open socket. */
function remoteOf(redis: RedisClient): ServerAddress | undefined {
  const stream = (redis as Redis).stream as { remoteAddress?: string; remotePort?: number } | undefined;
  if (!stream?.remotePort) return undefined;
  return { host: (stream.remoteAddress ?? "").replace(/^::ffff:/, ""), port: stream.remotePort };
}

/** The address of the server behind a connection, as `host:port` (`?` while it has no open socket). */
function serverOf(redis: RedisClient): string {
  const remote = remoteOf(redis);
  return remote ? `${remote.host}:${remote.port}` : "?";
}

/** True when `remote` (a socket's address) is the server at `address`. */
function isAddressOf(remote: ServerAddress, address: ServerAddress): boolean {
  if (remote.port !== address.port) return false;
  // A Sentinel may name the primary by host name (announce-hostnames); the socket knows only its address.
  return !/^[\d.]+$|:/.test(address.host) || remote.host === address.host;
}

/**
 * Confirmation of writes for a primary behind Sentinel; undefined for any other Redis (a standalone
 * server has no failover; on a cluster Dossier does not wait for replicas, see docs/operations.md).
 */
export function replicaConfirmationFor(
  target: RedisTarget,
  connections: readonly RedisClient[],
  onUnconfirmed?: ReplicaConfirmationSettings["onUnconfirmed"],
  onDecision?: ReplicaConfirmationSettings["onDecision"],
): ReplicaConfirmation | undefined {
  if (target.mode !== "sentinel") return undefined;
  return new ReplicaConfirmation(connections, {
    sentinelPrimary: () => askSentinelsForPrimary(target),
    serverReplication: (address) => askServerReplication(target, address),
    sentinelCount: target.sentinels.length,
    ...(onUnconfirmed ? { onUnconfirmed } : {}),
    ...(onDecision ? { onDecision } : {}),
  });
}

/** Asks every Sentinel about the primary; the answers of those that answer. */
async function askSentinelsForPrimary(target: Extract<RedisTarget, { mode: "sentinel" }>): Promise<SentinelView[]> {
  const answers = await Promise.all(target.sentinels.map((sentinel) => askSentinel(target, sentinel)));
  return answers.filter((answer): answer is SentinelView => answer !== null);
}

/** A short-lived connection to one server (a Sentinel, or a data server with the data servers' credentials). */
function connectionTo(
  address: ServerAddress,
  password: string | undefined,
  username: string | undefined,
  tls: boolean,
) {
  const client = new Redis({
    host: address.host,
    port: address.port,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    ...(username !== undefined ? { username } : {}),
    ...(password !== undefined ? { password } : {}),
    ...(tls ? { tls: {} } : {}),
  });
  client.on("error", () => {});
  return client;
}

/** What a data server says of its replication (`INFO replication`); null when it does not answer. */
async function askServerReplication(
  target: Extract<RedisTarget, { mode: "sentinel" }>,
  address: ServerAddress,
): Promise<string | null> {
  const client = connectionTo(address, target.access.password, target.access.username, target.access.tls);
  try {
    return String(await client.call("INFO", "replication"));
  } catch {
    // Down, or not reachable from here.
    return null;
  } finally {
    client.disconnect();
  }
}

/** Field-value pairs of a Sentinel reply. */
function fieldsOf(reply: readonly string[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (let index = 0; index + 1 < reply.length; index += 2) fields.set(reply[index]!, reply[index + 1]!);
  return fields;
}

/** What one Sentinel says of the primary and its replicas (`SENTINEL MASTER`, `SENTINEL REPLICAS`); null when it does not answer. */
async function askSentinel(
  target: Extract<RedisTarget, { mode: "sentinel" }>,
  sentinel: ServerAddress,
): Promise<SentinelView | null> {
  const client = connectionTo(sentinel, target.sentinelPassword, undefined, target.access.tls);
  try {
    const [master, replicas] = await Promise.all([
      client.call("SENTINEL", "MASTER", target.primaryName) as Promise<string[]>,
      client.call("SENTINEL", "REPLICAS", target.primaryName) as Promise<string[][]>,
    ]);
    const fields = fieldsOf(master);
    const flags = fields.get("flags") ?? "";
    return {
      host: fields.get("ip") ?? "",
      port: Number(fields.get("port")),
      settled: !/failover_in_progress|o_down|s_down/.test(flags),
      // A replica the Sentinel sees down is not asked: a promoted one answers the Sentinels.
      replicas: replicas
        .map(fieldsOf)
        .filter((replica) => !/s_down|o_down|disconnected/.test(replica.get("flags") ?? ""))
        .map((replica) => ({ host: replica.get("ip") ?? "", port: Number(replica.get("port")) })),
    };
  } catch {
    // This Sentinel is away.
    return null;
  } finally {
    client.disconnect();
  }
}
