import type { Config } from "@dossier/config";
import type { Worker } from "bullmq";
import type { Redis } from "ioredis";
import { BatchFeeder } from "./batch-feeder.js";
import { BatchStore } from "./batch-store.js";
import type { CallbackAddressPolicy } from "./callback/callback-address.js";
import { type CallbackWorkerSettings, createCallbackWorker } from "./callback/callback-worker.js";

export interface BatchServicesSettings {
  redisUrl: string;
  prefix: string;
  /** Command connection for bookkeeping. */
  redis: Redis;
  /** Batch retention, feeding and retries, as configured (`BATCH_*`, `RETRY_BACKOFF_MS`). */
  batch: Config["batch"];
  /** Callback delivery, as configured (`CALLBACK_*`). */
  callback: Config["callback"];
  /** The page fetcher's address rules, applied to callback URLs. */
  callbackPolicy: CallbackAddressPolicy;
  /** How long failed jobs stay inspectable, in seconds. Default 7 days. */
  failedRetentionSeconds?: number;
  onCallbackAttempt?: CallbackWorkerSettings["onAttempt"];
  /** A feed round failed (Redis away); it is tried again. */
  onError?: (error: unknown) => void;
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
    redisUrl: settings.redisUrl,
    prefix: settings.prefix,
    redis: settings.redis,
    ttlSeconds: settings.batch.ttlSeconds,
    callbackAttempts: settings.callback.attempts,
    callbackBackoffMs: settings.callback.backoffMs,
  });
  const feeder = new BatchFeeder({
    redisUrl: settings.redisUrl,
    prefix: settings.prefix,
    redis: settings.redis,
    batches,
    feedAhead: settings.batch.feedAhead,
    attempts: settings.batch.attempts,
    backoffMs: settings.batch.retryBackoffMs,
    failedRetentionSeconds: settings.failedRetentionSeconds ?? 7 * 86_400,
    ...(settings.onError ? { onError: settings.onError } : {}),
  });
  const callbackWorker = createCallbackWorker({
    redisUrl: settings.redisUrl,
    prefix: settings.prefix,
    batches,
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
