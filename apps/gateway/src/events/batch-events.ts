import { unavailable } from "@dossier/contract";
import { type BatchStore, type BatchSummary, type EventFeeds, isBatchFinished } from "@dossier/queue";
import type { Response } from "express";
import type { EventStreams } from "../http/event-stream.js";

/** What streaming a batch's events needs. */
export interface BatchEventSource {
  batches: BatchStore;
  feeds: EventFeeds;
  streams: EventStreams;
  /** The public view of a batch, as `GET /v1/batches/{id}` answers it. */
  view: (summary: BatchSummary) => Record<string, unknown>;
}

/** Least time between two `progress` events of one stream, in milliseconds (at most twice a second). */
export const BATCH_PROGRESS_INTERVAL_MS = 500;

/** The id of a batch's final event; a client resuming from it gets 204. */
export const BATCH_DONE_EVENT_ID = "done";

/**
 * Streams a batch's progress to its owner (the caller checked the owner): its counts at once, then
 * whenever they change, at most every 500 ms, and `done` when it finishes. The counts are a
 * snapshot, so a resumed stream (`Last-Event-ID`) starts from the current one.
 */
export async function streamBatchEvents(
  source: BatchEventSource,
  response: Response,
  summary: BatchSummary,
  lastEventId: string | undefined,
): Promise<void> {
  if (lastEventId === BATCH_DONE_EVENT_ID && isBatchFinished(summary)) {
    response.status(204).end();
    return;
  }
  let stream: ReturnType<EventStreams["start"]> | undefined;
  let lastSentAt = 0;
  let lastCounts = "";
  let latest: BatchSummary = summary;
  let timer: NodeJS.Timeout | undefined;

  const emit = () => {
    if (!stream || stream.closed) return;
    const current = latest;
    if (isBatchFinished(current)) {
      stream.send("done", JSON.stringify(source.view(current)), BATCH_DONE_EVENT_ID);
      stream.end();
      return;
    }
    const counts = `${current.status}/${current.completed}/${current.failed}/${current.cancelled}`;
    if (counts === lastCounts) return;
    lastCounts = counts;
    lastSentAt = Date.now();
    stream.send(
      "progress",
      JSON.stringify(source.view(current)),
      `p-${current.completed + current.failed + current.cancelled}`,
    );
  };
  const offer = (next: BatchSummary) => {
    latest = next;
    const wait = lastSentAt + BATCH_PROGRESS_INTERVAL_MS - Date.now();
    if (isBatchFinished(next) || wait <= 0) {
      clearTimeout(timer);
      timer = undefined;
      emit();
    } else {
      timer ??= setTimeout(() => {
        timer = undefined;
        emit();
      }, wait);
    }
  };

  let stopFollowing: () => void;
  try {
    stopFollowing = await source.feeds.followBatch(summary.id, offer);
  } catch (error) {
    throw unavailable("The event stream", error);
  }
  const readAgain = () =>
    void source.batches
      .get(summary.id)
      .then((current) => {
        if (current) offer(current);
      })
      .catch(() => {});
  stream = source.streams.start(response, readAgain);
  stream.onClose(() => {
    clearTimeout(timer);
    stopFollowing();
  });
  // Read after following began, so that no change between the caller's read and now is missed.
  const current = await source.batches.get(summary.id).catch(() => summary);
  offer(current ?? summary);
}
