import type { AddressPolicy } from "@dossier/egress";
import type { Worker } from "bullmq";
import { type CallbackWorkerSettings, createCallbackWorker } from "../callbacks/callback-worker.js";
import type { ListStore } from "../lists/list-store.js";
import type { RedisClient } from "../redis-connection.js";
import type { ReplicaConfirmation } from "../replica-confirmation.js";
import { BatchFeeder } from "./batch-feeder.js";
import { BatchStore } from "./batch-store.js";

/** How batches are kept, fed and retried. */
export interface BatchSettings {
  /** How long a batch and its results are kept, in seconds (`BATCH_TTL_SECONDS`). */
  ttlSeconds: number;
  /** Batch items kept waiting in the queue (`BATCH_FEED_AHEAD`). */
  feedAhead: number;
  /** Attempts of a batch item with a transient failure (`BATCH_JOB_ATTEMPTS`). */
  attempts: number;
  /** First retry delay, in milliseconds (`RETRY_BACKOFF_MS`). */
  retryBackoffMs: number;
}

/** How batch completion callbacks are delivered. */
export interface CallbackSettings {
  /** Delivery attempts (`CALLBACK_ATTEMPTS`). */
  attempts: number;
  /** First retry delay, in milliseconds (`CALLBACK_BACKOFF_MS`). */
  backoffMs: number;
  /** Time one delivery may take in all, headers and body, in milliseconds (`CALLBACK_TIMEOUT_MS`). */
  timeoutMs: number;
}

export interface BatchServicesSettings {
  prefix: string;
  /** The worker's connection (role `blocking`). */
  redis: RedisClient;
  /** The connection of BullMQ's queues and workers (role `blocking`, no pipelining). */
  queueConnection: RedisClient;
  /** Batch retention, feeding and retries, as configured (`BATCH_*`, `RETRY_BACKOFF_MS`). */
  batch: BatchSettings;
  /** Callback delivery, as configured (`CALLBACK_*`). */
  callback: CallbackSettings;
  /** The page fetcher's address rules, applied to callback URLs. */
  callbackPolicy: AddressPolicy;
  /** How long failed jobs stay inspectable, in seconds. Default 7 days. */
  failedRetentionSeconds?: number;
  onCallbackAttempt?: CallbackWorkerSettings["onAttempt"];
  /** Behind Sentinel: the confirmation of the worker's connection, for the feeder. */
  confirmation?: ReplicaConfirmation;
  /** A feed round failed (Redis away); it is tried again. */
  onError?: (error: unknown) => void;
  /** Told of fed entries taken off (or left on) the feeding list: see `BatchFeederSettings.onFed`. */
  onFed?: (jobIds: readonly string[], released: boolean) => void;
  /** Lists, whose completion callbacks the callback worker delivers too. */
  lists?: ListStore;
}

/** What a worker process runs besides research: batch bookkeeping, the fair feeder and callback delivery. */
export interface BatchServices {
  batches: BatchStore;
  feeder: BatchFeeder;
  callbackWorker: Worker<{ batchId: string }>;
  /**
   * Feeds again whenever the research worker finishes a batch item, so the queue never runs dry.
   * Other jobs leave the feeding to its regular rounds: a synchronous call costs no feed round.
   */
  attach(worker: Worker): void;
  close(): Promise<void>;
}

export function startBatchServices(settings: BatchServicesSettings): BatchServices {
  const batches = new BatchStore({
    prefix: settings.prefix,
    redis: settings.redis,
    queueConnection: settings.queueConnection,
    ttlSeconds: settings.batch.ttlSeconds,
    callbackAttempts: settings.callback.attempts,
    callbackBackoffMs: settings.callback.backoffMs,
  });
  const feeder = new BatchFeeder({
    prefix: settings.prefix,
    redis: settings.redis,
    queueConnection: settings.queueConnection,
    batches,
    feedAhead: settings.batch.feedAhead,
    attempts: settings.batch.attempts,
    backoffMs: settings.batch.retryBackoffMs,
    failedRetentionSeconds: settings.failedRetentionSeconds ?? 7 * 86_400,
    ...(settings.confirmation ? { confirmation: settings.confirmation } : {}),
    ...(settings.onError ? { onError: settings.onError } : {}),
    ...(settings.onFed ? { onFed: settings.onFed } : {}),
  });
  const callbackWorker = createCallbackWorker({
    queueConnection: settings.queueConnection,
    prefix: settings.prefix,
    batches,
    ...(settings.lists ? { lists: settings.lists } : {}),
    policy: settings.callbackPolicy,
    timeoutMs: settings.callback.timeoutMs,
    ...(settings.onCallbackAttempt ? { onAttempt: settings.onCallbackAttempt } : {}),
  });
  feeder.start();
  void callbackWorker.run();
  return {
    batches,
    feeder,
    callbackWorker,
    attach(worker) {
      const kickAfterBatchItem = (job: { data?: { origin?: string } } | undefined) => {
        if (job?.data?.origin === "batch") feeder.kick();
      };
      worker.on("completed", kickAfterBatchItem);
      worker.on("failed", kickAfterBatchItem);
    },
    async close() {
      await feeder.close();
      await callbackWorker.close().catch(() => {});
      await batches.close();
    },
  };
}
