import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Cluster, Redis } from "ioredis";
import { deleteKeysWithPrefix, standaloneRedis, type TestRedis, testRedis } from "../redis/test-redis.js";
import { repositoryRoot } from "./repository-root.js";
import { type ServiceProcess, startProcess } from "./start-process.js";

export interface StackOptions {
  /** Redis to use. Default: the test run's ({@link testRedis}: a cluster, Sentinels, or REDIS_URL). */
  redis?: TestRedis;
  /** A single Redis server to use instead, by URL. */
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
  /** The Redis the stack runs on. */
  redisDeployment: TestRedis;
  /** The environment that points another Dossier process (the CLI) at this stack: Redis and REDIS_PREFIX. */
  redisEnv: Record<string, string>;
  /**
   * The key prefix of this stack: a fresh one per stack, so stacks never see each other's jobs (on
   * a cluster wrapped in a hash tag, as Dossier's processes use it).
   */
  prefix: string;
  /** The first gateway. */
  gateway: ServiceProcess;
  /** Every gateway, in start order. */
  gateways: ServiceProcess[];
  workers: ServiceProcess[];
  /** Starts one more worker with optional extra environment and waits until it takes jobs. */
  startWorker(env?: Record<string, string>): Promise<ServiceProcess>;
  /**
   * Starts one more gateway (a restarted one, say) on a port of its own and waits until it listens;
   * it joins `gateways` and `baseUrls`.
   */
  startGateway(env?: Record<string, string>): Promise<{ process: ServiceProcess; baseUrl: string }>;
  /** Every log line of every process so far. */
  logLines(): string[];
  /** A Redis connection for inspection. */
  redis: Redis | Cluster;
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const root = repositoryRoot();
  const deployment = options.redis ?? (options.redisUrl ? standaloneRedis(options.redisUrl) : testRedis());
  const prefix = deployment.keyPrefix(`test-${randomBytes(5).toString("hex")}`);
  const redisEnv = { ...deployment.env, REDIS_PREFIX: prefix };
  const common: Record<string, string> = {
    ...redisEnv,
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
    // Tests send unknown keys from 127.0.0.1 on purpose, many to a stack; the throttle's own test
    // sets it back to its default (an empty value).
    RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: "100000",
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
  const baseUrls: string[] = [];
  const launchGateway = (env: Record<string, string> = {}) => {
    const index = gateways.length;
    const gateway = startProcess(
      index === 0 ? "gateway" : `gateway-${index + 1}`,
      join(root, "apps/gateway/dist/main.js"),
      {
        ...common,
        PORT: "0",
        ...options.gatewayEnv,
        ...env,
      },
    );
    processes.push(gateway);
    gateways.push(gateway);
    return gateway;
  };
  const listening = async (gateway: ServiceProcess) => {
    const line = await gateway.waitForLog("gateway listening");
    const baseUrl = `http://127.0.0.1:${line.port as number}`;
    baseUrls.push(baseUrl);
    return baseUrl;
  };
  const startGateway = async (env: Record<string, string> = {}) => {
    const gateway = launchGateway(env);
    return { process: gateway, baseUrl: await listening(gateway) };
  };
  for (let index = 0; index < (options.gateways ?? 1); index += 1) launchGateway();
  try {
    for (const gateway of [...gateways]) await listening(gateway);
    for (let index = 0; index < (options.workers ?? 1); index += 1) await startWorker();
  } catch (error) {
    for (const process of processes) process.kill("SIGKILL");
    throw error;
  }
  const redis = deployment.connect();
  return {
    baseUrl: baseUrls[0]!,
    baseUrls,
    redisDeployment: deployment,
    redisEnv,
    prefix,
    gateway: gateways[0]!,
    gateways,
    workers,
    startWorker,
    startGateway,
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
