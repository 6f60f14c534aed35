import { unavailable, type WatchEvent } from "@dossier/contract";
import type { WatchAnnouncement, WatchFeed, WatchRecord, WatchSchedule, WatchStore } from "@dossier/queue";
import type { Response } from "express";
import type { EventStreams } from "../http/event-stream.js";
import { readWatchView } from "../routes/watch-view.js";

/** What streaming a watch's events needs. */
export interface WatchEventSource {
  store: WatchStore;
  schedule: WatchSchedule;
  feed: WatchFeed;
  streams: EventStreams;
}

/** Change events kept that are newer than `lastEventId`, oldest first; all kept when the id is not among them. */
async function eventsAfter(store: WatchStore, watchId: string, lastEventId: string): Promise<WatchEvent[]> {
  const page = await store.events(watchId, { limit: 1_000 });
  const events = page?.events ?? [];
  const index = events.findIndex((event) => event.id === lastEventId);
  return (index < 0 ? events : events.slice(0, index)).reverse();
}

/**
 * Streams a watch's events to its owner (the caller checked the owner): `watch` with the watch as
 * `GET /v1/watches/{id}` answers it, at once; then `run` when a run is recorded (its `lastRun`) and
 * `change` with each change event (its id is the event's, so `Last-Event-ID` resumes after it:
 * the events missed meanwhile are sent first); `deleted` ends the stream when the watch is deleted.
 */
export async function streamWatchEvents(
  source: WatchEventSource,
  response: Response,
  record: WatchRecord,
  lastEventId: string | undefined,
): Promise<void> {
  const sent = new Set<string>();
  let stream: ReturnType<EventStreams["start"]> | undefined;
  const sendChange = (event: WatchEvent) => {
    if (!stream || sent.has(event.id)) return;
    sent.add(event.id);
    stream.send("change", JSON.stringify(event), event.id);
  };
  // Announcements wait until the missed events are sent, so that events go out in the order they happened.
  const held: WatchAnnouncement[] = [];
  let holding = true;
  const announce = (announcement: WatchAnnouncement) => {
    if (holding) {
      held.push(announcement);
      return;
    }
    if (!stream) return;
    if (announcement.type === "deleted") {
      stream.send("deleted", JSON.stringify({ watchId: record.id }));
      stream.end();
      return;
    }
    if (announcement.event) sendChange(announcement.event);
    if (announcement.lastRun) stream.send("run", JSON.stringify({ watchId: record.id, lastRun: announcement.lastRun }));
  };
  // After a lost connection, the changes recorded meanwhile are read back (the newest kept).
  const catchUp = () =>
    void source.store
      .events(record.id, { limit: 20 })
      .then((page) => {
        for (const event of [...(page?.events ?? [])].reverse()) if (event.detectedAt >= startedAt) sendChange(event);
      })
      .catch(() => {});
  const startedAt = new Date().toISOString();

  let stopFollowing: () => void;
  try {
    stopFollowing = await source.feed.follow(record.id, announce, catchUp);
  } catch (error) {
    throw unavailable("The event stream", error);
  }
  const view = await readWatchView(source.schedule, record).catch((error: unknown) => {
    stopFollowing();
    throw error;
  });
  stream = source.streams.start(response);
  stream.onClose(stopFollowing);
  stream.send("watch", JSON.stringify(view));
  if (lastEventId !== undefined) {
    const missed = await eventsAfter(source.store, record.id, lastEventId).catch(() => []);
    for (const event of missed) sendChange(event);
  }
  holding = false;
  for (const announcement of held.splice(0)) announce(announcement);
}
