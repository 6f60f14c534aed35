import { setTimeout as sleep } from "node:timers/promises";
import { type HeldWrites, writeHeld } from "../held-writes.js";
import { type ListStore, newListId, type StoredList } from "../lists/list-store.js";
import { unreadDiscoveryProblem } from "../lists/unread-discovery.js";
import type { ListIdentity, ListRunFindings } from "./compare-list-items.js";
import type { ProblemSummary, WatchRecord, WatchTrigger } from "./watch-record.js";
import type { WatchStore } from "./watch-store.js";

/** What a watch needs to run lists: the lists, how entities are told apart, and the key's cap on open lists. */
export interface ListWatchSettings {
  lists: ListStore;
  /** The list's dedupe keys of an entity (`candidateKeys` of `@dossier/research`). */
  identify: ListIdentity;
  /** Lists one key may have running at once (`LIST_MAX_OPEN`): a watch's run is one of them. */
  maxOpen: number;
  /** How often a run looks at its list while it runs, in milliseconds. Default 500. */
  pollMs?: number;
}

/** How one run's list ended. */
export type WatchedListOutcome =
  | { status: "done"; list: StoredList; findings: ListRunFindings }
  | { status: "failed" | "skipped"; problem: ProblemSummary }
  | { status: "gone" };

/** Most items and candidates a run reads back (a list evaluates at most `LIST_MAX_CANDIDATES`, 2,000 by default). */
const MOST_ITEMS = 100_000;

/**
 * Why a finished list says nothing about what it lists, or null when it does: it found no candidate
 * at all while pages or searches of its discovery failed for a reason that may pass (a time-out, a
 * 5xx). Its empty result is the outage, not the web: the run failed, and the last matches stand. A
 * list fails so itself; this holds a list that ended `done` and empty before it did.
 */
export function unreadListProblem(list: StoredList): ProblemSummary | null {
  const problem = unreadDiscoveryProblem(list);
  return problem ? { code: problem.code, detail: `${problem.detail} The last matches stand.` } : null;
}

/**
 * Runs a watched list's definition again as a new list of the watch's key, on the fleet like any
 * list, and waits for it to finish. The first run and a run on demand read every page and search
 * anew (`maxAgeSeconds: 0`); a scheduled run takes evidence no older than `freshnessSeconds`. The
 * list's id is noted on the watch before the list is made, so a run taken over after its worker died
 * waits for the same list instead of making another. Behind Sentinel the note and the list are held
 * writes (`held`, docs/decisions/0012): the run waits for its list only once a replica holds it, and
 * after a failover makes it again, under the same id, on the new primary. A run deleted meanwhile
 * cancels its list.
 */
export async function runWatchedList(
  watch: WatchRecord,
  runId: string,
  trigger: WatchTrigger,
  context: {
    settings: ListWatchSettings;
    store: WatchStore;
    freshnessSeconds: number;
    timeoutMs: number;
    held: HeldWrites;
  },
): Promise<WatchedListOutcome> {
  const { settings, store, held } = context;
  const { lists } = settings;
  if (watch.target.type !== "list") throw new Error(`watch ${watch.id} is not on a list`);
  let listId = watch.pendingList?.runId === runId ? watch.pendingList.listId : null;
  if (listId === null) {
    const open = await lists.countOpen(watch.keyId);
    if (open >= settings.maxOpen)
      return {
        status: "skipped",
        problem: {
          code: "LIST_LIMIT_REACHED",
          detail: `The key has ${open} lists running, the most allowed (LIST_MAX_OPEN); the next run tries again.`,
        },
      };
    const { definition } = watch.target;
    // The same id and time in every round: made again after a failover, it is the same list.
    const id = newListId();
    const createdAt = Date.now();
    const list = await writeHeld(held, () =>
      lists.create(watch.keyId, definition, {
        id,
        createdAt,
        onNamed: () => store.update(watch.id, { pendingList: JSON.stringify({ runId, listId: id }) }),
        maxAgeSeconds: trigger === "schedule" ? context.freshnessSeconds : 0,
        watchId: watch.id,
      }),
    );
    listId = list.id;
  }
  const deadline = Date.now() + context.timeoutMs;
  for (;;) {
    const list = await lists.get(listId);
    if (!list)
      return {
        status: "failed",
        problem: { code: "RESEARCH_FAILED", detail: `The run's list ${listId} is gone; the next run makes another.` },
      };
    if (!(await store.exists(watch.id))) {
      const cancelled = listId;
      await writeHeld(held, () => lists.cancel(cancelled));
      return { status: "gone" };
    }
    if (list.finishedAt !== null || list.status === "done" || list.status === "failed") {
      if (list.status === "failed")
        return {
          status: "failed",
          problem: list.problem ?? { code: "RESEARCH_FAILED", detail: "The run's list failed." },
        };
      if (list.status === "cancelled")
        return {
          status: "failed",
          problem: {
            code: "RESEARCH_FAILED",
            detail: `The run's list ${listId} was cancelled before it finished; the last matches stand.`,
          },
        };
      const unread = unreadListProblem(list);
      if (unread) return { status: "failed", problem: unread };
      const { items } = await lists.readItems(listId, { after: -1, limit: MOST_ITEMS });
      const candidates = await lists.readCandidates(listId, 0, Math.min(list.counts.candidates, MOST_ITEMS));
      return {
        status: "done",
        list,
        findings: { items, candidates, ...(list.discovery ? { discovery: list.discovery } : {}) },
      };
    }
    if (Date.now() > deadline) {
      const cancelled = listId;
      await writeHeld(held, () => lists.cancel(cancelled));
      return {
        status: "failed",
        problem: {
          code: "RESEARCH_TIMEOUT",
          detail: `The run's list did not finish within ${Math.round(context.timeoutMs / 1000)} s and was cancelled; the last matches stand.`,
        },
      };
    }
    await sleep(settings.pollMs ?? 500);
  }
}
