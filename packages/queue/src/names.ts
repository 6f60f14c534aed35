/**
 * Every Redis key and channel Dossier uses is built here, under the deployment prefix
 * (`config.redisPrefix`: `REDIS_PREFIX`, wrapped in a hash tag such as `{dossier}` on a Redis Cluster).
 *
 * The rule that keeps Dossier correct on a Redis Cluster: every key that one Lua script, MULTI
 * block or pipeline touches together must hash to one slot, or Redis answers CROSSSLOT. So:
 *
 * 1. Keys that a script, transaction or multi-key command (MGET, a pipeline on a Cluster) uses
 *    together are built from `${prefix}:...`, which starts with the prefix's hash tag: all of them
 *    live in the slot of BullMQ's queue keys, which BullMQ's own scripts need anyway.
 * 2. A script receives the keys it touches in KEYS. A key it can only compute while it runs (from a
 *    list it reads) must be built from the same `${prefix}:` so that it falls in the same slot.
 * 3. Keys that are only ever read and written one at a time (page and search caches) are built from
 *    {@link spreadKeyPrefix}, without the tag, so that their bulk spreads across the cluster's nodes.
 *
 * `packages/queue/src/names.test.ts` checks (1) for every builder below; the cluster test project
 * runs the system tests against a real Redis Cluster, where a script that breaks (2) fails.
 */

/** The BullMQ queue that carries research jobs of both kinds; the job name is the kind. */
export const RESEARCH_QUEUE = "research";

/** The BullMQ queue that carries batch completion callbacks; one job per batch. */
export const CALLBACK_QUEUE = "callbacks";

/** The BullMQ queue that carries list runs: one job per list (and per extension), which drives the list's research. */
export const LIST_QUEUE = "lists";

/** The BullMQ queue that carries watch runs: one job scheduler per watch, and runs asked for on demand. */
export const WATCH_QUEUE = "watches";

/** The BullMQ queue that carries watch change events to their callback URLs; one job per event. */
export const WATCH_CALLBACK_QUEUE = "watch-callbacks";

/** Redis key names under the deployment prefix (`REDIS_PREFIX`). */
export const redisKeys = {
  /** The finished response body of a job, as JSON text. */
  result: (prefix: string, jobId: string) => `${prefix}:result:${jobId}`,
  /** When a job's stored result was made, ms since epoch; written with the result, same lifetime. */
  resultAt: (prefix: string, jobId: string) => `${prefix}:result-at:${jobId}`,
  /**
   * A job's last response body that is not served to identical requests (an answer withheld because
   * an outside service failed, see `ResearchOutcome.reusable`): only the job's owner reads it, by
   * polling the job. A stored result written later removes it.
   */
  unsharedResult: (prefix: string, jobId: string) => `${prefix}:unshared-result:${jobId}`,
  /** The metadata of a job handle (`<jobId>.<digest>`), as JSON; kept as long as the job's owner. */
  jobMetadata: (prefix: string, handle: string) => `${prefix}:job-metadata:${handle}`,
  /** Id of the API key that owns a job; only that key may read it. */
  jobOwner: (prefix: string, jobId: string) => `${prefix}:job-owner:${jobId}`,
  /** Set of the gateway processes with a call waiting for a job; each is sent the job's completion notice. */
  jobWaiters: (prefix: string, jobId: string) => `${prefix}:job-waiters:${jobId}`,
  /** A job's progress events, a Redis Stream capped and expiring, one per job. */
  jobEvents: (prefix: string, jobId: string) => `${prefix}:job-events:${jobId}`,
  /** Set of batch ids that wait for a job's outcome. */
  jobBatches: (prefix: string, jobId: string) => `${prefix}:job-batches:${jobId}`,
  /** BullMQ's hash of one research job (its data, state fields and lock live beside it). */
  researchJob: (prefix: string, jobId: string) => `${prefix}:${RESEARCH_QUEUE}:${jobId}`,
  /** BullMQ's lock of a running research job: the token of the worker that runs it, with a time to live. */
  researchJobLock: (prefix: string, jobId: string) => `${prefix}:${RESEARCH_QUEUE}:${jobId}:lock`,
  /** BullMQ's set of running research jobs whose lock the next stalled-job check will look at. */
  researchStalled: (prefix: string) => `${prefix}:${RESEARCH_QUEUE}:stalled`,
  /** A short-lived key written to learn whether Redis takes writes (`/readyz`, a worker holding an outcome). */
  writeProbe: (prefix: string) => `${prefix}:write-probe`,
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
  /** The lease of the request making an `Idempotency-Key`'s batch: its token, expiring unless renewed. */
  batchIdempotencyLease: (prefix: string, keyId: string, keyHash: string) =>
    `${prefix}:batch-idempotency-lease:${keyId}:${keyHash}`,
  /** Set of a key's batches that are not done yet. */
  openBatches: (prefix: string, keyId: string) => `${prefix}:open-batches:${keyId}`,
  /** List of a key's batch items not yet handed to the queue, as JSON. */
  fairPending: (prefix: string, keyId: string) => `${prefix}:fair:pending:${keyId}`,
  /** Rotation of the key ids that have pending batch items. */
  fairRotation: (prefix: string) => `${prefix}:fair:rotation`,
  /** Set of the key ids in the rotation. */
  fairActive: (prefix: string) => `${prefix}:fair:active`,
  /** Entries a feeder took from the per-key lists and has not queued yet (found again if it dies). */
  fairFeeding: (prefix: string) => `${prefix}:fair:feeding`,
  /** Lock held by the one worker that feeds batch items into the queue at a time. */
  fairFeederLock: (prefix: string) => `${prefix}:fair:feeder-lock`,
  /** Hash of one list: its request, status, counts, usage and how far its runner got. */
  list: (prefix: string, listId: string) => `${prefix}:list:${listId}`,
  /** List of one list's candidates as JSON, in the order they are evaluated. */
  listCandidates: (prefix: string, listId: string) => `${prefix}:list:${listId}:candidates`,
  /** List of one list's waves as JSON (`{ batchId, start, end }`): the candidates each research batch covers. */
  listWaves: (prefix: string, listId: string) => `${prefix}:list:${listId}:waves`,
  /** List of one list's decided items as JSON, in the order decided (an item's index is its position). */
  listItems: (prefix: string, listId: string) => `${prefix}:list:${listId}:items`,
  /** Hash from candidate position to the index of its item: each candidate is decided once. */
  listDecided: (prefix: string, listId: string) => `${prefix}:list:${listId}:decided`,
  /** One list's events (candidate found, item decided, finished), a Redis Stream, capped. */
  listEvents: (prefix: string, listId: string) => `${prefix}:list:${listId}:events`,
  /** Sorted set of a key's lists scored by creation time (ms since epoch). */
  keyLists: (prefix: string, keyId: string) => `${prefix}:key-lists:${keyId}`,
  /** Set of a key's lists that are not finished. */
  openLists: (prefix: string, keyId: string) => `${prefix}:open-lists:${keyId}`,
  /** The list an `Idempotency-Key` made (see `batchIdempotency`; lists keep theirs apart). */
  listIdempotency: (prefix: string, keyId: string, keyHash: string) => `${prefix}:list-idempotency:${keyId}:${keyHash}`,
  /** The lease of the request making an `Idempotency-Key`'s list (see `batchIdempotencyLease`). */
  listIdempotencyLease: (prefix: string, keyId: string, keyHash: string) =>
    `${prefix}:list-idempotency-lease:${keyId}:${keyHash}`,
  /** State of one fleet-wide upstream limiter (a token bucket). */
  upstreamLimit: (prefix: string, name: string) => `${prefix}:upstream-limit:${name}`,
  /** A key's batch items submitted in one minute window. */
  keyItemWindow: (prefix: string, keyId: string, window: number) => `${prefix}:key-items:${keyId}:${window}`,
  /**
   * Sorted set of a key's batches still kept, as `<batch id>:<items>` scored by when they expire (ms
   * since epoch), so that `BATCH_MAX_KEPT_ITEMS` can count what the key keeps.
   */
  keyKeptBatches: (prefix: string, keyId: string) => `${prefix}:key-kept-batches:${keyId}`,
  /** The items of {@link redisKeys.keyKeptBatches} added up. */
  keyKeptItems: (prefix: string, keyId: string) => `${prefix}:key-kept-items:${keyId}`,
  /** Sorted set of the unknown or revoked API keys sent from one client address (a digest), scored by when (ms since epoch). */
  authFailures: (prefix: string, address: string) => `${prefix}:auth-failures:${address}`,
  /** Marks a key (a digest) used successfully from a client address (a digest), so that its throttle lets it by. */
  authKnownKey: (prefix: string, address: string, key: string) => `${prefix}:auth-known:${address}:${key}`,
  /** A key's synchronous call counter for one minute window. */
  keyCallWindow: (prefix: string, keyId: string, window: number) => `${prefix}:key-calls:${keyId}:${window}`,
  /**
   * Hash of one key's usage counters over one UTC day (`YYYY-MM-DD`). One script updates a key's day
   * and month together; on a cluster the prefix's hash tag comes first and puts both in its slot
   * (the key id's braces then change nothing; outside a cluster they keep a key's counters together).
   */
  usageDay: (prefix: string, keyId: string, day: string) => `${prefix}:usage:{${keyId}}:day:${day}`,
  /** Hash of one key's calls and tokens over one UTC month (`YYYY-MM`), checked against its limits. */
  usageMonth: (prefix: string, keyId: string, month: string) => `${prefix}:usage:{${keyId}}:month:${month}`,
  /** Hash of one watch: owner, what it asks, its interval, its last answer and state, its usage counters. */
  watch: (prefix: string, watchId: string) => `${prefix}:watch:${watchId}`,
  /** List of one watch's change events as JSON, newest first, trimmed to `WATCH_EVENTS_KEPT`. */
  watchEvents: (prefix: string, watchId: string) => `${prefix}:watch:${watchId}:events`,
  /** The run of a watch under way (its run id), so that one watch never runs twice at once; expires. */
  watchRunLock: (prefix: string, watchId: string) => `${prefix}:watch:${watchId}:run-lock`,
  /** Sorted set of a key's watches scored by creation time (ms since epoch): listing and the per-key cap. */
  keyWatches: (prefix: string, keyId: string) => `${prefix}:key-watches:${keyId}`,
  /** Hash from key id to the secret that signs that key's batch callbacks. */
  callbackSecrets: (prefix: string) => `${prefix}:callback-secrets`,
  /** Sorted set of worker ids scored by their last heartbeat (ms since epoch). */
  workers: (prefix: string) => `${prefix}:workers`,
  /**
   * What one worker last found of its outside services (the model endpoint, the search provider), as
   * JSON; written with each heartbeat and expiring with it, read by the gateway's `/readyz`.
   */
  workerChecks: (prefix: string, workerId: string) => `${prefix}:worker-checks:${workerId}`,
  /** Hash of fleet-wide counters written by workers and read by the gateway's /metrics. */
  metrics: (prefix: string) => `${prefix}:metrics`,
  /** Hash of API keys made with `dossier keys create`, by key id. */
  apiKeys: (prefix: string) => `${prefix}:apikeys`,
  /** Map from key hash to key id, for lookup on each call. */
  apiKeyHashes: (prefix: string) => `${prefix}:apikey-hashes`,
} as const;

/**
 * Redis pub/sub channels under the deployment prefix. A gateway subscribes to its own notice channel
 * and to the channels of the jobs and batches whose events it streams, so that any gateway serves
 * any job's events.
 */
export const redisChannels = {
  /** Completion notices for the calls one gateway process waits on (see `ResearchQueue`). */
  notices: (prefix: string, gatewayId: string) => `${prefix}:notices:${gatewayId}`,
  /** Announces each new entry of a job's event stream (the entry itself rides along). */
  jobEvents: (prefix: string, jobId: string) => `${prefix}:job-events:${jobId}`,
  /** Announces the id of an API key just revoked: every gateway ends that key's event streams. */
  keyRevocations: (prefix: string) => `${prefix}:key-revocations`,
  /** Announces that a batch's counts or status changed; the listener reads the batch. */
  batchEvents: (prefix: string, batchId: string) => `${prefix}:batch-events:${batchId}`,
  /** Announces each new entry of a list's event stream (its id rides along). */
  listEvents: (prefix: string, listId: string) => `${prefix}:list-events:${listId}`,
  /** Announces each recorded run of a watch (with its change event, if any), and its deletion. */
  watchEvents: (prefix: string, watchId: string) => `${prefix}:watch-events:${watchId}`,
} as const;

/**
 * The start of keys that are only read and written one at a time (caches, and which key read a
 * cached page): the prefix without its
 * hash tag, so that on a Redis Cluster they spread over every node. `{dossier}` and `dossier` both
 * give `dossier:page:` for `page`.
 */
export function spreadKeyPrefix(prefix: string, name: "page" | "search" | "page-read"): string {
  return `${prefix.replace(/[{}]/g, "")}:${name}:`;
}

/** BullMQ priorities; lower numbers run first. */
export const jobPriorities = {
  /** A caller waits on the HTTP connection. */
  sync: 1,
  /** A single call with `Prefer: respond-async`: nobody waits on a connection, but it is one call. */
  async: 2,
  /** A watch's run: nobody waits on a connection, and it is due on a schedule. */
  watch: 5,
  /** A batch item. */
  batch: 10,
} as const;
