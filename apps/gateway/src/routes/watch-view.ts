import { DossierError, unavailable, type WatchView } from "@dossier/contract";
import type { WatchRecord, WatchSchedule, WatchStore } from "@dossier/queue";

/** A known error as it is; anything else means the watch store could not be reached. */
export function watchStoreProblem(error: unknown): DossierError {
  return error instanceof DossierError ? error : unavailable("The watch store", error);
}

/** The watch with this id if the key owns it; any other watch, and an unknown id, is 404 WATCH_NOT_FOUND. */
export async function findOwnWatch(store: WatchStore, id: string, keyId: string): Promise<WatchRecord> {
  const record = /^w-[A-Za-z0-9_-]{1,64}$/.test(id)
    ? await store.get(id).catch((error: unknown) => {
        throw watchStoreProblem(error);
      })
    : null;
  if (!record || record.keyId !== keyId)
    throw new DossierError("WATCH_NOT_FOUND", { detail: `There is no watch ${id} for this API key.` });
  return record;
}

const iso = (milliseconds: number | null) => (milliseconds === null ? null : new Date(milliseconds).toISOString());

/** The first scheduled run that will be tried while the watch backs off: past the runs it skips. */
function nextAttemptAt(record: WatchRecord, nextRunAt: number | null): number | null {
  return nextRunAt === null ? null : nextRunAt + record.skipRuns * record.everySeconds * 1000;
}

/** A watch as `GET /v1/watches/{id}` answers it. */
export function watchView(record: WatchRecord, nextRunAt: number | null): WatchView {
  const status = record.status === "stopped" ? "stopped" : record.failures > 0 ? "failing" : "active";
  return {
    id: record.id,
    status,
    ...(record.target.type === "research"
      ? { request: { type: record.target.kind, request: record.given ?? {} } as WatchView["request"] }
      : { list: record.target.listId, listRequest: record.target.definition, lastList: record.lastList }),
    every: record.every,
    everySeconds: record.everySeconds,
    callbackUrl: record.callbackUrl,
    ...(record.metadata ? { metadata: record.metadata } : {}),
    createdAt: new Date(record.createdAt).toISOString(),
    nextRunAt: status === "stopped" ? null : iso(nextRunAt),
    lastRun: record.lastRun,
    lastAnswer: record.lastAnswer ? (JSON.parse(record.lastAnswer) as WatchView["lastAnswer"]) : null,
    lastAnswerAt: iso(record.lastAnswerAt),
    ...(status === "failing" && record.lastProblem
      ? {
          failing: {
            consecutiveFailures: record.failures,
            since: iso(record.failingSince ?? record.createdAt)!,
            problem: record.lastProblem,
            nextAttemptAt: iso(nextAttemptAt(record, nextRunAt)),
          },
        }
      : {}),
    ...(status === "stopped" && record.stoppedReason ? { stoppedReason: record.stoppedReason } : {}),
    usage: record.usage,
  };
}

/** The view of a watch with its next scheduled run read from its scheduler. */
export async function readWatchView(schedule: WatchSchedule, record: WatchRecord): Promise<WatchView> {
  const next = await schedule.nextRunAt(record.id).catch((error: unknown) => {
    throw watchStoreProblem(error);
  });
  return watchView(record, next);
}
