/** The BullMQ queue that carries research jobs of both kinds; the job name is the kind. */
export const RESEARCH_QUEUE = "research";

/** Redis key names under the deployment prefix (`REDIS_PREFIX`). */
export const redisKeys = {
  /** The finished response body of a job, as JSON text. */
  result: (prefix: string, jobId: string) => `${prefix}:result:${jobId}`,
  /** Sorted set of worker ids scored by their last heartbeat (ms since epoch). */
  workers: (prefix: string) => `${prefix}:workers`,
  /** Hash of fleet-wide counters written by workers and read by the gateway's /metrics. */
  metrics: (prefix: string) => `${prefix}:metrics`,
  /** Hash of API keys made with `dossier keys create`, by key id. */
  apiKeys: (prefix: string) => `${prefix}:apikeys`,
  /** Map from key hash to key id, for lookup on each call. */
  apiKeyHashes: (prefix: string) => `${prefix}:apikey-hashes`,
} as const;
