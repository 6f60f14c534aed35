/**
 * Every error Dossier can produce, by code. The code prefix names the stage that raises it.
 * `status` is the HTTP status a caller sees when the error ends a request; errors of the
 * evidence stages (FETCH_, SEARCH_) are normally absorbed by the pipeline and reported in
 * `details`, so their status only matters when they surface on their own.
 * docs/errors.md lists the same table; a test keeps the two in step.
 */
export const errorCodes = {
  REQUEST_MALFORMED_JSON: { status: 400, title: "Malformed JSON body" },
  REQUEST_UNSUPPORTED_MEDIA_TYPE: { status: 415, title: "Unsupported media type" },
  REQUEST_TOO_LARGE: { status: 413, title: "Request body too large" },
  REQUEST_VALIDATION_FAILED: { status: 422, title: "Request validation failed" },
  REQUEST_MALFORMED_PATH: { status: 400, title: "Malformed request path" },
  REQUEST_MALFORMED_ENCODING: { status: 400, title: "Body does not match its Content-Encoding" },
  REQUEST_TOO_DEEPLY_NESTED: { status: 400, title: "JSON nested too deeply" },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, title: "Request header fields too large" },
  REQUEST_MALFORMED_HTTP: { status: 400, title: "Malformed HTTP request" },
  REQUEST_TIMED_OUT: { status: 408, title: "Request not received in time" },
  ROUTE_NOT_FOUND: { status: 404, title: "Route not found" },
  METHOD_NOT_ALLOWED: { status: 405, title: "Method not allowed" },
  AUTH_MISSING_KEY: { status: 401, title: "API key missing" },
  AUTH_INVALID_KEY: { status: 401, title: "API key invalid" },
  AUTH_TOO_MANY_FAILURES: { status: 429, title: "Too many invalid API keys" },
  RATE_LIMITED: { status: 429, title: "Too many requests" },
  QUOTA_EXCEEDED: { status: 429, title: "Monthly usage limit reached" },
  JOB_NOT_FOUND: { status: 404, title: "Job not found" },
  BATCH_NOT_FOUND: { status: 404, title: "Batch not found" },
  BATCH_NOT_DONE: { status: 409, title: "Batch not finished" },
  BATCH_LIMIT_REACHED: { status: 429, title: "Too many open batches" },
  BATCH_STORAGE_LIMIT_REACHED: { status: 429, title: "Too many batch items kept" },
  BATCH_IDEMPOTENCY_CONFLICT: { status: 409, title: "Idempotency key already used" },
  BATCH_CANCELLED: { status: 409, title: "Batch cancelled" },
  LIST_NOT_FOUND: { status: 404, title: "List not found" },
  LIST_LIMIT_REACHED: { status: 429, title: "Too many open lists" },
  LIST_IDEMPOTENCY_CONFLICT: { status: 409, title: "Idempotency key already used" },
  LIST_NOT_EXTENDABLE: { status: 409, title: "List cannot be extended" },
  WATCH_NOT_FOUND: { status: 404, title: "Watch not found" },
  WATCH_LIMIT_REACHED: { status: 409, title: "Too many watches" },
  QUEUE_UNAVAILABLE: { status: 503, title: "Queue unavailable" },
  RESEARCH_TIMEOUT: { status: 504, title: "Research timed out" },
  RESEARCH_FAILED: { status: 500, title: "Research failed" },
  LLM_UNREACHABLE: { status: 503, title: "Model endpoint unreachable" },
  LLM_RATE_LIMITED: { status: 503, title: "Model endpoint rate limited" },
  LLM_AUTH_FAILED: { status: 503, title: "Model endpoint rejected the credentials" },
  LLM_UPSTREAM_FAILED: { status: 502, title: "Model endpoint failed" },
  LLM_OUTPUT_INVALID: { status: 502, title: "Model output did not fit the schema" },
  SEARCH_PROVIDER_FAILED: { status: 502, title: "Search provider failed" },
  SEARCH_PROVIDER_RATE_LIMITED: { status: 503, title: "Search provider rate limited" },
  SEARCH_PROVIDER_UNAUTHORIZED: { status: 503, title: "Search provider rejected the credentials" },
  SEARCH_NOT_CONFIGURED: { status: 503, title: "Search provider not configured" },
  FETCH_INVALID_URL: { status: 422, title: "URL not fetchable" },
  FETCH_BLOCKED_ADDRESS: { status: 422, title: "Address not allowed" },
  FETCH_DISALLOWED_BY_ROBOTS: { status: 403, title: "Disallowed by robots.txt" },
  FETCH_TOO_LARGE: { status: 502, title: "Page too large" },
  FETCH_TIMEOUT: { status: 504, title: "Page fetch timed out" },
  FETCH_TOO_MANY_REDIRECTS: { status: 502, title: "Too many redirects" },
  FETCH_HTTP_ERROR: { status: 502, title: "Page answered with an error status" },
  FETCH_UNSUPPORTED_CONTENT: { status: 415, title: "Unsupported content type" },
  FETCH_FAILED: { status: 502, title: "Page fetch failed" },
  INTERNAL_ERROR: { status: 500, title: "Internal error" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof errorCodes;

/** The URI reference used as a problem's `type` for a code. */
export function problemType(code: ErrorCode): string {
  return `https://dossier.dev/problems/${code.toLowerCase().replaceAll("_", "-")}`;
}
