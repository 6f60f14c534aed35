import type { Problem } from "./types.js";

/**
 * An answer of the API that is not a success: `problem` is its RFC 9457 problem+json body (for an
 * answer that was not problem+json, one made from the status and text).
 */
export class DossierApiError extends Error {
  /** The HTTP status. */
  readonly status: number;
  /** The problem as the API sent it. */
  readonly problem: Problem;
  /** The stable code, e.g. `REQUEST_VALIDATION_FAILED` (docs/errors.md). */
  readonly code: string;
  /** Seconds the API asked to wait before trying again (`Retry-After`), if it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(problem: Problem, retryAfterSeconds?: number) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.name = "DossierApiError";
    this.status = problem.status;
    this.problem = problem;
    this.code = problem.code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Seconds of a `Retry-After` header (delta-seconds or an HTTP date), or undefined. */
export function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get("retry-after");
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The error of a failed response: its problem+json, or one made from its status and text. */
export async function apiErrorOf(response: Response): Promise<DossierApiError> {
  const text = await response.text().catch(() => "");
  let problem: Problem | undefined;
  try {
    const parsed = JSON.parse(text) as Partial<Problem>;
    if (typeof parsed.code === "string" && typeof parsed.status === "number") problem = parsed as Problem;
  } catch {
    // Not JSON: a proxy's page, say. The status speaks for it.
  }
  problem ??= {
    type: "about:blank",
    title: response.statusText || `HTTP ${response.status}`,
    status: response.status,
    detail: text.slice(0, 500) || `The server answered ${response.status} without a problem body.`,
    code: `HTTP_${response.status}`,
  };
  return new DossierApiError(problem, retryAfterOf(response));
}
