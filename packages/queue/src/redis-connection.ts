import type { RedisAccess, RedisTarget } from "@dossier/config";
import { Cluster, type ClusterOptions, Redis, type RedisOptions } from "ioredis";

/** A connection to Dossier's Redis: one server or a Sentinel-found primary (`Redis`), or a Redis Cluster. */
export type RedisClient = Redis | Cluster;

/**
 * How a connection behaves when Redis goes away. A `command` connection fails fast so that an HTTP
 * call becomes a 503 at once; a `blocking` connection (workers, BullMQ's blocking reads,
 * subscriptions, the command line) waits and reconnects.
 */
export type ConnectionRole = "command" | "blocking";

/** Time to open one TCP (and TLS) connection, in milliseconds. */
const CONNECT_TIMEOUT_MS = 2_000;

const retryStrategy = (attempt: number) => Math.min(attempt * 200, 1_000);

/**
 * A primary that Sentinel demoted answers writes with READONLY until the client follows the
 * failover; reconnecting (and resending the command) asks the Sentinels for the new primary.
 */
const reconnectOnReadOnly = (error: Error) => (error.message.startsWith("READONLY") ? 2 : false);

/**
 * A connection to the primary the Sentinels name that connects anew after any end it did not ask
 * for. ioredis gives up (ends) when its failover detector closes a connection that is already
 * reconnecting, which a failover makes likely: the old primary's clients are killed and the switch
 * is announced at about the same moment. Its duplicates (BullMQ's blocking connections) do the same.
 */
class SentinelPrimaryRedis extends Redis {
  #closing = false;

  constructor(options: RedisOptions) {
    super(options);
    this.on("end", () => {
      if (this.#closing) return;
      setTimeout(() => {
        if (!this.#closing && this.status === "end") this.connect().catch(() => {});
      }, retryStrategy(1)).unref();
    });
  }

  override disconnect(reconnect = false): void {
    if (!reconnect) this.#closing = true;
    super.disconnect(reconnect);
  }

  override quit(...args: Parameters<Redis["quit"]>): ReturnType<Redis["quit"]> {
    this.#closing = true;
    return super.quit(...args);
  }

  override duplicate(override?: Partial<RedisOptions>): Redis {
    return new SentinelPrimaryRedis({ ...this.options, ...override });
  }
}

function roleOptions(role: ConnectionRole): Pick<RedisOptions, "enableOfflineQueue" | "maxRetriesPerRequest"> {
  // BullMQ refuses a blocking connection that gives up on a command after some retries.
  return role === "command" ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 } : { maxRetriesPerRequest: null };
}

function accessOptions(access: RedisAccess): Pick<RedisOptions, "username" | "password" | "tls"> {
  return {
    ...(access.username !== undefined ? { username: access.username } : {}),
    ...(access.password !== undefined ? { password: access.password } : {}),
    ...(access.tls ? { tls: {} } : {}),
  };
}

/** The options of a connection to one server named by a `redis://` or `rediss://` URL. */
function urlOptions(url: string): RedisOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: Number(parsed.port || 6379),
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    ...accessOptions({
      username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
      password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
      tls: parsed.protocol === "rediss:",
    }),
  };
}

function clusterOptions(
  target: Extract<RedisTarget, { mode: "cluster" }>,
  role: ConnectionRole,
  pipelining: boolean,
): ClusterOptions {
  const { enableOfflineQueue, maxRetriesPerRequest } = roleOptions(role);
  return {
    enableAutoPipelining: pipelining,
    enableOfflineQueue: enableOfflineQueue ?? true,
    clusterRetryStrategy: retryStrategy,
    // After a primary fails its replica takes over its slots; until then the cluster answers CLUSTERDOWN.
    retryDelayOnClusterDown: 200,
    retryDelayOnFailover: 200,
    slotsRefreshTimeout: CONNECT_TIMEOUT_MS,
    redisOptions: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      maxRetriesPerRequest,
      ...accessOptions(target.access),
    },
    // TLS certificates name the hosts the operator wrote, not the addresses the cluster reports.
    ...(target.access.tls ? { dnsLookup: (address, callback) => callback(null, address) } : {}),
  };
}

/** How a connection sends its commands. */
export interface ConnectionOptions {
  /**
   * Commands issued in the same event-loop turn leave as one write (auto-pipelining): under load the
   * gateway's and the workers' many small commands then cost a few socket writes instead of one
   * each. Off for the connection BullMQ uses: BullMQ defines its forty-odd scripts on it, and ioredis
   * copies every defined script into each pipeline it builds. Default true.
   */
  pipelining?: boolean;
}

/**
 * One of Dossier's connections, for every use: its own commands, and BullMQ's queues, workers and
 * their blocking reads (BullMQ duplicates what it needs from it).
 *
 * - `standalone`: the server of `REDIS_URL`.
 * - `sentinel`: the primary the Sentinels name; after a failover the connection asks them again
 *   (on a closed connection, a READONLY answer, or the Sentinels' switch-master announcement).
 * - `cluster`: a Redis Cluster client that routes each command to the node of its key's slot.
 */
export function createRedis(target: RedisTarget, role: ConnectionRole, options: ConnectionOptions = {}): RedisClient {
  const client = createClient(target, role, options.pipelining ?? true);
  // Connection errors surface through the commands that fail; the default handler would print them.
  client.on("error", () => {});
  return client;
}

function createClient(target: RedisTarget, role: ConnectionRole, pipelining: boolean): RedisClient {
  const common: RedisOptions = {
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy,
    enableAutoPipelining: pipelining,
    ...roleOptions(role),
  };
  switch (target.mode) {
    case "standalone":
      return new Redis({ ...urlOptions(target.url), ...common });
    case "sentinel":
      return new SentinelPrimaryRedis({
        ...common,
        ...accessOptions(target.access),
        sentinels: target.sentinels.map((node) => ({ host: node.host, port: node.port })),
        name: target.primaryName,
        db: target.database,
        role: "master",
        ...(target.sentinelPassword !== undefined ? { sentinelPassword: target.sentinelPassword } : {}),
        ...(target.access.tls ? { enableTLSForSentinelMode: true, sentinelTLS: {} } : {}),
        sentinelRetryStrategy: retryStrategy,
        failoverDetector: true,
        reconnectOnError: reconnectOnReadOnly,
      });
    case "cluster":
      return new Cluster(
        target.nodes.map((node) => ({ host: node.host, port: node.port })),
        clusterOptions(target, role, pipelining),
      );
  }
}

/** True when the client talks to a Redis Cluster (commands go to several nodes). */
export function isCluster(client: RedisClient): client is Cluster {
  return client instanceof Cluster;
}

/** Resolves once the connection is ready, or rejects after `timeoutMs`. */
export function waitForRedis(redis: RedisClient, timeoutMs = 5_000): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      reject(new Error(`Redis not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once("ready", onReady);
  });
}
