export { cancelListsOfKey } from "./cancel-lists-of-key.js";
export {
  type ListDiscoveryUsage,
  type ListPipeline,
  type ListRunnerSettings,
  researchWindow,
  runList,
} from "./list-runner.js";
export {
  LIST_EVENTS_MAX_ENTRIES,
  type ListCandidate,
  type ListCreateOptions,
  type ListDiscovery,
  type ListDiscoveryRecord,
  type ListEventRecord,
  type ListExtension,
  type ListItemRecord,
  ListStore,
  type ListStoreSettings,
  type ListUsageIncrements,
  type ListWave,
  listBudget,
  newListId,
  type StoredList,
  type StoredListItem,
} from "./list-store.js";
export { listView } from "./list-view.js";
export { createListWorker, type ListWorker, type ListWorkerSettings } from "./list-worker.js";
