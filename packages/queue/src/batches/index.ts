export {
  type BatchServices,
  type BatchServicesSettings,
  type BatchSettings,
  type CallbackSettings,
  startBatchServices,
} from "./batch-services.js";
export {
  type BatchItemOutcome,
  type BatchItemPlan,
  BatchStore,
  type BatchStoreSettings,
  type BatchSummary,
} from "./batch-store.js";
export { countUnfedBatchItems } from "./fair-feed.js";
