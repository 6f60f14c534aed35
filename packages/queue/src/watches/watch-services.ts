import type { RedisTarget } from "@dossier/config";
import type { AddressPolicy } from "@dossier/egress";
import type { Worker } from "bullmq";
import type { CallbackSettings } from "../batches/batch-services.js";
import { ResearchQueue } from "../jobs/research-queue.js";
import { ApiKeyStore } from "../keys/api-key-store.js";
import type { RedisClient } from "../redis-connection.js";
import type { ReplicaConfirmation } from "../replica-confirmation.js";
import { WatchCallbacks } from "./watch-callbacks.js";
import { createWatchWorker, type WatchRunReport } from "./watch-runner.js";
import { type WatchRunData, WatchSchedule } from "./watch-schedule.js";
import { WatchStore } from "./watch-store.js";
import type { ListWatchSettings } from "./watched-list-run.js";

/** How watches run, as configured (`WATCH_*`). */
export interface WatchSettings {
  /** Watches one key may hold (`WATCH_MAX_PER_KEY`). */
  maxPerKey: number;
  /** Change events kept per watch (`WATCH_EVENTS_KEPT`). */
  eventsKept: number;
  /** Runs one worker process waits on at once (`WATCH_CONCURRENCY`). */
  concurrency: number;
  /** How long a run waits for its research, in milliseconds (`WATCH_RUN_TIMEOUT_MS`). */
  runTimeoutMs: number;
}

export interface WatchServicesSettings {
  /** Where Redis is: the runs wait on their research through a research queue of their own. */
  target: RedisTarget;
  prefix: string;
  /** The worker's connection (role `blocking`). */
  redis: RedisClient;
  /** The connection of BullMQ's queues and workers (role `blocking`, no pipelining). */
  queueConnection: RedisClient;
  watch: WatchSettings;
  /** Callback delivery, as for batches (`CALLBACK_*`). */
  callback: CallbackSettings;
  /** The page fetcher's address rules, applied to callback URLs. */
  callbackPolicy: AddressPolicy;
  /** Keys from `API_KEYS`. */
  apiKeys: readonly string[];
  /** BullMQ job lock, in milliseconds (`JOB_LOCK_MS`). */
  lockMs: number;
  onRun?: (report: WatchRunReport) => void;
  /** Lists, for watches on a list (docs/watches.md); absent, such a watch's runs fail saying so. */
  lists?: ListWatchSettings;
  /** Behind Sentinel: the confirmation of `redis` and `queueConnection`, for the runs' starts and records. */
  confirmation?: ReplicaConfirmation;
  onCallbackAttempt?: (event: {
    watchId: string;
    eventId: string;
    attempt: number;
    status?: number;
    error?: string;
  }) => void;
}

/** What a worker process runs for watches: their runs and the delivery of their events. */
export interface WatchServices {
  worker: Worker<WatchRunData>;
  start(): void;
  /** Takes no new runs, waits up to `graceMs` for those under way, then leaves them to be taken over. */
  close(graceMs: number): Promise<void>;
}

export function startWatchServices(settings: WatchServicesSettings): WatchServices {
  const store = new WatchStore({
    prefix: settings.prefix,
    redis: settings.redis,
    maxPerKey: settings.watch.maxPerKey,
    eventsKept: settings.watch.eventsKept,
  });
  const schedule = new WatchSchedule({ prefix: settings.prefix, queueConnection: settings.queueConnection });
  const research = new ResearchQueue({ target: settings.target, prefix: settings.prefix });
  const callbacks = new WatchCallbacks({
    prefix: settings.prefix,
    queueConnection: settings.queueConnection,
    store,
    policy: settings.callbackPolicy,
    attempts: settings.callback.attempts,
    backoffMs: settings.callback.backoffMs,
    timeoutMs: settings.callback.timeoutMs,
    ...(settings.onCallbackAttempt ? { onAttempt: settings.onCallbackAttempt } : {}),
  });
  const worker = createWatchWorker({
    prefix: settings.prefix,
    redis: settings.redis,
    queueConnection: settings.queueConnection,
    store,
    schedule,
    research,
    keys: new ApiKeyStore(settings.redis, settings.prefix, settings.apiKeys),
    callbacks,
    concurrency: settings.watch.concurrency,
    lockMs: settings.lockMs,
    runTimeoutMs: settings.watch.runTimeoutMs,
    ...(settings.onRun ? { onRun: settings.onRun } : {}),
    ...(settings.lists ? { lists: settings.lists } : {}),
    ...(settings.confirmation ? { confirmation: settings.confirmation } : {}),
  });
  return {
    worker,
    start() {
      void worker.run();
      callbacks.start();
    },
    async close(graceMs) {
      const finished = worker.close().then(() => true);
      const graceOver = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs).unref());
      // Runs still waiting on their research keep their ids: another worker takes them over and records each once.
      if (!(await Promise.race([finished, graceOver]))) await worker.close(true).catch(() => {});
      await callbacks.close();
      await schedule.close();
      await research.close();
    },
  };
}
