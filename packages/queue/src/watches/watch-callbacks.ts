import type { Metadata, WatchEvent } from "@dossier/contract";
import { type AddressPolicy, isOutboundRefusal, type OutboundTarget, resolveOutboundTarget } from "@dossier/egress";
import { Queue, UnrecoverableError, Worker } from "bullmq";
import { CALLBACK_SIGNATURE_HEADER, signCallback } from "../callbacks/callback-signature.js";
import { deliverCallback } from "../callbacks/deliver-callback.js";
import { WATCH_CALLBACK_QUEUE } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import type { WatchStore } from "./watch-store.js";

/** The body POSTed to a watch's callback URL for each change event. */
export interface WatchCallbackBody {
  type: "watch.changed";
  /** The event, exactly as `GET /v1/watches/{id}/events` lists it. */
  event: WatchEvent;
  watch: { id: string; metadata?: Metadata };
  /** Path of the watch, relative to the gateway. */
  watchUrl: string;
}

interface WatchCallbackData {
  watchId: string;
  eventId: string;
}

export interface WatchCallbackSettings {
  prefix: string;
  /** The connection of BullMQ's queues and workers (role `blocking`, no pipelining). */
  queueConnection: RedisClient;
  store: WatchStore;
  /** The page fetcher's address rules, checked again at every delivery. */
  policy: AddressPolicy;
  /** Delivery attempts (`CALLBACK_ATTEMPTS`). */
  attempts: number;
  /** First retry delay, in milliseconds, doubling with jitter (`CALLBACK_BACKOFF_MS`). */
  backoffMs: number;
  /** Time one delivery may take, in milliseconds (`CALLBACK_TIMEOUT_MS`). */
  timeoutMs: number;
  /** Told about every attempt, for the log. */
  onAttempt?: (event: { watchId: string; eventId: string; attempt: number; status?: number; error?: string }) => void;
}

/**
 * Delivers watch change events to their callback URLs with the batch callbacks' signature
 * (`Dossier-Signature`, the key's callback secret), retried with exponential backoff and jitter
 * until the receiver answers 2xx. One job per event, its id the event's: an event queued again
 * (a run recorded again after a crash) is delivered once. A watch deleted meanwhile sends nothing.
 */
export class WatchCallbacks {
  private readonly queue: Queue<WatchCallbackData>;
  private worker: Worker<WatchCallbackData> | null = null;

  constructor(private readonly settings: WatchCallbackSettings) {
    this.queue = new Queue<WatchCallbackData>(WATCH_CALLBACK_QUEUE, {
      connection: settings.queueConnection,
      prefix: settings.prefix,
    });
    this.queue.on("error", () => {});
  }

  /** Queues the delivery of one event. */
  async enqueue(watchId: string, eventId: string): Promise<void> {
    await this.queue.add(
      "deliver",
      { watchId, eventId },
      {
        jobId: eventId,
        attempts: this.settings.attempts,
        backoff: { type: "exponential", delay: this.settings.backoffMs, jitter: 0.5 },
        removeOnComplete: { age: 7 * 86_400 },
        removeOnFail: { age: 7 * 86_400 },
      },
    );
  }

  /** Starts delivering, in this process. */
  start(): void {
    const { settings } = this;
    this.worker = new Worker<WatchCallbackData>(
      WATCH_CALLBACK_QUEUE,
      async (job) => {
        const { watchId, eventId } = job.data;
        const watch = await settings.store.get(watchId);
        if (!watch?.callbackUrl) return "gone";
        const event = await settings.store.event(watchId, eventId);
        if (!event) return "gone";
        const payload: WatchCallbackBody = {
          type: "watch.changed",
          event,
          watch: { id: watch.id, ...(watch.metadata ? { metadata: watch.metadata } : {}) },
          watchUrl: `/v1/watches/${watch.id}`,
        };
        const body = JSON.stringify(payload);
        const secret = await settings.store.callbackSecret(watch.keyId);
        const attempt = job.attemptsMade + 1;
        let target: OutboundTarget;
        try {
          target = await resolveOutboundTarget(watch.callbackUrl, settings.policy);
        } catch (error) {
          settings.onAttempt?.({ watchId, eventId, attempt, error: (error as Error).message });
          if (isOutboundRefusal(error)) throw new UnrecoverableError(`callback URL refused: ${error.detail}`);
          throw error;
        }
        let status: number;
        try {
          ({ status } = await deliverCallback(
            target,
            body,
            {
              [CALLBACK_SIGNATURE_HEADER]: signCallback(secret, body),
              "Dossier-Event": "watch.changed",
              "Dossier-Delivery": `${eventId}-${attempt}`,
              "user-agent": "Dossier-Callback/1",
            },
            settings.timeoutMs,
          ));
        } catch (error) {
          settings.onAttempt?.({ watchId, eventId, attempt, error: (error as Error).message });
          throw error;
        }
        settings.onAttempt?.({ watchId, eventId, attempt, status });
        if (status < 200 || status >= 300) throw new Error(`callback receiver answered ${status}`);
        return String(status);
      },
      {
        connection: settings.queueConnection,
        prefix: settings.prefix,
        concurrency: 4,
        runRetryDelay: 1_000,
        autorun: false,
      },
    );
    this.worker.on("error", () => {});
    void this.worker.run();
  }

  async close(): Promise<void> {
    await this.worker?.close().catch(() => {});
    await this.queue.close().catch(() => {});
  }
}
