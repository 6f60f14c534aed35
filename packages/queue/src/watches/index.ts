export { type AnswerMemory, type Comparison, compareAnswers, type FieldMemory } from "./compare-answers.js";
export {
  compareListItems,
  LIST_ITEMS_FIELD,
  type ListComparison,
  type ListIdentity,
  type ListItemsMemory,
  type ListRunFindings,
  type RememberedItem,
  type WatchedItem,
} from "./compare-list-items.js";
export { type Observation, type ObservedResponse, observeAnswer, type StatedValue } from "./observe-answer.js";
export { itemKey, readQuantity, sameValue } from "./same-value.js";
export { type WatchCallbackBody, type WatchCallbackSettings, WatchCallbacks } from "./watch-callbacks.js";
export { WatchFeed } from "./watch-feed.js";
export type {
  ProblemSummary,
  RunRecord,
  StoredWatchTarget,
  WatchedListDefinition,
  WatchedListSummary,
  WatchRecord,
  WatchRunSummary,
  WatchTrigger,
} from "./watch-record.js";
export {
  createWatchWorker,
  FAILURES_BEFORE_BACKOFF,
  runRequest,
  scheduledRunsToSkip,
  WATCH_FRESHNESS_SHARE,
  type WatchRunnerSettings,
  type WatchRunReport,
  watchEventId,
} from "./watch-runner.js";
export { onDemandRunJobIds, runIdOf, scheduleOffsetMs, type WatchRunData, WatchSchedule } from "./watch-schedule.js";
export {
  startWatchServices,
  type WatchServices,
  type WatchServicesSettings,
  type WatchSettings,
} from "./watch-services.js";
export {
  type NewWatch,
  newWatchId,
  type PageRequest,
  type WatchAnnouncement,
  type WatchCreation,
  WatchStore,
  type WatchStoreSettings,
} from "./watch-store.js";
export { type ListWatchSettings, runWatchedList, type WatchedListOutcome } from "./watched-list-run.js";
