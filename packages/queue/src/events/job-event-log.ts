import { redisChannels, redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";

/** The stages of a research job, in the order they happen; `done` and `failed` end it. */
export type JobEventName = "queued" | "searching" | "reading" | "answering" | "verifying" | "done" | "failed";

/** The events after which a job has nothing more to say. */
export const TERMINAL_JOB_EVENTS: ReadonlySet<JobEventName> = new Set(["done", "failed"]);

/** One entry of a job's event stream. */
export interface JobEventRecord {
  /** The Redis Stream entry id (`<ms>-<seq>`): the SSE event id, and what `Last-Event-ID` resumes from. */
  id: string;
  event: JobEventName;
  /** When the event happened, in ms since the epoch. */
  at: number;
  /**
   * The event's detail as stored: a JSON object for the stages (`{"pages":5}`), the response body for
   * `done`, the encoded failure for `failed`. The gateway turns it into the public payload.
   */
  detail: string;
}

/** Entries a job's stream keeps at most (a job has a handful; retries add a few). */
export const JOB_EVENTS_MAX_ENTRIES = 64;

/** How long a job's events are kept after its last one, in seconds (1 hour). Its result outlives them. */
export const JOB_EVENTS_TTL_SECONDS = 3_600;

/**
 * Appends an event to a job's stream, refreshes the stream's expiry and announces the entry on the
 * job's channel, all at once. A stage event that follows a terminal one means the job runs again
 * (a failed job asked for anew): the old run's events are dropped first, so that a reader never
 * takes the old `failed` for the new run's end. Only a run's first event can follow a terminal one:
 * ARGV[7] '0' says the event is not, and skips the look.
 */
const APPEND_SCRIPT = new RedisScript(`
if ARGV[1] ~= 'done' and ARGV[1] ~= 'failed' and ARGV[7] ~= '0' then
  local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)[1]
  if last then
    local fields = last[2]
    for index = 1, #fields, 2 do
      if fields[index] == 'e' and (fields[index + 1] == 'done' or fields[index + 1] == 'failed') then
        redis.call('DEL', KEYS[1])
      end
    end
  end
end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[4], '*', 'e', ARGV[1], 't', ARGV[2], 'd', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('PUBLISH', ARGV[6], id .. '\\n' .. ARGV[1] .. '\\n' .. ARGV[2] .. '\\n' .. ARGV[3])
return id
`);

/**
 * Appends one event to a job's stream and announces it to every gateway following the job. Returns
 * its id. `laterInRun`: the run that reports it has appended an event already (so the stream's last
 * entry is not a previous run's end).
 */
export async function appendJobEvent(
  redis: RedisClient,
  prefix: string,
  jobId: string,
  event: JobEventName,
  detail = "{}",
  laterInRun = false,
): Promise<string> {
  return (await APPEND_SCRIPT.run(
    redis,
    [redisKeys.jobEvents(prefix, jobId)],
    [
      event,
      Date.now(),
      detail,
      JOB_EVENTS_MAX_ENTRIES,
      JOB_EVENTS_TTL_SECONDS,
      redisChannels.jobEvents(prefix, jobId),
      laterInRun ? "0" : "1",
    ],
  )) as string;
}

/** Parses an announcement published by {@link appendJobEvent}; null when it is not one. */
export function parseJobEventMessage(message: string): JobEventRecord | null {
  const parts = message.split("\n");
  if (parts.length < 4) return null;
  const [id, event, at] = parts as [string, string, string];
  return { id, event: event as JobEventName, at: Number(at), detail: parts.slice(3).join("\n") };
}

function toRecord([id, fields]: [string, string[]]): JobEventRecord {
  const values = new Map<string, string>();
  for (let index = 0; index + 1 < fields.length; index += 2) values.set(fields[index]!, fields[index + 1]!);
  return {
    id,
    event: (values.get("e") ?? "queued") as JobEventName,
    at: Number(values.get("t") ?? 0),
    detail: values.get("d") ?? "{}",
  };
}

/** The job's events after `afterId` (all of them without it), oldest first. */
export async function readJobEvents(
  redis: RedisClient,
  prefix: string,
  jobId: string,
  afterId?: string,
): Promise<JobEventRecord[]> {
  const entries = (await redis.xrange(
    redisKeys.jobEvents(prefix, jobId),
    afterId === undefined ? "-" : `(${afterId}`,
    "+",
  )) as Array<[string, string[]]>;
  return entries.map(toRecord);
}

/** The one event with this id, or null when the stream no longer holds it. */
export async function readJobEvent(
  redis: RedisClient,
  prefix: string,
  jobId: string,
  id: string,
): Promise<JobEventRecord | null> {
  const entries = (await redis.xrange(redisKeys.jobEvents(prefix, jobId), id, id)) as Array<[string, string[]]>;
  const first = entries[0];
  return first ? toRecord(first) : null;
}

/** True for a Redis Stream entry id (`<ms>-<seq>`), the only form `Last-Event-ID` takes for a job. */
export function isStreamId(value: string): boolean {
  return /^\d{1,20}-\d{1,20}$/.test(value);
}

/** Orders two stream ids: negative when `a` comes first. */
export function compareStreamIds(a: string, b: string): number {
  const [aTime = 0, aSequence = 0] = a.split("-").map(Number);
  const [bTime = 0, bSequence = 0] = b.split("-").map(Number);
  return aTime !== bTime ? aTime - bTime : aSequence - bSequence;
}
