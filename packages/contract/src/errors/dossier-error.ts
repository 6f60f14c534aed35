import { type ErrorCode, errorCodes } from "./error-codes.js";

/** One entry of a validation problem's `errors` list. */
export interface FieldError {
  /** JSON-pointer-like dotted path of the offending field, e.g. `person.email`. */
  path: string;
  /** What is wrong with it, in plain words. */
  message: string;
}

export interface DossierErrorOptions {
  /** Human-readable explanation specific to this occurrence. Shown to the caller. */
  detail?: string;
  /** Whether trying again later may succeed. Defaults to false. */
  retryable?: boolean;
  /** Seconds a caller should wait before retrying; sent as `Retry-After`. */
  retryAfterSeconds?: number;
  /** Per-field problems for validation errors. */
  errors?: FieldError[];
  /** Extra members added to the problem body (e.g. `jobId`). */
  extensions?: Record<string, unknown>;
  /** The underlying error; logged, never shown to the caller. */
  cause?: unknown;
}

/**
 * The one error type every stage throws. It carries its code, HTTP status and whether a retry
 * may help; the gateway renders it as RFC 9457 problem+json.
 */
export class DossierError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | undefined;
  readonly errors: FieldError[] | undefined;
  readonly extensions: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, options: DossierErrorOptions = {}) {
    const entry = errorCodes[code];
    super(options.detail ?? entry.title, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "DossierError";
    this.code = code;
    this.status = entry.status;
    this.title = entry.title;
    this.detail = options.detail ?? entry.title;
    this.retryable = options.retryable ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.errors = options.errors;
    this.extensions = options.extensions;
  }
}

export function isDossierError(value: unknown): value is DossierError {
  return value instanceof DossierError;
}

/**
 * True when an error is Redis refusing a write because it reached `maxmemory` (with the
 * `noeviction` policy Dossier needs): `OOM command not allowed when used memory > 'maxmemory'`.
 * Such a refusal is transient: it ends when memory is freed.
 */
export function isRedisFullError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  if (error.message.startsWith("OOM ")) return true;
  // A MULTI block that Redis refused is EXECABORT, with the refusals of its commands beside it.
  const previous = (error as { previousErrors?: unknown }).previousErrors;
  if (Array.isArray(previous) && previous.some((inner) => isRedisFullError(inner, depth + 1))) return true;
  return isRedisFullError(error.cause, depth + 1);
}

/**
 * The 503 for a store Dossier cannot use (Redis, in every use today): `what` names it for the
 * caller ("The job queue", "The key store"); the cause goes to the log only. Retried after 5 s. A
 * Redis that answers but refuses writes because it is full says so, rather than "unreachable".
 */
export function unavailable(what: string, cause?: unknown): DossierError {
  const full = isRedisFullError(cause);
  return new DossierError("QUEUE_UNAVAILABLE", {
    detail: full
      ? `${what} cannot take this: Redis is full and refuses writes until memory is freed; try again shortly.`
      : `${what} (Redis) is unreachable; try again shortly.`,
    retryable: true,
    retryAfterSeconds: 5,
    cause,
  });
}
