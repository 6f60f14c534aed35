import type { Metadata } from "@dossier/contract";
import { type AddressPolicy, isOutboundRefusal, type OutboundTarget, resolveOutboundTarget } from "@dossier/egress";
import { DelayedError, type Job, UnrecoverableError, Worker } from "bullmq";
import type { BatchStore, BatchSummary } from "../batches/batch-store.js";
import type { ListStore } from "../lists/list-store.js";
import { listView } from "../lists/list-view.js";
import { CALLBACK_QUEUE } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { CALLBACK_SIGNATURE_HEADER, signCallback } from "./callback-signature.js";
import { deliverCallback } from "./deliver-callback.js";

export interface CallbackWorkerSettings {
  /** The connection of BullMQ's workers (role `blocking`, no pipelining); BullMQ duplicates its blocking one from it. */
  queueConnection: RedisClient;
  prefix: string;
  batches: BatchStore;
  /** Lists, whose completion callbacks (`list.completed`) ride the same queue. */
  lists?: ListStore;
  policy: AddressPolicy;
  /** Time one delivery may take in all, headers and body, in milliseconds (`CALLBACK_TIMEOUT_MS`). */
  timeoutMs: number;
  /** Told about every attempt, for the log. */
  onAttempt?: (event: { batchId: string; attempt: number; status?: number; error?: string }) => void;
}

/** The body of a batch completion callback. */
export interface BatchCallbackBody {
  type: "batch.completed";
  batch: {
    id: string;
    status: string;
    total: number;
    completed: number;
    failed: number;
    /** Items cancelled before they ran. */
    cancelled: number;
    createdAt: string;
    finishedAt: string | null;
    /** The batch's metadata, when it was given some. */
    metadata?: Metadata;
  };
  /** Path of the results, relative to the gateway. */
  resultsUrl: string;
}

/** Deliveries one worker process makes at once. */
export const CALLBACK_SLOTS = 8;

/**
 * Deliveries one API key's batches may have under way at once in one worker process: its share of
 * the slots. A key whose receivers are slow (or trickle on purpose) then holds one slot, at most
 * `CALLBACK_TIMEOUT_MS` a delivery, and the other keys' callbacks go out beside it.
 */
export const CALLBACK_SLOTS_PER_KEY = 1;

/** How long a delivery that would pass its key's share waits before it is offered again, in milliseconds. */
const DEFER_MS = 500;

/** One callback to send: the key it is for (its secret and its share of the slots) and the body. */
interface Delivery {
  keyId: string;
  /** The batch's or the list's id, for the log. */
  subjectId: string;
  callbackUrl: string;
  /** The `Dossier-Event` header: `batch.completed` or `list.completed`. */
  event: string;
  body: string;
}

/**
 * Delivers batch and list completion callbacks: signed POSTs, retried with exponential backoff and
 * jitter (the job's attempts) until the receiver answers 2xx. A URL that became unsafe is not
 * retried. Slots are shared fairly between API keys (`CALLBACK_SLOTS_PER_KEY`), batches and lists
 * alike: a delivery whose key already holds its share goes back to the queue for a moment, without
 * using up an attempt.
 */
export function createCallbackWorker(settings: CallbackWorkerSettings): Worker<{ batchId: string }> {
  const deliveringByKey = new Map<string, number>();
  const worker = new Worker<{ batchId: string }>(
    CALLBACK_QUEUE,
    async (job, token) => {
      const delivery =
        job.name === "list.completed"
          ? await listDelivery((job.data as unknown as { listId: string }).listId)
          : await batchDelivery(job.data.batchId);
      if (!delivery) return "gone";
      const holding = deliveringByKey.get(delivery.keyId) ?? 0;
      if (holding >= CALLBACK_SLOTS_PER_KEY && token) {
        await job.moveToDelayed(Date.now() + DEFER_MS, token);
        throw new DelayedError();
      }
      deliveringByKey.set(delivery.keyId, holding + 1);
      try {
        return await deliver(job, delivery);
      } finally {
        const left = (deliveringByKey.get(delivery.keyId) ?? 1) - 1;
        if (left > 0) deliveringByKey.set(delivery.keyId, left);
        else deliveringByKey.delete(delivery.keyId);
      }
    },
    {
      connection: settings.queueConnection,
      prefix: settings.prefix,
      concurrency: CALLBACK_SLOTS,
      runRetryDelay: 1_000,
      autorun: false,
    },
  );
  worker.on("error", () => {});
  return worker;

  /** A batch's completion callback; null when the batch is gone or has no callback URL. */
  async function batchDelivery(batchId: string): Promise<Delivery | null> {
    const batch = await settings.batches.get(batchId);
    if (!batch?.callbackUrl) return null;
    const payload: BatchCallbackBody = {
      type: "batch.completed",
      batch: batchOf(batch),
      resultsUrl: `/v1/batches/${batch.id}/results`,
    };
    return {
      keyId: batch.keyId,
      subjectId: batchId,
      callbackUrl: batch.callbackUrl,
      event: payload.type,
      body: JSON.stringify(payload),
    };
  }

  /** A list's completion callback: the list as `GET /v1/lists/{id}` answers it. */
  async function listDelivery(listId: string): Promise<Delivery | null> {
    const list = await settings.lists?.get(listId);
    if (!list?.callbackUrl) return null;
    const payload: ListCallbackBody = {
      type: "list.completed",
      list: listView(list),
      itemsUrl: `/v1/lists/${list.id}/items`,
    };
    return {
      keyId: list.keyId,
      subjectId: listId,
      callbackUrl: list.callbackUrl,
      event: payload.type,
      body: JSON.stringify(payload),
    };
  }

  async function deliver(job: Job<{ batchId: string }>, delivery: Delivery): Promise<string> {
    const { keyId, subjectId, callbackUrl, event, body } = delivery;
    const secret = await settings.batches.callbackSecret(keyId);
    const attempt = job.attemptsMade + 1;
    let target: OutboundTarget;
    try {
      target = await resolveOutboundTarget(callbackUrl, settings.policy);
    } catch (error) {
      settings.onAttempt?.({ batchId: subjectId, attempt, error: (error as Error).message });
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
          "Dossier-Event": event,
          "Dossier-Delivery": `${job.id}-${attempt}`,
          "user-agent": "Dossier-Callback/1",
        },
        settings.timeoutMs,
      ));
    } catch (error) {
      settings.onAttempt?.({ batchId: subjectId, attempt, error: (error as Error).message });
      throw error;
    }
    settings.onAttempt?.({ batchId: subjectId, attempt, status });
    if (status < 200 || status >= 300) throw new Error(`callback receiver answered ${status}`);
    return String(status);
  }
}

/** The batch as its completion callback tells it. */
function batchOf(batch: BatchSummary): BatchCallbackBody["batch"] {
  return {
    id: batch.id,
    status: batch.status,
    total: batch.total,
    completed: batch.completed,
    failed: batch.failed,
    cancelled: batch.cancelled,
    createdAt: batch.createdAt,
    finishedAt: batch.finishedAt,
    ...(batch.metadata ? { metadata: batch.metadata } : {}),
  };
}

/** The body of a list's completion callback: the list as `GET /v1/lists/{id}` answers it. */
export interface ListCallbackBody {
  type: "list.completed";
  list: ReturnType<typeof listView>;
  /** Path of the items, relative to the gateway. */
  itemsUrl: string;
}
