/** The BullMQ queue that carries research jobs of both kinds; the job name is the kind. */
export const RESEARCH_QUEUE = "research";

/** The BullMQ queue that carries batch completion callbacks; one job per batch. */
export const CALLBACK_QUEUE = "callbacks";

/** Redis key names under the deployment prefix (`REDIS_PREFIX`). */
export const redisKeys = {
  /** The finished response body of a job, as JSON text. */
  result: (prefix: string, jobId: string) => `${prefix}:result:${jobId}`,
  /** When a job's stored result was made, ms since epoch; written with the result, same lifetime. */
  resultAt: (prefix: string, jobId: string) => `${prefix}:result-at:${jobId}`,
  /** The metadata of a job handle (`<jobId>.<digest>`), as JSON; kept as long as the job's owner. */
  jobMetadata: (prefix: string, handle: string) => `${prefix}:job-metadata:${handle}`,
  /** Id of the API key that owns a job; only that key may read it. */
  jobOwner: (prefix: string, jobId: string) => `${prefix}:job-owner:${jobId}`,
  /**
   * A job's progress events, a Redis Stream capped and expiring: one key per job, derived from the
   * job id alone, so that in a Redis Cluster every command about one job's events touches one slot.
   */
  jobEvents: (prefix: string, jobId: string) => `${prefix}:job-events:${jobId}`,
  /** Set of batch ids that wait for a job's outcome. */
  jobBatches: (prefix: string, jobId: string) => `${prefix}:job-batches:${jobId}`,
  /** Hash of one batch's bookkeeping: owner, counts, status, callback URL. */
  batch: (prefix: string, batchId: string) => `${prefix}:batch:${batchId}`,
  /** List of one batch's items in order, as JSON: job id and ref, or the item's own problem. */
  batchItems: (prefix: string, batchId: string) => `${prefix}:batch:${batchId}:items`,
  /** Hash from job id to the number of this batch's items still waiting for that job. */
  batchPending: (prefix: string, batchId: string) => `${prefix}:batch:${batchId}:pending`,
  /** Hash from job id to its outcome for this batch (a copy, so results outlive RESULT_TTL_SECONDS). */
  batchOutcomes: (prefix: string, batchId: string) => `${prefix}:batch:${batchId}:outcomes`,
  /** Sorted set of a key's batches scored by creation time (ms since epoch), for `GET /v1/batches`. */
  keyBatches: (prefix: string, keyId: string) => `${prefix}:key-batches:${keyId}`,
  /**
   * The batch an `Idempotency-Key` made, as `<body hash>:<batch id>` (the id is empty while it is
   * being made). `keyHash` is the SHA-256 of the header's value, so that any value makes a safe key.
   */
  batchIdempotency: (prefix: string, keyId: string, keyHash: string) =>
    `${prefix}:batch-idempotency:${keyId}:${keyHash}`,
  /** Set of a key's batches that are not done yet. */
  openBatches: (prefix: string, keyId: string) => `${prefix}:open-batches:${keyId}`,
  /** List of a key's batch items not yet handed to the queue, as JSON. */
  fairPending: (prefix: string, keyId: string) => `${prefix}:fair:pending:${keyId}`,
  /** Rotation of the key ids that have pending batch items. */
  fairRotation: (prefix: string) => `${prefix}:fair:rotation`,
  /** Set of the key ids in the rotation. */
  fairActive: (prefix: string) => `${prefix}:fair:active`,
  /** Lock held by the one worker that feeds batch items into the queue at a time. */
  fairFeederLock: (prefix: string) => `${prefix}:fair:feeder-lock`,
  /** State of one fleet-wide upstream limiter (a token bucket). */
  upstreamLimit: (prefix: string, name: string) => `${prefix}:upstream-limit:${name}`,
  /** A key's synchronous call counter for one minute window. */
  keyCallWindow: (prefix: string, keyId: string, window: number) => `${prefix}:key-calls:${keyId}:${window}`,
  /**
   * Hash of one key's usage counters over one UTC day (`YYYY-MM-DD`). The key id is a hash tag, so
   * that one key's day and month counters live in one cluster slot and one script can update both.
   */
  usageDay: (prefix: string, keyId: string, day: string) => `${prefix}:usage:{${keyId}}:day:${day}`,
  /** Hash of one key's calls and tokens over one UTC month (`YYYY-MM`), checked against its limits. */
  usageMonth: (prefix: string, keyId: string, month: string) => `${prefix}:usage:{${keyId}}:month:${month}`,
  /** Hash from key id to the secret that signs that key's batch callbacks. */
  callbackSecrets: (prefix: string) => `${prefix}:callback-secrets`,
  /** Sorted set of worker ids scored by their last heartbeat (ms since epoch). */
  workers: (prefix: string) => `${prefix}:workers`,
  /** Hash of fleet-wide counters written by workers and read by the gateway's /metrics. */
  metrics: (prefix: string) => `${prefix}:metrics`,
  /** Hash of API keys made with `dossier keys create`, by key id. */
  apiKeys: (prefix: string) => `${prefix}:apikeys`,
  /** Map from key hash to key id, for lookup on each call. */
  apiKeyHashes: (prefix: string) => `${prefix}:apikey-hashes`,
} as const;

/**
 * Redis pub/sub channels. A gateway subscribes to the channels of the jobs and batches whose events
 * it streams, so that any gateway serves any job's events.
 */
export const redisChannels = {
  /** Announces each new entry of a job's event stream (the entry itself rides along). */
  jobEvents: (prefix: string, jobId: string) => `${prefix}:job-events:${jobId}`,
  /** Announces that a batch's counts or status changed; the listener reads the batch. */
  batchEvents: (prefix: string, batchId: string) => `${prefix}:batch-events:${batchId}`,
} as const;

/** BullMQ priorities; lower numbers run first. */
export const jobPriorities = {
  /** A caller waits on the HTTP connection. */
  sync: 1,
  /** A single call with `Prefer: respond-async`: nobody waits on a connection, but it is one call. */
  async: 2,
  /** A batch item. */
  batch: 10,
} as const;
