import { unavailable } from "@dossier/contract";
import { type EventFeeds, type ListStore, listView, redisChannels, type StoredList } from "@dossier/queue";
import type { Response } from "express";
import type { EventStream, EventStreams } from "../http/event-stream.js";

/** What streaming a list's events needs. */
export interface ListEventSource {
  lists: ListStore;
  feeds: EventFeeds;
  streams: EventStreams;
  /** Key prefix, for the list's channel. */
  prefix: string;
}

/** The id of a list's final event; a client resuming from it gets 204. */
export const LIST_DONE_EVENT_ID = "done";

/** True when nothing will be added to a list any more. */
export function isListFinished(list: Pick<StoredList, "status">): boolean {
  return list.status === "done" || list.status === "failed" || list.status === "cancelled";
}

/**
 * Streams a list's events to its owner (the caller checked the owner): the events after
 * `Last-Event-ID` that the list's stream still keeps (all of them without it), then each new one:
 * `candidate`, `matched`, `unmatched`, `unclear` (the item with its verdicts) and `progress` (the
 * list, read when the event is sent), then `done` with the list, which ends the stream.
 */
export async function streamListEvents(
  source: ListEventSource,
  response: Response,
  list: StoredList,
  lastEventId: string | undefined,
): Promise<void> {
  if (lastEventId === LIST_DONE_EVENT_ID && isListFinished(list)) {
    response.status(204).end();
    return;
  }
  let last = lastEventId && /^\d{1,20}-\d{1,20}$/.test(lastEventId) ? lastEventId : undefined;
  let stream: EventStream | undefined;
  let pumping = false;
  let again = false;

  const sendDone = (current: StoredList) => {
    if (!stream || stream.closed) return;
    stream.send("done", JSON.stringify(listView(current)), LIST_DONE_EVENT_ID);
    stream.end();
  };
  /** Sends every stored event after the last one sent, then `done` once the list is finished. */
  const pump = async () => {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        for (;;) {
          if (!stream || stream.closed) return;
          const records = await source.lists.readEvents(list.id, last, 500);
          // Item events carry the item's index; the items of one read are fetched at once.
          const indexes = records
            .filter(
              (record) => record.event === "matched" || record.event === "unmatched" || record.event === "unclear",
            )
            .map((record) => (JSON.parse(record.data) as { index: number }).index);
          const items = new Map(
            (await source.lists.readItemsAt(list.id, indexes)).flatMap((item) => (item ? [[item.index, item]] : [])),
          );
          let current: StoredList | null = null;
          for (const record of records) {
            if (stream.closed) return;
            last = record.id;
            if (record.event === "done") {
              current ??= await source.lists.get(list.id);
              if (current) sendDone(current);
              return;
            }
            if (record.event === "progress") {
              current ??= await source.lists.get(list.id);
              if (current) stream.send("progress", JSON.stringify(listView(current)), record.id);
              continue;
            }
            if (record.event === "candidate") {
              stream.send("candidate", record.data, record.id);
              continue;
            }
            const item = items.get((JSON.parse(record.data) as { index: number }).index);
            if (item) stream.send(record.event, JSON.stringify(item), record.id);
          }
          if (records.length < 500) break;
        }
        const current = await source.lists.get(list.id);
        // A cancelled list ends its stream at once; a done or failed one with its `done` event above.
        if (current && current.status === "cancelled") sendDone(current);
      } while (again);
    } finally {
      pumping = false;
    }
  };
  const retry = () => void pump().catch(() => {});

  let unlisten: () => void;
  try {
    unlisten = await source.feeds.listen(redisChannels.listEvents(source.prefix, list.id), {
      message: retry,
      resync: retry,
    });
  } catch (error) {
    throw unavailable("The event stream", error);
  }
  stream = source.streams.start(response, retry);
  stream.onClose(() => unlisten());
  stream.send("progress", JSON.stringify(listView(list)), last);
  await pump().catch(() => {});
}
