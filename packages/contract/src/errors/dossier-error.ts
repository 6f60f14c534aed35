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
 * The 503 for a store Dossier cannot reach (Redis, in every use today): `what` names it for the
 * caller ("The job queue", "The key store"); the cause goes to the log only. Retried after 5 s.
 */
export function unavailable(what: string, cause?: unknown): DossierError {
  return new DossierError("QUEUE_UNAVAILABLE", {
    detail: `${what} (Redis) is unreachable; try again shortly.`,
    retryable: true,
    retryAfterSeconds: 5,
    cause,
  });
}
