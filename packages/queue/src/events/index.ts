export { type ChannelListener, ChannelSubscriber } from "./channel-subscriber.js";
export { EventFeeds, type EventFeedsSettings, type JobFollow } from "./event-feeds.js";
export {
  appendJobEvent,
  compareStreamIds,
  isStreamId,
  JOB_EVENTS_MAX_ENTRIES,
  JOB_EVENTS_TTL_SECONDS,
  type JobEventName,
  type JobEventRecord,
  parseJobEventMessage,
  readJobEvent,
  readJobEvents,
  TERMINAL_JOB_EVENTS,
} from "./job-event-log.js";
