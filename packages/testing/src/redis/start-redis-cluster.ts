import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePortPair } from "./free-port.js";
import { type RedisServerProcess, redisCli, redisCommand, startRedisServer } from "./redis-server-process.js";

/** A Redis Cluster on loopback that this test run started. */
export interface RedisClusterProcesses {
  /** Every node as `127.0.0.1:port`, comma-separated: the value of REDIS_CLUSTER_NODES. */
  nodes: string;
  servers: RedisServerProcess[];
  /** Stops every node and removes their folder. */
  stop(): Promise<void>;
}

export interface RedisClusterOptions {
  /** Primaries, over which the 16384 slots are split. Default 3. */
  primaries?: number;
  /** Replicas of each primary. Default 1. */
  replicasPerPrimary?: number;
}

/** The cluster bus of a node listens this far above its port. */
const CLUSTER_BUS_OFFSET = 10_000;

/**
 * Starts a Redis Cluster with Debian's `redis-server` and `redis-cli --cluster create`: by default
 * three primaries with one replica each, on free ports of 127.0.0.1 (so that two test runs on one
 * machine never meet), without persistence, in a temporary folder. Resolves once every node
 * reports `cluster_state:ok`.
 */
export async function startRedisCluster(options: RedisClusterOptions = {}): Promise<RedisClusterProcesses> {
  const count = (options.primaries ?? 3) * (1 + (options.replicasPerPrimary ?? 1));
  const folder = await mkdtemp(join(tmpdir(), "dossier-redis-cluster-"));
  const servers: RedisServerProcess[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop("SIGKILL")));
    await rm(folder, { recursive: true, force: true });
  };
  try {
    const ports: number[] = [];
    while (ports.length < count) {
      const port = await freePortPair(CLUSTER_BUS_OFFSET);
      if (!ports.includes(port)) ports.push(port);
    }
    servers.push(
      ...(await Promise.all(
        ports.map((port) =>
          startRedisServer(port, [
            "--port",
            String(port),
            "--bind",
            "127.0.0.1",
            "--cluster-enabled",
            "yes",
            "--cluster-config-file",
            join(folder, `nodes-${port}.conf`),
            "--cluster-node-timeout",
            "2000",
            "--dir",
            folder,
            "--save",
            "",
            "--appendonly",
            "no",
          ]),
        ),
      )),
    );
    await redisCli([
      "--cluster",
      "create",
      ...ports.map((port) => `127.0.0.1:${port}`),
      "--cluster-replicas",
      String(options.replicasPerPrimary ?? 1),
      "--cluster-yes",
    ]);
    const deadline = Date.now() + 30_000;
    for (const port of ports) {
      while (!String(await redisCommand(port, "CLUSTER", "INFO")).includes("cluster_state:ok")) {
        if (Date.now() > deadline) throw new Error(`the cluster node on ${port} is not ok after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return { nodes: ports.map((port) => `127.0.0.1:${port}`).join(","), servers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
