import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { freePort } from "./free-port.js";
import { type RedisServerProcess, redisCommand, startRedisServer } from "./redis-server-process.js";

/** A primary, its replicas and three Sentinels on loopback that this test run started. */
export interface RedisSentinelProcesses {
  /** The primary's name in the Sentinels' configuration: the value of REDIS_SENTINEL_NAME. */
  name: string;
  /** The Sentinels as `127.0.0.1:port`, comma-separated: the value of REDIS_SENTINELS. */
  sentinels: string;
  /** The data servers (primary first, as started) and the Sentinels. */
  servers: RedisServerProcess[];
  sentinelServers: RedisServerProcess[];
  /** The port of the server the Sentinels name as primary now. */
  primaryPort(): Promise<number>;
  /** Asks the Sentinels for a failover (`SENTINEL FAILOVER`) and resolves once another server is primary. */
  failover(): Promise<number>;
  /**
   * Kills the current primary with SIGKILL and resolves once the Sentinels have promoted another server.
   * Replicas stopped by {@link withholdReplication} go on once the primary is dead: what it held back dies with it.
   */
  killPrimary(): Promise<number>;
  /**
   * Holds replication back from now on, as an asynchronous replica lags just before its primary
   * crashes: stops every replica of the current primary (SIGSTOP) and fills the primary's replication
   * stream past what the sockets to them take, so that every write from now on stays in the primary
   * alone until `release()` lets the replicas go on (they catch up) or {@link killPrimary} kills it.
   */
  withholdReplication(): Promise<{ release(): void }>;
  /** Resolves once every replica of the current primary is online and has acknowledged its writes of now. */
  replicasInSync(): Promise<void>;
  /** What the Sentinels logged of a primary going down and being replaced: votes, promotions, switches. */
  switches(): string[];
  stop(): Promise<void>;
}

export interface RedisSentinelOptions {
  /** Replicas of the primary. Default 1. */
  replicas?: number;
  /** How long a silent primary takes to count as down, in milliseconds. Default 1000. */
  downAfterMs?: number;
}

const NAME = "dossier-primary";

/**
 * Starts a primary, its replicas (default one) and three Sentinels (quorum two) with Debian's
 * `redis-server`, on free ports of 127.0.0.1, in a temporary folder. Resolves once every Sentinel
 * knows the replicas and the other Sentinels, so that a failover can start at once.
 */
export async function startRedisSentinels(options: RedisSentinelOptions = {}): Promise<RedisSentinelProcesses> {
  const folder = await mkdtemp(join(tmpdir(), "dossier-redis-sentinel-"));
  const servers: RedisServerProcess[] = [];
  const sentinelServers: RedisServerProcess[] = [];
  const stop = async () => {
    await Promise.all([...servers, ...sentinelServers].map((server) => server.stop("SIGKILL")));
    await rm(folder, { recursive: true, force: true });
  };
  const dataArgs = (port: number) => [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--dir",
    folder,
    "--dbfilename",
    `dump-${port}.rdb`,
    "--save",
    "",
    "--appendonly",
    "no",
    // A replica that must copy the whole data set (the demoted primary after a failover) starts at once.
    "--repl-diskless-sync-delay",
    "0",
  ];
  try {
    const primaryPort = await freePort();
    servers.push(await startRedisServer(primaryPort, dataArgs(primaryPort)));
    for (let index = 0; index < (options.replicas ?? 1); index += 1) {
      const port = await freePort();
      servers.push(await startRedisServer(port, [...dataArgs(port), "--replicaof", "127.0.0.1", String(primaryPort)]));
    }
    const sentinelPorts: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const port = await freePort();
      const file = join(folder, `sentinel-${port}.conf`);
      await writeFile(
        file,
        [
          `port ${port}`,
          "bind 127.0.0.1",
          `dir ${folder}`,
          `sentinel monitor ${NAME} 127.0.0.1 ${primaryPort} 2`,
          `sentinel down-after-milliseconds ${NAME} ${options.downAfterMs ?? 1_000}`,
          // A failover whose election split the votes is tried again after twice this: at 10 s, one
          // split vote on a busy machine outlasts the 15 s a held write waits for its connections.
          `sentinel failover-timeout ${NAME} 4000`,
          `sentinel parallel-syncs ${NAME} 1`,
          "",
        ].join("\n"),
      );
      sentinelServers.push(await startRedisServer(port, [file, "--sentinel"]));
      sentinelPorts.push(port);
    }
    const sentinelPort = () => sentinelServers.find((server) => server.child.exitCode === null)!.port;
    const primary = async () => {
      const [, port] = (await redisCommand(sentinelPort(), "SENTINEL", "GET-MASTER-ADDR-BY-NAME", NAME)) as [
        string,
        string,
      ];
      return Number(port);
    };
    const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await check().catch(() => false))) {
        if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await until("the Sentinels did not find the replicas and each other", async () => {
      for (const port of sentinelPorts) {
        const replicas = (await redisCommand(port, "SENTINEL", "REPLICAS", NAME)) as unknown[];
        const others = (await redisCommand(port, "SENTINEL", "SENTINELS", NAME)) as unknown[];
        if (replicas.length < (options.replicas ?? 1) || others.length < 2) return false;
      }
      const info = String(await redisCommand(primaryPort, "INFO", "replication"));
      return info.includes(`connected_slaves:${options.replicas ?? 1}`);
    });
    /** Waits until the Sentinels name a primary other than `before` that answers as a primary. */
    const promoted = async (before: number) => {
      let after = before;
      await until("no other server became primary", async () => {
        after = await primary();
        if (after === before) return false;
        return String(await redisCommand(after, "ROLE")).startsWith("master");
      });
      return after;
    };
    /** Replicas stopped by withholdReplication, to let go on. */
    let withheld: RedisServerProcess[] = [];
    const resumeReplicas = () => {
      for (const replica of withheld) replica.child.kill("SIGCONT");
      withheld = [];
    };
    return {
      name: NAME,
      sentinels: sentinelPorts.map((port) => `127.0.0.1:${port}`).join(","),
      servers,
      sentinelServers,
      primaryPort: primary,
      async failover() {
        const before = await primary();
        await redisCommand(sentinelPort(), "SENTINEL", "FAILOVER", NAME);
        return promoted(before);
      },
      async replicasInSync() {
        const port = await primary();
        const target = Number(
          /master_repl_offset:(\d+)/.exec(String(await redisCommand(port, "INFO", "replication")))?.[1],
        );
        await until("the replicas did not catch up", async () => {
          const info = String(await redisCommand(port, "INFO", "replication"));
          const replicas = [...info.matchAll(/^slave\d+:.*state=(\w+),offset=(\d+)/gm)];
          return (
            replicas.length > 0 && replicas.every(([, state, offset]) => state === "online" && Number(offset) >= target)
          );
        });
      },
      async killPrimary() {
        const before = await primary();
        await servers.find((server) => server.port === before)?.stop("SIGKILL");
        resumeReplicas();
        return promoted(before);
      },
      async withholdReplication() {
        const port = await primary();
        const info = String(await redisCommand(port, "INFO", "replication"));
        const replicaPorts = [...info.matchAll(/^slave\d+:.*port=(\d+)/gm)].map((match) => Number(match[1]));
        const replicas = servers.filter(
          (server) => replicaPorts.includes(server.port) && server.child.exitCode === null,
        );
        if (replicas.length === 0) throw new Error(`the primary on port ${port} has no replica to hold back`);
        for (const replica of replicas) replica.child.kill("SIGSTOP");
        withheld.push(...replicas);
        // Writes go to the stopped replicas' sockets until the kernel holds no more; from then on the
        // primary keeps them in its output buffer for the replicas (`omem`), which dies with it.
        const client = new Redis(port, "127.0.0.1", { maxRetriesPerRequest: 1 });
        client.on("error", () => {});
        const filler = "f".repeat(1 << 20);
        try {
          const unsent = async () => {
            const list = String(await client.call("CLIENT", "LIST", "TYPE", "replica"));
            const buffered = [...list.matchAll(/omem=(\d+)/g)].map((match) => Number(match[1]));
            if (buffered.length < replicas.length) throw new Error(`the replicas are not all connected:\n${list}`);
            return Math.min(...buffered);
          };
          for (let round = 0; (await unsent()) < 4 << 20; round += 1) {
            if (round >= 1_000) throw new Error("the replicas' sockets took 1 GB without filling up");
            await client.set(`replication-filler:${round % 64}`, filler);
          }
        } finally {
          client.disconnect();
        }
        return {
          release() {
            resumeReplicas();
          },
        };
      },
      switches() {
        return sentinelServers.flatMap((server) =>
          server.output
            .join("")
            .split("\n")
            .filter((line) =>
              /[+-](sdown|odown|try-failover|elected|selected|promoted|failover|switch|convert|slave|new-epoch)/.test(
                line,
              ),
            )
            .map((line) => `sentinel ${server.port}: ${line}`),
        );
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
