import { countEvidenceUsage, type EvidenceUsage, type PageReadMemory } from "./count-usage.js";
import { type CachingDependencies, keepFresh } from "./keep-fresh.js";
import { applySourcePolicy, type SourcePolicyFilter } from "./source-policy.js";

/** What one request asks of the stages besides its question. */
export interface RunScope {
  /** Counters of what the run searched and read. */
  usage?: EvidenceUsage;
  /** Which pages the caller read before: a page cached for another caller counts as fetched. */
  pageReads?: PageReadMemory;
  /** How old cached evidence may be, in seconds (the request's `maxAgeSeconds`). */
  maxAgeSeconds?: number;
  /** Which sources may be used (the request's `sourcePolicy`). */
  sourcePolicy?: SourcePolicyFilter;
}

/**
 * The shared stage adapters as one run sees them: held to the request's source policy and
 * freshness, and counted into its usage (a page the policy refuses is not counted). The adapters themselves are shared by every job of the worker and stay untouched.
 */
export function scopeDependencies<Dependencies extends CachingDependencies>(
  dependencies: Dependencies,
  scope: RunScope,
): Dependencies {
  return countEvidenceUsage(
    applySourcePolicy(keepFresh(dependencies, scope.maxAgeSeconds), scope.sourcePolicy),
    scope.usage,
    scope.pageReads,
  );
}
