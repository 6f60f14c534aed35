import { type Metadata, unavailable } from "@dossier/contract";
import type { RedisClient } from "@dossier/queue";
import {
  decodeFailure,
  type EventFeeds,
  isStreamId,
  type JobEventRecord,
  type JobFollow,
  type ResearchQueue,
  readJobEvent,
  TERMINAL_JOB_EVENTS,
  withMetadata,
} from "@dossier/queue";
import type { Response } from "express";
import type { EventStream, EventStreams } from "../http/event-stream.js";
import { problemBody } from "../http/problem.js";

/** What streaming a job's events needs. */
export interface JobEventSource {
  queue: ResearchQueue;
  feeds: EventFeeds;
  /** Command connection. */
  redis: RedisClient;
  prefix: string;
  streams: EventStreams;
}

/**
 * Ids of the events a gateway makes up from the job's state when its stream holds none: `queued`
 * before any worker reported, and the final event of a job whose events have expired. Both sort
 * before every real stream id, so resuming from them replays the whole stream.
 */
export const QUEUED_EVENT_ID = "0-1";
export const STATE_END_EVENT_ID = "0-2";

function timestamp(milliseconds: number): string {
  return JSON.stringify(new Date(milliseconds).toISOString());
}

/**
 * The job a client follows: the research job whose events are read, and the handle the client
 * knows it by (`<jobId>.<digest>` when the call carried metadata), whose metadata the result carries.
 */
export interface FollowedJob {
  jobId: string;
  handle: string;
  metadata: Metadata | null;
}

/** The public payload of a stored event: `{ jobId, at, ... }`, `jobId` being the client's handle. */
export function jobEventPayload(job: FollowedJob, record: JobEventRecord, requestId: string): string {
  const head = `{"jobId":${JSON.stringify(job.handle)},"at":${timestamp(record.at)}`;
  switch (record.event) {
    case "done":
      // The stored body is spliced in as it is: `result` is byte for byte the synchronous answer.
      return `${head},"result":${withMetadata(record.detail, job.metadata)}}`;
    case "failed":
      return `${head},"problem":${JSON.stringify(problemBody(decodeFailure(record.detail), requestId))}}`;
    default: {
      let detail: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(record.detail);
        if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
          detail = parsed as Record<string, unknown>;
      } catch {
        // A detail that is not an object adds nothing to the payload.
      }
      return JSON.stringify({ ...detail, jobId: job.handle, at: new Date(record.at).toISOString() });
    }
  }
}

/** True when the client's `Last-Event-ID` names the event that ended the job's stream. */
async function alreadyEnded(source: JobEventSource, jobId: string, lastEventId: string): Promise<boolean> {
  if (lastEventId === STATE_END_EVENT_ID) return true;
  if (!isStreamId(lastEventId) || lastEventId === QUEUED_EVENT_ID) return false;
  const seen = await readJobEvent(source.redis, source.prefix, jobId, lastEventId);
  return seen !== null && TERMINAL_JOB_EVENTS.has(seen.event);
}

/**
 * Streams a job's events to its owner (the caller checked the owner): those after `Last-Event-ID`
 * (all without it), then each new one, until `done` or `failed`. When the job's stream does not say
 * where it is, its state does: `queued` for a job no worker took yet, `done`/`failed` for one whose
 * events expired; the state is checked again at every heartbeat, so a lost announcement never leaves
 * the client waiting. A client resuming after the final event gets 204, which stops EventSource.
 */
export async function streamJobEvents(
  source: JobEventSource,
  response: Response,
  job: FollowedJob,
  keyId: string,
  lastEventId: string | undefined,
): Promise<void> {
  const { jobId } = job;
  const requestId = response.locals.requestId;
  const resumeAfter =
    lastEventId !== undefined && isStreamId(lastEventId) && lastEventId !== STATE_END_EVENT_ID
      ? lastEventId
      : undefined;
  let stream: EventStream | undefined;
  const held: JobEventRecord[] = [];
  let seenAny = resumeAfter !== undefined;
  const send = (event: string, data: string, id: string) => {
    if (!stream || stream.closed) return;
    stream.send(event, data, id);
    seenAny = true;
    if (event === "done" || event === "failed") stream.end();
  };
  const sendRecord = (record: JobEventRecord) => {
    if (!stream) held.push(record);
    else send(record.event, jobEventPayload(job, record, requestId), record.id);
  };

  let follow: JobFollow;
  try {
    if (lastEventId !== undefined && (await alreadyEnded(source, jobId, lastEventId))) {
      response.status(204).end();
      return;
    }
    follow = await source.feeds.followJob(jobId, resumeAfter, sendRecord);
  } catch (error) {
    throw unavailable("The event stream", error);
  }

  const checkState = async (initial: boolean) => {
    if (!stream || stream.closed) return;
    let view: Awaited<ReturnType<ResearchQueue["view"]>>;
    try {
      view = await source.queue.view(jobId, keyId);
    } catch {
      return; // Redis away for a moment: the next heartbeat looks again.
    }
    if (stream.closed) return;
    // The job ended: its last events may be stored but not yet arrived live. Read them first, so the
    // stream keeps every stage and ends with the job's own final event; the state's stands in only
    // when the stream has none (its events expired).
    if (view !== null && (view.status === "done" || view.status === "failed")) {
      await follow.catchUp().catch(() => {});
      if (stream.closed) return;
    }
    const at = timestamp(Date.now());
    const head = `{"jobId":${JSON.stringify(job.handle)},"at":${at}`;
    if (view === null) stream.end();
    else if (view.status === "done")
      send("done", `${head},"result":${withMetadata(view.body, job.metadata)}}`, STATE_END_EVENT_ID);
    else if (view.status === "failed")
      send("failed", `${head},"problem":${JSON.stringify(problemBody(view.error, requestId))}}`, STATE_END_EVENT_ID);
    else if (initial && !seenAny && view.status === "queued") send("queued", `${head}}`, QUEUED_EVENT_ID);
  };

  stream = source.streams.start(response, () => void checkState(false));
  stream.onClose(() => follow.stop());
  for (const record of held.splice(0)) sendRecord(record);
  await checkState(true);
}
