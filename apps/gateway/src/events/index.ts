export { BATCH_DONE_EVENT_ID, type BatchEventSource, streamBatchEvents } from "./batch-events.js";
export {
  type FollowedJob,
  type JobEventSource,
  QUEUED_EVENT_ID,
  STATE_END_EVENT_ID,
  streamJobEvents,
} from "./job-events.js";
export { streamWatchEvents, type WatchEventSource } from "./watch-events.js";
