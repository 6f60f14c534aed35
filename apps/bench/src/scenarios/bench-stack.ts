import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { WORKER_NODE_FLAGS } from "@dossier/config";
import { countLiveWorkers, createRedis, waitForRedis } from "@dossier/queue";
import {
  deleteKeysWithPrefix,
  repositoryRoot,
  type ServiceProcess,
  startProcess,
  testRedisUrl,
} from "@dossier/testing";

/** The API keys every benchmark stack accepts (`API_KEYS`); b is "another key" in the fleet benchmark. */
export const BENCH_API_KEYS = { a: "bench-key-a-0123456789", b: "bench-key-b-0123456789" } as const;

/** Where `--profile` writes `.cpuprofile` files: inside the repository, ignored by git. */
export function profileDirectory(): string {
  return join(repositoryRoot(), "apps/bench/profiles");
}

/** Settings of {@link startBenchStack}. */
export interface BenchStackOptions {
  /** Worker processes. Default 1. */
  workers?: number;
  /** Environment of the gateway and the workers, on top of the benchmark defaults. */
  env?: Record<string, string>;
  /** Runs every process with `node --cpu-prof`, written to {@link profileDirectory} on stop. */
  profile?: boolean;
  /** The Redis of the stack. Default `REDIS_URL`, else `redis://127.0.0.1:6379`. */
  redisUrl?: string;
}

/** A gateway and workers run as real processes for a benchmark, on a fresh Redis key prefix. */
export interface BenchStack {
  /** Origin of the gateway, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  /** `REDIS_PREFIX` of this stack. */
  prefix: string;
  gateway: ServiceProcess;
  workers: ServiceProcess[];
  /** Process id of the Redis server when it runs on this machine (for CPU accounting). */
  redisPid: number | undefined;
  /** A command connection to the stack's Redis. */
  redis: ReturnType<typeof createRedis>;
  /** Starts one more worker process and waits until it beats. */
  startWorker(): Promise<ServiceProcess>;
  /** Headers of a research call with key a (default) or b. */
  headers(key?: keyof typeof BENCH_API_KEYS): Record<string, string>;
  /** Ends every process with SIGTERM (profiles are written on a clean exit) and deletes the prefix's keys. */
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("no port");
  return address.port;
}

/**
 * How long a stack may take to start, in milliseconds. Nothing is measured while it starts: four
 * gateway processes took 40 s to answer on 2 cores under a load average of 19 (others' jobs).
 */
const START_TIMEOUT_MS = 120_000;

/** Polls `check` until it holds; `failure` names a reason to give up at once (a process that exited). */
async function until(
  what: string,
  check: () => Promise<boolean>,
  failure: () => string | undefined,
  timeoutMs = START_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = failure();
    if (reason) throw new Error(reason);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} within ${timeoutMs} ms`);
}

/**
 * Starts the real gateway and worker processes with quiet logs (LOG_LEVEL=warn: a log line per
 * request costs about as much as the queue round trip being measured). Readiness is read from
 * `/healthz` and the workers' heartbeats, since the start lines are info lines.
 */
export async function startBenchStack(options: BenchStackOptions = {}): Promise<BenchStack> {
  const root = repositoryRoot();
  const redisUrl = options.redisUrl ?? testRedisUrl();
  const target = { mode: "standalone", url: redisUrl } as const;
  const prefix = `bench-${randomBytes(5).toString("hex")}`;
  const port = await freePort();
  const env: Record<string, string> = {
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: "warn",
    API_KEYS: `${BENCH_API_KEYS.a},${BENCH_API_KEYS.b}`,
    LLM_MODEL: "fake-model",
    LLM_MAX_RETRIES: "0",
    SEARCH_PROVIDER: "none",
    JOB_LOCK_MS: "30000",
    SHUTDOWN_GRACE_MS: "2000",
    // The per-key call limit would measure itself, not the queue.
    RATE_LIMIT_CALLS_PER_MINUTE: "0",
    ...options.env,
  };
  const nodeArguments: string[] = [];
  if (options.profile) {
    mkdirSync(profileDirectory(), { recursive: true });
    nodeArguments.push("--cpu-prof", `--cpu-prof-dir=${profileDirectory()}`);
  }
  const redis = createRedis(target, "command");
  await waitForRedis(redis);
  const gateway = startProcess(
    "gateway",
    join(root, "apps/gateway/dist/main.js"),
    { ...env, PORT: String(port) },
    { nodeArguments, keepLines: 200 },
  );
  const workers: ServiceProcess[] = [];
  const processes = (): ServiceProcess[] => [gateway, ...workers];
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    for (const process of processes()) process.kill("SIGTERM");
    const ended = Promise.all(processes().map((process) => process.exited));
    const forced = setTimeout(() => {
      for (const process of processes()) process.kill("SIGKILL");
    }, 15_000);
    await ended;
    clearTimeout(forced);
    await deleteKeysWithPrefix(redis, prefix);
    redis.disconnect();
  };
  const exited = () => {
    const dead = processes().find((process) => process.child.exitCode !== null);
    return dead && `${dead.name} exited:\n${dead.lines.slice(-10).join("\n")}`;
  };
  const startWorkers = async (count: number) => {
    for (let index = 0; index < count; index += 1) {
      workers.push(
        startProcess(`worker-${workers.length + 1}`, join(root, "apps/worker/dist/main.js"), env, {
          // Started as the package scripts, compose and Kubernetes start a worker.
          nodeArguments: [...WORKER_NODE_FLAGS, ...nodeArguments],
          keepLines: 200,
        }),
      );
    }
    await until(
      `${workers.length} workers did not beat`,
      async () => (await countLiveWorkers(redis, prefix)) >= workers.length,
      exited,
    );
  };
  try {
    await until("the gateway did not answer /healthz", async () => (await fetch(`${origin}/healthz`)).ok, exited);
    await startWorkers(options.workers ?? 1);
  } catch (error) {
    await stop();
    throw error;
  }
  const serverInfo = await redis.info("server").catch(() => "");
  const redisPid = Number(/^process_id:(\d+)/m.exec(serverInfo)?.[1]);
  return {
    origin,
    prefix,
    redisPid: Number.isInteger(redisPid) && redisPid > 0 ? redisPid : undefined,
    gateway,
    workers,
    redis,
    async startWorker() {
      await startWorkers(1);
      return workers.at(-1)!;
    },
    headers: (key = "a") => ({ "x-api-key": BENCH_API_KEYS[key] }),
    stop,
  };
}

/** The stack's processes by role, for {@link startCpuMeter}: gateway, workers, redis and this process. */
export function stackProcesses(stack: BenchStack): Record<string, number[]> {
  return {
    gateway: [stack.gateway.child.pid!],
    worker: stack.workers.map((worker) => worker.child.pid!),
    redis: stack.redisPid === undefined ? [] : [stack.redisPid],
    bench: [process.pid],
  };
}
