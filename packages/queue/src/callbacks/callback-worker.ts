import type { Metadata } from "@dossier/contract";
import { type AddressPolicy, isOutboundRefusal, type OutboundTarget, resolveOutboundTarget } from "@dossier/egress";
import { type Job, UnrecoverableError, Worker } from "bullmq";
import type { BatchStore } from "../batches/batch-store.js";
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
  /** Time one delivery may take, in milliseconds (`CALLBACK_TIMEOUT_MS`). */
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

/**
 * Delivers batch completion callbacks: signed POSTs, retried with exponential backoff and jitter
 * (the job's attempts) until the receiver answers 2xx. A URL that became unsafe is not retried.
 */
export function createCallbackWorker(settings: CallbackWorkerSettings): Worker<{ batchId: string }> {
  const worker = new Worker<{ batchId: string }>(
    CALLBACK_QUEUE,
    async (job) => {
      if (job.name === "list.completed")
        return deliverListCallback(job as unknown as Job<{ listId: string }>, settings);
      const { batchId } = job.data;
      const batch = await settings.batches.get(batchId);
      if (!batch?.callbackUrl) return "gone";
      const payload: BatchCallbackBody = {
        type: "batch.completed",
        batch: {
          id: batch.id,
          status: batch.status,
          total: batch.total,
          completed: batch.completed,
          failed: batch.failed,
          cancelled: batch.cancelled,
          createdAt: batch.createdAt,
          finishedAt: batch.finishedAt,
          ...(batch.metadata ? { metadata: batch.metadata } : {}),
        },
        resultsUrl: `/v1/batches/${batch.id}/results`,
      };
      const body = JSON.stringify(payload);
      const secret = await settings.batches.callbackSecret(batch.keyId);
      const attempt = job.attemptsMade + 1;
      let target: OutboundTarget;
      try {
        target = await resolveOutboundTarget(batch.callbackUrl, settings.policy);
      } catch (error) {
        settings.onAttempt?.({ batchId, attempt, error: (error as Error).message });
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
            "Dossier-Event": "batch.completed",
            "Dossier-Delivery": `${job.id}-${attempt}`,
            "user-agent": "Dossier-Callback/1",
          },
          settings.timeoutMs,
        ));
      } catch (error) {
        settings.onAttempt?.({ batchId, attempt, error: (error as Error).message });
        throw error;
      }
      settings.onAttempt?.({ batchId, attempt, status });
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
  worker.on("error", () => {});
  return worker;
}

/** The body of a list's completion callback: the list as `GET /v1/lists/{id}` answers it. */
export interface ListCallbackBody {
  type: "list.completed";
  list: ReturnType<typeof listView>;
  /** Path of the items, relative to the gateway. */
  itemsUrl: string;
}

/** Delivers one list's completion callback, signed with its key's secret as a batch's is. */
async function deliverListCallback(job: Job<{ listId: string }>, settings: CallbackWorkerSettings): Promise<string> {
  const { listId } = job.data;
  const list = await settings.lists?.get(listId);
  if (!list?.callbackUrl) return "gone";
  const payload: ListCallbackBody = {
    type: "list.completed",
    list: listView(list),
    itemsUrl: `/v1/lists/${list.id}/items`,
  };
  const body = JSON.stringify(payload);
  const secret = await settings.batches.callbackSecret(list.keyId);
  const attempt = job.attemptsMade + 1;
  let target: OutboundTarget;
  try {
    target = await resolveOutboundTarget(list.callbackUrl, settings.policy);
  } catch (error) {
    settings.onAttempt?.({ batchId: listId, attempt, error: (error as Error).message });
    if (isOutboundRefusal(error)) throw new UnrecoverableError(`callback URL refused: ${error.detail}`);
    throw error;
  }
  const { status } = await deliverCallback(
    target,
    body,
    {
      [CALLBACK_SIGNATURE_HEADER]: signCallback(secret, body),
      "Dossier-Event": "list.completed",
      "Dossier-Delivery": `${job.id}-${attempt}`,
      "user-agent": "Dossier-Callback/1",
    },
    settings.timeoutMs,
  );
  settings.onAttempt?.({ batchId: listId, attempt, status });
  if (status < 200 || status >= 300) throw new Error(`callback receiver answered ${status}`);
  return String(status);
}
