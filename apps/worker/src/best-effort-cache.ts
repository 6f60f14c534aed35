import { isRedisFullError } from "@dossier/contract";

/** A cache as the research pipeline uses it: whatever it reads, it writes with `set`. */
interface WritableCache {
  set(...args: never[]): Promise<void>;
}

/**
 * The cache with writes that a full Redis refuses dropped instead of thrown: a page or search that
 * could not be cached is read again next time, while the research that read it goes on. A refused
 * cache write used to fail the page's read, and with it the answer (or worse, leave an answer with
 * fewer pages). Other errors still reach the caller. `onRefused` is told of each dropped write.
 */
export function withBestEffortWrites<Cache extends WritableCache>(
  cache: Cache,
  onRefused: (error: unknown) => void,
): Cache {
  const set = async (...args: Parameters<Cache["set"]>): Promise<void> => {
    try {
      await cache.set(...args);
    } catch (error) {
      if (!isRedisFullError(error)) throw error;
      onRefused(error);
    }
  };
  return new Proxy(cache, {
    get(target, property) {
      if (property === "set") return set;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
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
