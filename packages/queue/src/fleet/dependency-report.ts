/**
 * How one outside service looks from a worker: `ok`; `warning` when it answers but something is off
 * that may still work (a model endpoint that does not list the configured model); `failing` when it
 * cannot be used (unreachable, the key refused, an error status).
 */
export interface DependencyStatus {
  state: "ok" | "warning" | "failing";
  /** What `/readyz` shows: `ok`, or what is wrong and where, e.g. `unreachable: http://127.0.0.1:11434/v1`. */
  text: string;
}

/** What a worker last found of the services it calls, published with its heartbeat. */
export interface WorkerDependencyReport {
  /** The model endpoint (`OPENAI_BASE_URL`). */
  model: DependencyStatus;
  /** The search provider (`SEARCH_PROVIDER`). */
  search: DependencyStatus;
  /** When the last check finished, ms since epoch. */
  checkedAt: number;
}

const RANK: Record<DependencyStatus["state"], number> = { ok: 0, warning: 1, failing: 2 };

/**
 * One service as the fleet sees it: the best status any live worker reports (a worker that reaches
 * it can do the work), or `not checked yet` when none has reported.
 */
export function fleetStatus(statuses: readonly (DependencyStatus | undefined)[]): DependencyStatus {
  let best: DependencyStatus | undefined;
  for (const status of statuses) if (status && (!best || RANK[status.state] < RANK[best.state])) best = status;
  return best ?? { state: "failing", text: "not checked yet" };
}
