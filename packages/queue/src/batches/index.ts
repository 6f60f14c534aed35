export {
  type BatchServices,
  type BatchServicesSettings,
  type BatchSettings,
  type CallbackSettings,
  startBatchServices,
} from "./batch-services.js";
export {
  type BatchItemOutcome,
  BatchStore,
  type BatchStoreSettings,
  type BatchSummary,
  cancelBatchesOfKey,
  isBatchFinished,
} from "./batch-store.js";
export { type CancelSettings, cancelBatch } from "./cancel-batch.js";
export { countUnfedBatchItems } from "./fair-feed.js";
export {
  BATCH_IDEMPOTENCY_NAMES,
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_SECONDS,
  type IdempotencyClaim,
  type IdempotencyKeyNames,
  IdempotencyKeys,
  LIST_IDEMPOTENCY_NAMES,
} from "./idempotency-keys.js";
export type { BatchReservation } from "./kept-items.js";
export { type PackedTexts, packedCount, packedText } from "./packed-texts.js";
export {
  type BatchItemPlan,
  type PreparedBatch,
  type PreparedJob,
  prepareBatch,
  preparedBatchBuffers,
} from "./prepare-batch.js";
