import { type ChildProcess, execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import { freePort } from "./free-port.js";

const run = promisify(execFile);

/** One `redis-server` (or Sentinel) this test run started, on loopback. */
export interface RedisServerProcess {
  port: number;
  child: ChildProcess;
  /** What it wrote to stdout and stderr (its log), for messages about a failed start. */
  output: string[];
  /** Resolves once the process has ended. */
  exited: Promise<void>;
  /** Stops it with `signal` (SIGKILL: a crash, with nothing written) and waits for the end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Whether Debian's `redis-server` is on the PATH. */
export async function hasRedisServer(): Promise<boolean> {
  return run("redis-server", ["--version"]).then(
    () => true,
    () => false,
  );
}

/** Starts `redis-server` with `args` (a config file first, for a Sentinel) and waits until it answers PING. */
export async function startRedisServer(port: number, args: readonly string[]): Promise<RedisServerProcess> {
  const child = spawn("redis-server", [...args], { stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) stream.on("data", (chunk: Buffer) => output.push(String(chunk)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const server: RedisServerProcess = {
    port,
    child,
    output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server on port ${port} exited:\n${output.join("")}`);
    if (await answersPing(port)) return server;
    if (Date.now() > deadline) {
      await server.stop("SIGKILL");
      throw new Error(`redis-server on port ${port} did not answer within 10 s:\n${output.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts a `redis-server` of its own on a free loopback port, keeping nothing on disk (no RDB, no
 * AOF), with `extraArgs` after (`--maxmemory-policy noeviction`): for a benchmark or a test that
 * must measure or fill a Redis nobody else uses.
 */
export async function startScratchRedisServer(extraArgs: readonly string[] = []): Promise<RedisServerProcess> {
  const port = await freePort();
  return startRedisServer(port, [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
    ...extraArgs,
  ]);
}

async function answersPing(port: number): Promise<boolean> {
  const redis = new Redis({
    port,
    host: "127.0.0.1",
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** A command to one server on loopback, through a short-lived connection. */
export async function redisCommand(port: number, command: string, ...args: Array<string | number>): Promise<unknown> {
  const redis = new Redis({ port, host: "127.0.0.1", maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on("error", () => {});
  try {
    return await redis.call(command, ...args);
  } finally {
    redis.disconnect();
  }
}

/** Runs `redis-cli` with `args`; resolves with its output. */
export async function redisCli(args: readonly string[]): Promise<string> {
  const { stdout, stderr } = await run("redis-cli", [...args], { timeout: 60_000 });
  return stdout + stderr;
}
