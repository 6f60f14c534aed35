import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { type ConnectTarget, isBlockedAddress, parseConnectTo } from "@dossier/egress";
import * as z from "zod";
import { hashTagged, type ParsedRedisNodes, parseRedisNodes, type RedisTarget } from "./redis-target.js";

// An empty variable (`PORT=` in a compose file or .env) means "unset": coercing it would give 0.
/** One of `values`; the message lists them. */
const oneOf = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values, { error: `must be one of ${values.join(", ")}` });
/** A whole number of at least `minimum`, with messages a person reads in a terminal. */
const wholeNumber = (minimum: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(minimum, `must be at least ${minimum}`);
const integer = (fallback: number, minimum = 0) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    wholeNumber(minimum).default(fallback),
  );
/** An integer whose default depends on other variables; undefined when unset. */
const derivedInteger = (minimum = 0) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    wholeNumber(minimum).optional(),
  );
const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .default("0")
  .transform((value) => value === "1" || value === "true" || value === "yes");
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

/** A `host:port,...` list of Redis servers or Sentinels; undefined when unset. */
const redisNodesSchema = (defaultPort: number) =>
  z
    .string()
    .optional()
    .transform((value, context): ParsedRedisNodes | undefined => {
      if (value === undefined || value.trim() === "") return undefined;
      try {
        return parseRedisNodes(value, defaultPort);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    });

const connectToSchema = z
  .string()
  .optional()
  .transform((value, context): ConnectTarget[] => {
    // Entry by entry, so that every bad one is named at once.
    const targets: ConnectTarget[] = [];
    for (const entry of (value ?? "").split(",")) {
      try {
        targets.push(...parseConnectTo(entry));
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
      }
    }
    return targets;
  });

/** The names Express's `trust proxy` gives to address ranges. */
const TRUSTED_PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** `TRUSTED_PROXIES`: addresses, CIDR ranges and Express's range names; every bad entry named. */
const trustedProxiesSchema = z
  .string()
  .optional()
  .transform((value, context): string[] => {
    const entries = (value ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of entries) {
      if (TRUSTED_PROXY_NAMES.has(entry)) continue;
      const [address = "", bits, ...rest] = entry.split("/");
      const family = isIP(address);
      const maxBits = family === 6 ? 128 : 32;
      const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
      if (family === 0 || !validBits || rest.length > 0)
        context.addIssue({
          code: "custom",
          message: `${JSON.stringify(entry)} is not an address, a CIDR range, nor one of loopback, linklocal, uniquelocal`,
        });
    }
    return entries;
  });

/**
 * The environment Dossier reads, and its defaults. docs/configuration.md documents each variable;
 * this schema is the only place `process.env` is interpreted.
 */
const environmentFields = z.object({
  /** Gateway HTTP port. Default 8080. */
  PORT: integer(8080, 0).refine((port) => port <= 65535, "must be a port number"),
  /** The Redis that carries queues, results, keys and caches. */
  REDIS_URL: z
    .string()
    .default("redis://127.0.0.1:6379")
    .refine((url) => /^rediss?:\/\//.test(url), "must start with redis:// or rediss://"),
  /**
   * `host:port,...` of a Redis Cluster's nodes (any of them; the rest are discovered). Entries may be
   * `redis://` or `rediss://` URLs carrying the password and TLS, as in REDIS_URL. When set, REDIS_URL
   * is not used.
   */
  REDIS_CLUSTER_NODES: redisNodesSchema(6379),
  /**
   * `host:port,...` of Redis Sentinels (default port 26379); Dossier connects to the primary they
   * name REDIS_SENTINEL_NAME and follows it through failovers. URL entries carry the primary's
   * password, TLS and database, as in REDIS_URL. When set, REDIS_URL is not used.
   */
  REDIS_SENTINELS: redisNodesSchema(26379),
  /** The primary's name in the Sentinels' configuration (`sentinel monitor NAME ...`). */
  REDIS_SENTINEL_NAME: optionalString,
  /** The Sentinels' own password, when they require one (`requirepass` in sentinel.conf). */
  REDIS_SENTINEL_PASSWORD: optionalString,
  /**
   * Prefix of every Redis key Dossier writes, so that several deployments can share one Redis.
   * Default `dossier`. On a Redis Cluster it is used as a hash tag (`{dossier}`) unless it holds one.
   */
  REDIS_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9:_-]*(\{[A-Za-z0-9:_-]+\})?[A-Za-z0-9:_-]*$/,
      "letters, digits, colon, dash and underscore only, with at most one {hash tag}",
    )
    .min(1)
    .default("dossier"),
  /** Comma-separated API keys accepted besides those made with `dossier keys create`. */
  API_KEYS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((key) => key.trim())
        .filter(Boolean),
    ),
  /** Any OpenAI-compatible endpoint. Default: local Ollama when OPENAI_API_KEY is unset, else OpenAI. */
  OPENAI_BASE_URL: optionalString,
  /** Key for that endpoint. */
  OPENAI_API_KEY: optionalString,
  /** Model name at that endpoint. Default `qwen2.5:3b-instruct` locally, `gpt-4o-mini` on OpenAI. */
  LLM_MODEL: optionalString,
  /**
   * Time-out of one model call, in milliseconds. Default 60000, or 180000 for a local endpoint (a
   * model on this machine or the private network, e.g. Ollama): a 3B model on a CPU takes about a
   * minute for one of Dossier's prompts.
   */
  LLM_TIMEOUT_MS: derivedInteger(1),
  /**
   * Retries of one model call on 429, 5xx and time-outs (exponential backoff). Default 3, or 1 for a
   * local endpoint, where a retry waits behind the call it replaces.
   */
  LLM_MAX_RETRIES: derivedInteger(0),
  /** Search provider. Default `searxng`. */
  SEARCH_PROVIDER: oneOf(["searxng", "brave", "tavily", "serper", "none"]).default("searxng"),
  /** Base URL of a SearXNG instance. */
  SEARXNG_URL: z.string().url().default("http://127.0.0.1:8888"),
  BRAVE_API_KEY: optionalString,
  TAVILY_API_KEY: optionalString,
  SERPER_API_KEY: optionalString,
  /** `1` lets the page fetcher reach loopback and private addresses. Tests only. */
  FETCH_ALLOW_PRIVATE: flag,
  /** `host:port:address:port[,...]`, like curl's --connect-to. Tests only. */
  FETCH_CONNECT_TO: connectToSchema,
  /** Politeness window per host, in milliseconds: at most two requests to one host start within it. Default 250. */
  FETCH_HOST_DELAY_MS: integer(250, 0),
  /** How long a synchronous call waits for its job, in milliseconds. Default 60000. */
  RESEARCH_TIMEOUT_MS: integer(60_000, 1),
  /**
   * How long a research job gathers (searches and reads pages) before it answers from what arrived,
   * in milliseconds. Default a third of RESEARCH_TIMEOUT_MS, at least 1000, so that the model call
   * and verification fit in what is left.
   */
  RESEARCH_GATHER_TIMEOUT_MS: derivedInteger(1_000),
  /**
   * How long the gateway waits for a whole request to arrive, in milliseconds (Node's
   * `server.requestTimeout`). Default RESEARCH_TIMEOUT_MS + 30000, so that a slow upload of a large
   * batch is not cut while a synchronous call may still be waiting on its job.
   */
  GATEWAY_REQUEST_TIMEOUT_MS: derivedInteger(1_000),
  /**
   * How long a stopping gateway lets calls in flight finish before it closes their connections, in
   * milliseconds. Default RESEARCH_TIMEOUT_MS + 1000: a synchronous call waiting on its job answers
   * (with its result or a 504) before the connection is closed.
   */
  GATEWAY_SHUTDOWN_GRACE_MS: derivedInteger(0),
  /** Gateway processes on this host (node:cluster, sharing the port): a number, or `auto` for one per core. Default 1. */
  GATEWAY_PROCESSES: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.union([z.literal("auto"), z.coerce.number().int().min(1).max(256)]).default(1),
  ),
  /**
   * Worker threads that extract large pages (over 256 KB) off the event loop; 0 extracts every page
   * on the main thread. Threads start with the first large page and exit when idle. Default 1.
   */
  EXTRACTION_THREADS: integer(1, 0),
  /** Jobs one worker process runs at once. Default 20. */
  WORKER_CONCURRENCY: integer(20, 1),
  /**
   * How far a worker's heap may grow past what it held after its last full collection, in percent
   * (V8's heap growing factor); 0 leaves V8's own choice, which lets a large heap grow fourfold. Default 10.
   */
  WORKER_HEAP_GROWTH_PERCENT: integer(10, 0),
  /** How long a finished result is kept for identical requests, in seconds. Default 86400 (24 h). */
  RESULT_TTL_SECONDS: integer(86_400, 1),
  /** How long fetched pages and search results are cached, in seconds; 0 caches nothing. Default 86400 (24 h). */
  CACHE_TTL_SECONDS: integer(86_400, 0),
  /** Lock of a running job, in milliseconds: a worker that dies is detected after about this long. Default 30000. */
  JOB_LOCK_MS: integer(30_000, 1_000),
  /** How long SIGTERM waits for running work before handing it back, in milliseconds. Default 30000. */
  SHUTDOWN_GRACE_MS: integer(30_000, 0),
  /** Pages read per research job at most. Default 12. */
  RESEARCH_PAGE_BUDGET: integer(12, 1),
  /**
   * Prompt tokens per model call at most. Default 6000, or 2500 for a local endpoint: a CPU reads
   * about 35-70 prompt tokens a second with a 3B model.
   */
  RESEARCH_PROMPT_TOKENS: derivedInteger(500),
  /** Research calls (synchronous or async) one API key may make per minute; 0 disables the limit. Default 600. */
  RATE_LIMIT_CALLS_PER_MINUTE: integer(600, 0),
  /**
   * Unknown or revoked API keys one client address may present per minute; past it the address is
   * answered 429 `AUTH_TOO_MANY_FAILURES` until the minute ends, except with a key it has used
   * successfully in the last 24 hours. 0 disables the limit. Default 20.
   */
  RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: integer(20, 0),
  /**
   * The proxies in front of the gateway whose `X-Forwarded-For` is believed (Express's `trust proxy`):
   * comma-separated addresses, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`. Default none:
   * the client address is the connection's, and `X-Forwarded-For` is ignored.
   */
  TRUSTED_PROXIES: trustedProxiesSchema,
  /**
   * Batch items one API key may submit per minute, valid or not; 0 disables the limit. Each
   * submission also counts as one call against `RATE_LIMIT_CALLS_PER_MINUTE`. Default 20000.
   */
  RATE_LIMIT_BATCH_ITEMS_PER_MINUTE: integer(20_000, 0),
  /**
   * Items of one API key's batches that Redis keeps at once (batches are kept `BATCH_TTL_SECONDS`);
   * a batch that would pass it is refused; 0 disables the limit. Default 100000.
   */
  BATCH_MAX_KEPT_ITEMS: integer(100_000, 0),
  /** Batches one API key may have open (not done) at once. Default 5. */
  BATCH_MAX_OPEN: integer(5, 1),
  /** Items one batch may hold. Default 10000. */
  BATCH_MAX_ITEMS: integer(10_000, 1),
  /** How long a batch and its results are kept, in seconds. Default 604800 (7 days). */
  BATCH_TTL_SECONDS: integer(604_800, 60),
  /** Batch items kept waiting in the queue; the rest wait in per-key lists and are fed in rotation. Default 100. */
  BATCH_FEED_AHEAD: integer(100, 1),
  /** Attempts of a batch item whose failure is transient (retryable). Default 4. */
  BATCH_JOB_ATTEMPTS: integer(4, 1),
  /** First retry delay of a batch item, in milliseconds; doubles each attempt, with jitter. Default 2000. */
  RETRY_BACKOFF_MS: integer(2_000, 0),
  /** Lists ("find all") one API key may have running at once. Default 3. */
  LIST_MAX_OPEN: integer(3, 1),
  /** Most candidates one list may evaluate, whatever its limit and effort. Default 2000. */
  LIST_MAX_CANDIDATES: integer(2_000, 1),
  /** Lists one worker process drives at once (each mostly waits for its research). Default 4. */
  LIST_CONCURRENCY: integer(4, 1),
  /** Delivery attempts of a batch completion callback. Default 8. */
  CALLBACK_ATTEMPTS: integer(8, 1),
  /** First retry delay of a callback, in milliseconds; doubles each attempt, with jitter. Default 5000. */
  CALLBACK_BACKOFF_MS: integer(5_000, 0),
  /** Time one callback delivery may take in all (connecting, headers and body), in milliseconds. Default 10000. */
  CALLBACK_TIMEOUT_MS: integer(10_000, 100),
  /** Watches one API key may hold. Default 100. */
  WATCH_MAX_PER_KEY: integer(100, 1),
  /** Change events kept per watch, newest first. Default 200. */
  WATCH_EVENTS_KEPT: integer(200, 1),
  /** Watch runs one worker process waits on at once (each waits for one research job). Default 20. */
  WATCH_CONCURRENCY: integer(20, 1),
  /** How long a watch's run waits for its research before it counts as failed, in milliseconds. Default 600000. */
  WATCH_RUN_TIMEOUT_MS: integer(600_000, 1_000),
  /** Model calls per minute across the whole fleet; 0 means unlimited. Default 0. */
  MODEL_REQUESTS_PER_MINUTE: integer(0, 0),
  /** Model tokens (prompt and completion) per minute across the whole fleet; 0 means unlimited. Default 0. */
  MODEL_TOKENS_PER_MINUTE: integer(0, 0),
  /** Search calls per minute across the whole fleet; 0 means unlimited. Default 0. */
  SEARCH_REQUESTS_PER_MINUTE: integer(0, 0),
  /** How often one call waits out an upstream's 429 (pausing the fleet) before failing. Default 10. */
  UPSTREAM_RATE_LIMIT_WAITS: integer(10, 0),
  /** The gateway the command-line tool and the MCP server talk to. Default `http://127.0.0.1:$PORT`. */
  DOSSIER_URL: optionalString.refine(
    (value) => value === undefined || /^https?:\/\/[^/]/.test(value),
    "must be an http(s) URL such as http://127.0.0.1:8080",
  ),
  /** The API key the command-line tool and the MCP server send. Default the first of API_KEYS. */
  DOSSIER_API_KEY: optionalString,
  /** How often an event stream (SSE) sends a heartbeat comment, in milliseconds. Default 15000. */
  EVENTS_HEARTBEAT_MS: integer(15_000, 100),
  /** pino log level. Default `info`. */
  LOG_LEVEL: oneOf(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
export const environmentSchema = environmentFields.superRefine((environment, context) => {
  if (environment.REDIS_CLUSTER_NODES && environment.REDIS_SENTINELS)
    context.addIssue({
      code: "custom",
      path: ["REDIS_CLUSTER_NODES"],
      message: "set either REDIS_CLUSTER_NODES or REDIS_SENTINELS, not both",
    });
  if (environment.REDIS_SENTINELS && !environment.REDIS_SENTINEL_NAME)
    context.addIssue({
      code: "custom",
      path: ["REDIS_SENTINEL_NAME"],
      message: "is required with REDIS_SENTINELS: the primary's name in the Sentinels' configuration",
    });
  if (environment.REDIS_CLUSTER_NODES && environment.REDIS_CLUSTER_NODES.database !== 0)
    context.addIssue({
      code: "custom",
      path: ["REDIS_CLUSTER_NODES"],
      message: "a Redis Cluster has only database 0",
    });
});

export type Environment = z.infer<typeof environmentSchema>;

/** Where the model is, resolved from the three LLM variables. */
export interface LlmSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** True when no endpoint was configured and the local Ollama default is used. */
  isDefaultLocal: boolean;
  /** True when the endpoint runs on this machine or the private network (loopback, a private address, Ollama's port). */
  isLocal: boolean;
  timeoutMs: number;
  maxRetries: number;
}

export interface Config {
  port: number;
  /** Where Redis is: REDIS_URL, or the Sentinels or Cluster nodes that replace it. */
  redis: RedisTarget;
  /**
   * True when no Redis was configured (neither REDIS_URL nor REDIS_CLUSTER_NODES nor REDIS_SENTINELS)
   * and the default `redis://127.0.0.1:6379` is used: `dossier start` may then start a local Redis.
   */
  redisIsDefault: boolean;
  /**
   * Prefix of every Redis key (`REDIS_PREFIX`); on a Redis Cluster wrapped in a hash tag
   * (`{dossier}`) so that the keys that change together share one slot (see packages/queue/src/names.ts).
   */
  redisPrefix: string;
  apiKeys: readonly string[];
  llm: LlmSettings;
  search: {
    provider: Environment["SEARCH_PROVIDER"];
    searxngUrl: string;
    braveApiKey: string | undefined;
    tavilyApiKey: string | undefined;
    serperApiKey: string | undefined;
  };
  fetch: { allowPrivate: boolean; connectTo: readonly ConnectTarget[]; hostDelayMs: number };
  researchTimeoutMs: number;
  /** How long a job gathers before answering from what arrived (`RESEARCH_GATHER_TIMEOUT_MS`). */
  gatherTimeoutMs: number;
  /** The gateway's `server.requestTimeout` (`GATEWAY_REQUEST_TIMEOUT_MS`). */
  gatewayRequestTimeoutMs: number;
  /** How long a stopping gateway waits for calls in flight (`GATEWAY_SHUTDOWN_GRACE_MS`). */
  gatewayShutdownGraceMs: number;
  /** Gateway processes on this host (`GATEWAY_PROCESSES`, `auto` resolved to the core count). */
  gatewayProcesses: number;
  workerConcurrency: number;
  /** Threads extracting large pages off the event loop (`EXTRACTION_THREADS`); 0: none. */
  extractionThreads: number;
  /** Heap growth past the live set a worker allows before a full collection, in percent; 0: V8's default. */
  workerHeapGrowthPercent: number;
  resultTtlSeconds: number;
  cacheTtlSeconds: number;
  jobLockMs: number;
  shutdownGraceMs: number;
  pageBudget: number;
  promptTokenBudget: number;
  logLevel: Environment["LOG_LEVEL"];
  /** How often an event stream sends a heartbeat comment, in milliseconds (`EVENTS_HEARTBEAT_MS`). */
  eventsHeartbeatMs: number;
  /** The gateway a client process (the CLI's HTTP commands, the MCP server) talks to. */
  client: {
    /** Base URL (`DOSSIER_URL`, default `http://127.0.0.1:$PORT`). */
    url: string;
    /** API key (`DOSSIER_API_KEY`, else the first of `API_KEYS`); undefined when neither is set. */
    apiKey: string | undefined;
  };
  /** Per-key limits. */
  limits: {
    /** Research calls per key per minute; 0 disables. */
    callsPerMinute: number;
    /** Open batches per key. */
    openBatches: number;
    /** Items per batch. */
    batchItems: number;
    /** Batch items per key per minute (`RATE_LIMIT_BATCH_ITEMS_PER_MINUTE`); 0 disables. */
    batchItemsPerMinute: number;
    /** Items of a key's batches kept in Redis at once (`BATCH_MAX_KEPT_ITEMS`); 0 disables. */
    keptBatchItems: number;
    /** Unknown or revoked keys one client address may present per minute (`RATE_LIMIT_AUTH_FAILURES_PER_MINUTE`); 0 disables. */
    authFailuresPerMinute: number;
  };
  /**
   * The proxies whose `X-Forwarded-For` gives the client address (`TRUSTED_PROXIES`), in Express's
   * `trust proxy` forms; empty: the connection's address is the client's.
   */
  trustedProxies: readonly string[];
  batch: {
    /** How long a batch and its results are kept, in seconds. */
    ttlSeconds: number;
    /** Batch items kept waiting in the queue. */
    feedAhead: number;
    /** Attempts of a batch item with a transient failure. */
    attempts: number;
    /** First retry delay, in milliseconds. */
    retryBackoffMs: number;
  };
  /** Lists ("find all"). */
  list: {
    /** Lists one key may have running at once. */
    maxOpen: number;
    /** Most candidates one list may evaluate. */
    maxCandidates: number;
    /** Lists one worker process drives at once. */
    concurrency: number;
  };
  callback: {
    /** Delivery attempts. */
    attempts: number;
    /** First retry delay, in milliseconds. */
    backoffMs: number;
    /** Time one delivery may take, in milliseconds. */
    timeoutMs: number;
  };
  /** Watches: re-asked research (docs/watches.md). */
  watch: {
    /** Watches one key may hold (`WATCH_MAX_PER_KEY`). */
    maxPerKey: number;
    /** Change events kept per watch (`WATCH_EVENTS_KEPT`). */
    eventsKept: number;
    /** Runs one worker process waits on at once (`WATCH_CONCURRENCY`). */
    concurrency: number;
    /** How long a run waits for its research, in milliseconds (`WATCH_RUN_TIMEOUT_MS`). */
    runTimeoutMs: number;
  };
  /** Fleet-wide upstream allowances; 0 means unlimited. */
  upstreamLimits: {
    modelRequestsPerMinute: number;
    modelTokensPerMinute: number;
    searchRequestsPerMinute: number;
    maxRateLimitWaits: number;
  };
}

export const LOCAL_OLLAMA_URL = "http://127.0.0.1:11434/v1";
/** A local endpoint's default time-out of one model call, in milliseconds. */
export const LOCAL_LLM_TIMEOUT_MS = 180_000;
/** A local endpoint's default prompt budget, in tokens. */
export const LOCAL_PROMPT_TOKENS = 2_500;

/** Host names that name a model server on this machine or beside it. */
const LOCAL_HOST_NAMES = new Set(["localhost", "ollama", "host.docker.internal", "llama", "vllm", "lmstudio"]);

/**
 * Whether a model endpoint runs locally: a loopback or private address, a host name of the
 * compose network, or Ollama's port. Such endpoints usually run on a CPU or one small GPU.
 */
export function isLocalEndpoint(baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (url.port === "11434" || LOCAL_HOST_NAMES.has(host) || host.endsWith(".local")) return true;
  return isIP(host) !== 0 && isBlockedAddress(host);
}
export const OPENAI_URL = "https://api.openai.com/v1";
export const DEFAULT_LOCAL_MODEL = "qwen2.5:3b-instruct";
export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * What a process that cannot start says about its environment: a first line naming the program,
 * then one line per problem, each naming its variable; no stack trace (it would say nothing more).
 */
export function describeConfigError(error: ConfigError, program: string): string {
  const count = error.problems.length;
  return [
    `${program}: ${count === 1 ? "an environment variable is" : `${count} environment variables are`} not valid:`,
    ...error.problems.map((problem) => `  ${problem}`),
    "",
  ].join("\n");
}

/**
 * {@link loadConfig} for a process's entry point: an invalid environment is written to stderr as
 * {@link describeConfigError} says, and the process exits with code 1.
 */
export function loadConfigOrExit(program: string, env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(describeConfigError(error, program));
    process.exit(1);
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The Redis deployment the environment names: a Cluster, Sentinels, or REDIS_URL. */
function redisTargetOf(e: Environment): RedisTarget {
  if (e.REDIS_CLUSTER_NODES)
    return { mode: "cluster", nodes: e.REDIS_CLUSTER_NODES.nodes, access: e.REDIS_CLUSTER_NODES.access };
  if (e.REDIS_SENTINELS)
    return {
      mode: "sentinel",
      sentinels: e.REDIS_SENTINELS.nodes,
      primaryName: e.REDIS_SENTINEL_NAME ?? "",
      access: e.REDIS_SENTINELS.access,
      database: e.REDIS_SENTINELS.database,
      sentinelPassword: e.REDIS_SENTINEL_PASSWORD,
    };
  return { mode: "standalone", url: e.REDIS_URL };
}

/** Parses the environment once; reports every problem together; returns a frozen config. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const e = parsed.data;
  const isDefaultLocal = !e.OPENAI_BASE_URL && !e.OPENAI_API_KEY;
  const baseUrl = e.OPENAI_BASE_URL ?? (e.OPENAI_API_KEY ? OPENAI_URL : LOCAL_OLLAMA_URL);
  const onOpenAi = baseUrl.startsWith(OPENAI_URL);
  const redis = redisTargetOf(e);
  const isLocal = isLocalEndpoint(baseUrl);
  return deepFreeze({
    port: e.PORT,
    redis,
    redisIsDefault: !env.REDIS_URL?.trim() && !e.REDIS_CLUSTER_NODES && !e.REDIS_SENTINELS,
    redisPrefix: redis.mode === "cluster" ? hashTagged(e.REDIS_PREFIX) : e.REDIS_PREFIX,
    apiKeys: e.API_KEYS,
    llm: {
      baseUrl,
      apiKey: e.OPENAI_API_KEY,
      model: e.LLM_MODEL ?? (onOpenAi ? DEFAULT_OPENAI_MODEL : DEFAULT_LOCAL_MODEL),
      isDefaultLocal,
      isLocal,
      timeoutMs: e.LLM_TIMEOUT_MS ?? (isLocal ? LOCAL_LLM_TIMEOUT_MS : 60_000),
      maxRetries: e.LLM_MAX_RETRIES ?? (isLocal ? 1 : 3),
    },
    search: {
      provider: e.SEARCH_PROVIDER,
      searxngUrl: e.SEARXNG_URL,
      braveApiKey: e.BRAVE_API_KEY,
      tavilyApiKey: e.TAVILY_API_KEY,
      serperApiKey: e.SERPER_API_KEY,
    },
    fetch: { allowPrivate: e.FETCH_ALLOW_PRIVATE, connectTo: e.FETCH_CONNECT_TO, hostDelayMs: e.FETCH_HOST_DELAY_MS },
    researchTimeoutMs: e.RESEARCH_TIMEOUT_MS,
    gatherTimeoutMs: e.RESEARCH_GATHER_TIMEOUT_MS ?? Math.max(1_000, Math.floor(e.RESEARCH_TIMEOUT_MS / 3)),
    gatewayRequestTimeoutMs: e.GATEWAY_REQUEST_TIMEOUT_MS ?? e.RESEARCH_TIMEOUT_MS + 30_000,
    gatewayShutdownGraceMs: e.GATEWAY_SHUTDOWN_GRACE_MS ?? e.RESEARCH_TIMEOUT_MS + 1_000,
    gatewayProcesses: e.GATEWAY_PROCESSES === "auto" ? availableParallelism() : e.GATEWAY_PROCESSES,
    workerConcurrency: e.WORKER_CONCURRENCY,
    extractionThreads: e.EXTRACTION_THREADS,
    workerHeapGrowthPercent: e.WORKER_HEAP_GROWTH_PERCENT,
    resultTtlSeconds: e.RESULT_TTL_SECONDS,
    cacheTtlSeconds: e.CACHE_TTL_SECONDS,
    jobLockMs: e.JOB_LOCK_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    pageBudget: e.RESEARCH_PAGE_BUDGET,
    promptTokenBudget: e.RESEARCH_PROMPT_TOKENS ?? (isLocal ? LOCAL_PROMPT_TOKENS : 6_000),
    logLevel: e.LOG_LEVEL,
    eventsHeartbeatMs: e.EVENTS_HEARTBEAT_MS,
    client: { url: e.DOSSIER_URL ?? `http://127.0.0.1:${e.PORT}`, apiKey: e.DOSSIER_API_KEY ?? e.API_KEYS[0] },
    limits: {
      callsPerMinute: e.RATE_LIMIT_CALLS_PER_MINUTE,
      openBatches: e.BATCH_MAX_OPEN,
      batchItems: e.BATCH_MAX_ITEMS,
      batchItemsPerMinute: e.RATE_LIMIT_BATCH_ITEMS_PER_MINUTE,
      keptBatchItems: e.BATCH_MAX_KEPT_ITEMS,
      authFailuresPerMinute: e.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE,
    },
    trustedProxies: e.TRUSTED_PROXIES,
    batch: {
      ttlSeconds: e.BATCH_TTL_SECONDS,
      feedAhead: e.BATCH_FEED_AHEAD,
      attempts: e.BATCH_JOB_ATTEMPTS,
      retryBackoffMs: e.RETRY_BACKOFF_MS,
    },
    list: { maxOpen: e.LIST_MAX_OPEN, maxCandidates: e.LIST_MAX_CANDIDATES, concurrency: e.LIST_CONCURRENCY },
    callback: { attempts: e.CALLBACK_ATTEMPTS, backoffMs: e.CALLBACK_BACKOFF_MS, timeoutMs: e.CALLBACK_TIMEOUT_MS },
    watch: {
      maxPerKey: e.WATCH_MAX_PER_KEY,
      eventsKept: e.WATCH_EVENTS_KEPT,
      concurrency: e.WATCH_CONCURRENCY,
      runTimeoutMs: e.WATCH_RUN_TIMEOUT_MS,
    },
    upstreamLimits: {
      modelRequestsPerMinute: e.MODEL_REQUESTS_PER_MINUTE,
      modelTokensPerMinute: e.MODEL_TOKENS_PER_MINUTE,
      searchRequestsPerMinute: e.SEARCH_REQUESTS_PER_MINUTE,
      maxRateLimitWaits: e.UPSTREAM_RATE_LIMIT_WAITS,
    },
  });
}
