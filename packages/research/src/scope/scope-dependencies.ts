import { countEvidenceUsage, type EvidenceUsage } from "./count-usage.js";
import { type CachingDependencies, keepFresh } from "./keep-fresh.js";

/** What one request asks of the stages besides its question. */
export interface RunScope {
  /** Counters of what the run searched and read. */
  usage?: EvidenceUsage;
  /** How old cached evidence may be, in seconds (the request's `maxAgeSeconds`). */
  maxAgeSeconds?: number;
}

/**
 * The shared stage adapters as one run sees them: held to the request's freshness and counted into
 * its usage. The adapters themselves are shared by every job of the worker and stay untouched.
 */
export function scopeDependencies<Dependencies extends CachingDependencies>(
  dependencies: Dependencies,
  scope: RunScope,
): Dependencies {
  return countEvidenceUsage(keepFresh(dependencies, scope.maxAgeSeconds), scope.usage);
}
