export {
  type BatchServices,
  type BatchServicesSettings,
  type BatchSettings,
  type CallbackSettings,
  startBatchServices,
} from "./batch-services.js";
export {
  type BatchItemOutcome,
  type BatchReservation,
  BatchStore,
  type BatchStoreSettings,
  type BatchSummary,
  isBatchFinished,
} from "./batch-store.js";
export { type CancelSettings, cancelBatch } from "./cancel-batch.js";
export { countUnfedBatchItems } from "./fair-feed.js";
export {
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_SECONDS,
  type IdempotencyClaim,
  IdempotencyKeys,
} from "./idempotency-keys.js";
export { type BatchItemPlan, type PreparedBatch, type PreparedJob, prepareBatch } from "./prepare-batch.js";
