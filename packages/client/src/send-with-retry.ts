import { apiErrorOf, retryAfterOf } from "./dossier-api-error.js";

/** How a call is retried when the API is busy or briefly unavailable. */
export interface RetryPolicy {
  /** Retries after the first attempt (429 and 503 answers only). */
  maxRetries: number;
  /** First backoff when the answer has no `Retry-After`, in milliseconds; doubles each retry, with jitter. */
  baseDelayMs: number;
  /** Longest wait before one retry, in milliseconds, whatever `Retry-After` says. */
  maxDelayMs: number;
}

/** Statuses worth trying again: too many requests, and a service that is briefly unavailable. */
const RETRIED_STATUSES = new Set([429, 503]);

function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The wait before retry `attempt` (0-based): `Retry-After` when given, else exponential backoff with jitter. */
export function retryDelayMs(policy: RetryPolicy, attempt: number, retryAfterSeconds: number | undefined): number {
  const wanted =
    retryAfterSeconds !== undefined
      ? retryAfterSeconds * 1000
      : policy.baseDelayMs * 2 ** attempt * (0.5 + Math.random() * 0.5);
  return Math.min(policy.maxDelayMs, Math.max(0, wanted));
}

/**
 * Sends a request, trying again on 429 and 503 as the policy allows (honouring `Retry-After`).
 * Resolves with a successful response (2xx, or 204); rejects with a DossierApiError for any other
 * answer, and with the network error when the server cannot be reached. Every call of the API is
 * safe to repeat: research and batches with an Idempotency-Key never do the work twice.
 */
export async function sendWithRetry(
  send: () => Promise<Response>,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await send();
    if (response.ok) return response;
    if (!RETRIED_STATUSES.has(response.status) || attempt >= policy.maxRetries) throw await apiErrorOf(response);
    await response.body?.cancel().catch(() => {});
    await sleep(retryDelayMs(policy, attempt, retryAfterOf(response)), signal);
  }
}
