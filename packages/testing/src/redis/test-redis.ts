import { hashTagged, parseRedisNodes, type RedisTarget, redisEnvironment } from "@dossier/config";
import { Cluster, Redis } from "ioredis";

/** How Dossier's Redis is deployed in a test run. */
export type RedisMode = "standalone" | "sentinel" | "cluster";

/** A Redis deployment that tests run Dossier's processes against. */
export interface TestRedis {
  mode: RedisMode;
  /** The environment that points a Dossier process at it: REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS. */
  env: Record<string, string>;
  /** The key prefix Dossier's processes use when started with `REDIS_PREFIX=base` (a hash tag on a cluster). */
  keyPrefix(base: string): string;
  /** A new connection for a test to look into Redis with; the caller disconnects it. */
  connect(): Redis | Cluster;
}

/** A single Redis server. */
export function standaloneRedis(url: string): TestRedis {
  return {
    mode: "standalone",
    env: { REDIS_URL: url },
    keyPrefix: (base) => base,
    connect: () => quiet(new Redis(url, { maxRetriesPerRequest: 1 })),
  };
}

/** A Redis Cluster reached through any of `nodes` (`host:port,...`). */
export function clusterRedis(nodes: string): TestRedis {
  const parsed = parseRedisNodes(nodes, 6379);
  return {
    mode: "cluster",
    env: { REDIS_CLUSTER_NODES: nodes },
    keyPrefix: hashTagged,
    connect: () => quiet(new Cluster(parsed.nodes, { redisOptions: { maxRetriesPerRequest: 1 } })),
  };
}

/** A primary with replicas, found through the Sentinels at `sentinels` (`host:port,...`) under `name`. */
export function sentinelRedis(sentinels: string, name: string): TestRedis {
  const parsed = parseRedisNodes(sentinels, 26379);
  return {
    mode: "sentinel",
    env: { REDIS_SENTINELS: sentinels, REDIS_SENTINEL_NAME: name },
    keyPrefix: (base) => base,
    connect: () => quiet(new Redis({ sentinels: parsed.nodes, name, maxRetriesPerRequest: 1, failoverDetector: true })),
  };
}

/** The deployment a Dossier config names (`config.redis`), as tests and the evaluation use it. */
export function redisOfTarget(target: RedisTarget): TestRedis {
  const env = redisEnvironment(target);
  switch (target.mode) {
    case "standalone":
      return standaloneRedis(target.url);
    case "cluster":
      return { ...clusterRedis(env.REDIS_CLUSTER_NODES!), env };
    case "sentinel":
      return { ...sentinelRedis(env.REDIS_SENTINELS!, target.primaryName), env };
  }
}

/**
 * The Redis of this test run: a cluster when REDIS_CLUSTER_NODES is set (the `cluster` test
 * project sets it), else Sentinels when REDIS_SENTINELS is set, else REDIS_URL (default
 * `redis://127.0.0.1:6379`).
 */
export function testRedis(): TestRedis {
  if (process.env.REDIS_CLUSTER_NODES) return clusterRedis(process.env.REDIS_CLUSTER_NODES);
  if (process.env.REDIS_SENTINELS)
    return sentinelRedis(process.env.REDIS_SENTINELS, process.env.REDIS_SENTINEL_NAME ?? "dossier");
  return standaloneRedis(testRedisUrl());
}

/** REDIS_URL, else the Redis on 127.0.0.1:6379. */
export function testRedisUrl(): string {
  return process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
}

function quiet<T extends Redis | Cluster>(client: T): T {
  client.on("error", () => {});
  return client;
}

/**
 * Deletes every key under `prefix:` (what one stack, test or benchmark wrote), on every primary of
 * a cluster, and the cache keys that spread without the prefix's hash tag.
 */
export async function deleteKeysWithPrefix(redis: Redis | Cluster, prefix: string): Promise<void> {
  const patterns = [`${prefix}:*`];
  const untagged = prefix.replace(/[{}]/g, "");
  if (untagged !== prefix) patterns.push(`${untagged}:*`);
  const servers = redis instanceof Cluster ? redis.nodes("master") : [redis];
  for (const server of servers) {
    for (const pattern of patterns) {
      let cursor = "0";
      do {
        const [next, keys] = await server.scan(cursor, "MATCH", pattern, "COUNT", 1000);
        cursor = next;
        // One key per command: on a cluster the keys of one page may live in different slots.
        await Promise.all(keys.map((key) => server.del(key)));
      } while (cursor !== "0");
    }
  }
}
