import type { ListStatus } from "@dossier/contract";
import type { StoredList } from "./list-store.js";

/** A list as `GET /v1/lists/{id}` answers it (and its events and completion callback carry it). */
export function listView(list: StoredList): ListStatus {
  return {
    id: list.id,
    status: list.status,
    objective: list.objective,
    entityType: list.entityType,
    criteria: list.criteria,
    criteriaDerived: list.criteriaDerived,
    limit: list.limit,
    effort: list.effort,
    counts: list.counts,
    ...(list.stopReason ? { stopReason: list.stopReason } : {}),
    usage: list.usage,
    createdAt: list.createdAt,
    finishedAt: list.finishedAt,
    ...(list.metadata ? { metadata: list.metadata } : {}),
    ...(list.problem ? { problem: list.problem } : {}),
    ...(list.watchId ? { watchId: list.watchId } : {}),
    ...(list.discovery?.unreadPages.length ? { unreadPages: list.discovery.unreadPages } : {}),
    ...(list.discovery?.failedSearches.length ? { failedSearches: list.discovery.failedSearches } : {}),
  };
}
