import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { Redis } from "ioredis";
import { repositoryRoot } from "./repository-root.js";
import { type ServiceProcess, startProcess } from "./start-process.js";

export interface StackOptions {
  /** Redis to use. Default: REDIS_URL, else redis://127.0.0.1:6379. */
  redisUrl?: string;
  /** Environment for both kinds of process (OPENAI_BASE_URL, API_KEYS, ...). */
  env?: Record<string, string>;
  /** Extra environment for the gateway only. */
  gatewayEnv?: Record<string, string>;
  /** Worker processes to start. Default 1. */
  workers?: number;
  /** Gateway processes to start, each on its own port. Default 1. */
  gateways?: number;
}

/** A gateway and workers running as real processes against one Redis, isolated by key prefix. */
export interface Stack {
  /** The first gateway's base URL. */
  baseUrl: string;
  /** Every gateway's base URL, in start order (the first is `baseUrl`). */
  baseUrls: string[];
  redisUrl: string;
  /** REDIS_PREFIX of this stack: a fresh one per stack, so stacks never see each other's jobs. */
  prefix: string;
  /** The first gateway. */
  gateway: ServiceProcess;
  /** Every gateway, in start order. */
  gateways: ServiceProcess[];
  workers: ServiceProcess[];
  /** Starts one more worker with optional extra environment and waits until it takes jobs. */
  startWorker(env?: Record<string, string>): Promise<ServiceProcess>;
  /** Every log line of every process so far. */
  logLines(): string[];
  /** A Redis connection for inspection. */
  redis: Redis;
  stop(): Promise<void>;
}

/** Deletes every key under `prefix:` (what one stack, test or benchmark wrote). */
export async function deleteKeysWithPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== "0");
}

export function testRedisUrl(): string {
  return process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const root = repositoryRoot();
  const redisUrl = options.redisUrl ?? testRedisUrl();
  const prefix = `test-${randomBytes(5).toString("hex")}`;
  const common: Record<string, string> = {
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: "info",
    OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
    LLM_MODEL: "fake-model",
    LLM_MAX_RETRIES: "0",
    // The fake model listens on loopback, which Dossier takes for a local CPU model with a small
    // prompt budget; the stack under test stands for one with a hosted model.
    LLM_TIMEOUT_MS: "60000",
    RESEARCH_PROMPT_TOKENS: "6000",
    SEARCH_PROVIDER: "none",
    JOB_LOCK_MS: "3000",
    SHUTDOWN_GRACE_MS: "5000",
    ...options.env,
  };
  const processes: ServiceProcess[] = [];
  const workers: ServiceProcess[] = [];
  const startWorker = async (env: Record<string, string> = {}) => {
    const worker = startProcess(`worker-${workers.length + 1}`, join(root, "apps/worker/dist/main.js"), {
      ...common,
      ...env,
    });
    processes.push(worker);
    workers.push(worker);
    await worker.waitForLog("worker started");
    return worker;
  };
  const gateways: ServiceProcess[] = [];
  for (let index = 0; index < (options.gateways ?? 1); index += 1) {
    const gateway = startProcess(
      index === 0 ? "gateway" : `gateway-${index + 1}`,
      join(root, "apps/gateway/dist/main.js"),
      {
        ...common,
        PORT: "0",
        ...options.gatewayEnv,
      },
    );
    processes.push(gateway);
    gateways.push(gateway);
  }
  const baseUrls: string[] = [];
  try {
    for (const gateway of gateways) {
      const listening = await gateway.waitForLog("gateway listening");
      baseUrls.push(`http://127.0.0.1:${listening.port as number}`);
    }
    for (let index = 0; index < (options.workers ?? 1); index += 1) await startWorker();
  } catch (error) {
    for (const process of processes) process.kill("SIGKILL");
    throw error;
  }
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on("error", () => {});
  return {
    baseUrl: baseUrls[0]!,
    baseUrls,
    redisUrl,
    prefix,
    gateway: gateways[0]!,
    gateways,
    workers,
    startWorker,
    logLines: () => processes.flatMap((process) => process.lines),
    redis,
    async stop() {
      for (const process of processes) process.kill("SIGKILL");
      await Promise.all(processes.map((process) => process.exited));
      try {
        await deleteKeysWithPrefix(redis, prefix);
      } catch {
        // Redis may be the thing a test stopped.
      }
      redis.disconnect();
    },
  };
}
