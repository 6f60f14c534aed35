export { citationsOf, type SourceWithQuote } from "./citations-of.js";
export * from "./csv/index.js";
export {
  type BatchResultsOptions,
  type CallOptions,
  Dossier,
  type DossierOptions,
  type EventOptions,
  type ListItemsOptions,
  type ResearchOptions,
} from "./dossier.js";
export { DossierApiError } from "./dossier-api-error.js";
export { newIdempotencyKey } from "./idempotency-key.js";
export {
  errorTitleOf,
  failedSearchReason,
  type ListFailedSearch,
  type ListUnreadPage,
  listUnreadInWords,
  unreadPageReason,
} from "./list-unread-in-words.js";
export { readJsonLines, readServerSentEvents, type ServerSentEvent } from "./read-server-sent-events.js";
export type { RetryPolicy } from "./send-with-retry.js";
export type * from "./types.js";
