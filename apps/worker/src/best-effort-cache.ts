import { isRedisFullError } from "@dossier/contract";
import { isConnectionLost } from "@dossier/queue";
import type { PageReadMemory } from "@dossier/research";

/** A cache as the research pipeline uses it: it reads with `get` what it wrote with `set`. */
interface Cache {
  get(...args: never[]): Promise<unknown>;
  set(...args: never[]): Promise<void>;
}

/**
 * The cache as a help the research can do without. A read that Redis cannot answer (a failover, a
 * restart: the connection is gone) is a miss, and the page or search is read from the web. A write
 * that a full Redis refuses, or that cannot reach Redis, is dropped: it is read again next time,
 * while the research that read it goes on. Either used to fail the page's read, and with it the
 * answer (or leave an answer with fewer pages, withheld and researched again for the next caller).
 * Other errors still reach the caller. `onRefused` is told of each write a full Redis dropped.
 */
export function withBestEffortCache<C extends Cache>(cache: C, onRefused: (error: unknown) => void): C {
  const get = async (...args: Parameters<C["get"]>): Promise<unknown> => {
    try {
      return await cache.get(...args);
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
      return undefined;
    }
  };
  const set = async (...args: Parameters<C["set"]>): Promise<void> => {
    try {
      await cache.set(...args);
    } catch (error) {
      if (isConnectionLost(error)) return;
      if (!isRedisFullError(error)) throw error;
      onRefused(error);
    }
  };
  return new Proxy(cache, {
    get(target, property) {
      if (property === "get") return get;
      if (property === "set") return set;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * A caller's memory of the pages it read, as a help the research can do without: a page Redis
 * cannot say was read before (the connection is gone) counts as read for the first time.
 */
export function bestEffortPageReads(memory: PageReadMemory): PageReadMemory {
  return {
    noteRead: async (url) => {
      try {
        return await memory.noteRead(url);
      } catch (error) {
        if (!isConnectionLost(error)) throw error;
        return false;
      }
    },
  };
}

/** Calls `report` at most once per `intervalMs` (a log line per minute while Redis stays full, not one per write). */
export function atMostEvery(intervalMs: number, report: (error: unknown) => void): (error: unknown) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (error) => {
    const now = Date.now();
    if (now - last < intervalMs) return;
    last = now;
    report(error);
  };
}
