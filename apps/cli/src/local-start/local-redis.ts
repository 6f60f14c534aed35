import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { RedisTarget } from "@dossier/config";
import { createRedis, waitForRedis } from "@dossier/queue";

/** Where `dossier start` keeps the data of the Redis it starts, under the folder it runs in. */
export const LOCAL_REDIS_FOLDER = ".dossier/redis";

/** Whether the Redis at `target` answers a PING within `timeoutMs`. */
export async function redisAnswers(target: RedisTarget, timeoutMs = 2_000): Promise<boolean> {
  const redis = createRedis(target, "command");
  try {
    await waitForRedis(redis, timeoutMs);
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** A Redis server this process started. */
export interface LocalRedis {
  /** The data folder, absolute. */
  folder: string;
  /** Stops it (SIGTERM: it writes its data and exits) and waits until it has. */
  stop(): Promise<void>;
}

/**
 * Starts `redis-server` on 127.0.0.1 and ::1 at `port`, keeping its data (the append-only file and
 * snapshots) in `folder`, and waits until it answers. It runs in a process group of its own, so that
 * a Ctrl-C in the terminal does not stop it before the gateway and the worker have stopped; `stop`
 * does. Rejects when the binary is missing or the server does not answer within `timeoutMs`.
 */
export async function startLocalRedis(options: {
  port: number;
  folder: string;
  timeoutMs?: number;
}): Promise<LocalRedis> {
  const folder = resolve(options.folder);
  const log = join(folder, "redis.log");
  mkdirSync(folder, { recursive: true });
  const child: ChildProcess = spawn(
    "redis-server",
    [
      "--port",
      String(options.port),
      "--bind",
      "127.0.0.1",
      "-::1",
      "--dir",
      folder,
      "--appendonly",
      "yes",
      "--logfile",
      log,
    ],
    { stdio: "ignore", detached: true },
  );
  let spawnError: Error | undefined;
  child.once("error", (error) => {
    spawnError = error;
  });
  const exited = new Promise<void>((resolveExit) => child.once("close", () => resolveExit()));
  const target: RedisTarget = { mode: "standalone", url: `redis://127.0.0.1:${options.port}` };
  for (const deadline = Date.now() + (options.timeoutMs ?? 10_000); ; ) {
    if (spawnError) throw spawnError;
    if (child.exitCode !== null) throw new Error(`redis-server stopped at once; see ${log}`);
    if (await redisAnswers(target, 500)) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`redis-server did not answer on port ${options.port}; see ${log}`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return {
    folder,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}
