import { DossierError } from "@dossier/contract";
import { type Dispatcher, request as sendRequest } from "undici";
import type { z } from "zod";

/** Largest response body a search call accepts, in bytes. A results page is a few tens of KiB. */
export const MAX_SEARCH_RESPONSE_BYTES = 4 * 1024 * 1024;

/** One call to a vendor's search endpoint. */
export interface SearchJsonRequest<Output> {
  /** Provider id, named in every error. */
  provider: string;
  /** Full endpoint URL, query string included. Only its origin appears in errors. */
  url: URL;
  method: "GET" | "POST";
  /** Request headers, credentials included; they never appear in errors. */
  headers: Record<string, string>;
  /** JSON text for a POST. */
  body?: string;
  /** Parses the fields the adapter uses; anything else in the body is ignored. */
  schema: z.ZodType<Output>;
  /** Time the whole call (connect, answer, body) may take, in milliseconds. */
  timeoutMs: number;
  /** The caller's signal; its abort rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Extra words appended to the error for a given status, e.g. a likely cause. */
  statusHints?: Partial<Record<number, string>>;
}

/**
 * `Retry-After` as whole seconds: the header is either a number of seconds or an HTTP date.
 * Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The body as text, or undefined once it passes `limitBytes` (the rest is not read). */
async function readLimitedText(body: Dispatcher.ResponseData["body"], limitBytes: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).byteLength;
    // Leaving the loop ends the iteration, which destroys the stream: the rest is never read.
    if (size > limitBytes) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function headerValue(headers: Dispatcher.ResponseData["headers"], name: string): string | null {
  const value = headers[name];
  return value === undefined ? null : Array.isArray(value) ? (value[0] ?? null) : value;
}

function statusError(
  request: SearchJsonRequest<unknown>,
  where: string,
  status: number,
  headers: Dispatcher.ResponseData["headers"],
): DossierError {
  const hint =
    request.statusHints?.[status] ??
    (status >= 300 && status <= 399 ? "redirects are not followed, configure the final base URL" : undefined);
  const detail = `${where} answered HTTP ${status}${hint === undefined ? "" : `; ${hint}`}`;
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(headerValue(headers, "retry-after"));
    return new DossierError("SEARCH_PROVIDER_RATE_LIMITED", {
      detail: retryAfterSeconds === undefined ? detail : `${detail}, retry after ${retryAfterSeconds} s`,
      retryable: true,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }
  if (status === 401 || status === 403) {
    return new DossierError("SEARCH_PROVIDER_UNAUTHORIZED", { detail, retryable: false });
  }
  // A 5xx or a request time-out may pass; any other 4xx means this request will never work.
  const retryable = status >= 500 || status === 408;
  return new DossierError("SEARCH_PROVIDER_FAILED", { detail, retryable });
}

/**
 * Calls a search endpoint and returns its parsed JSON, or throws a typed `DossierError`:
 * 429 -> SEARCH_PROVIDER_RATE_LIMITED, 401/403 -> SEARCH_PROVIDER_UNAUTHORIZED, any other failure
 * (status, network, time-out, body that is not the expected JSON) -> SEARCH_PROVIDER_FAILED.
 * A caller's abort rejects with the caller's own reason, untouched.
 */
export async function requestSearchJson<Output>(request: SearchJsonRequest<Output>): Promise<Output> {
  request.signal?.throwIfAborted();
  const where = `${request.provider} search at ${request.url.origin}`;
  const timeoutSignal = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal === undefined ? timeoutSignal : AbortSignal.any([request.signal, timeoutSignal]);

  let text: string | undefined;
  try {
    // undici's request, not fetch: a fraction of the CPU per call, and it never follows a redirect,
    // which could carry the credential header to another origin (a 3xx is refused and said so).
    const response = await sendRequest(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal,
    });
    if (response.statusCode < 200 || response.statusCode > 299) {
      await response.body.dump().catch(() => {});
      throw statusError(request, where, response.statusCode, response.headers);
    }
    text = await readLimitedText(response.body, MAX_SEARCH_RESPONSE_BYTES);
  } catch (error) {
    if (error instanceof DossierError) throw error;
    if (request.signal?.aborted) throw request.signal.reason;
    if (timeoutSignal.aborted) {
      throw new DossierError("SEARCH_PROVIDER_FAILED", {
        detail: `${where} timed out after ${request.timeoutMs} ms`,
        retryable: true,
        cause: error,
      });
    }
    throw new DossierError("SEARCH_PROVIDER_FAILED", {
      detail: `${where} could not be reached`,
      retryable: true,
      cause: error,
    });
  }

  if (text === undefined) {
    throw new DossierError("SEARCH_PROVIDER_FAILED", {
      detail: `${where} sent a body over ${MAX_SEARCH_RESPONSE_BYTES} bytes`,
      retryable: false,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // The same request would get the same page back (often a proxy's or a login HTML page).
    throw new DossierError("SEARCH_PROVIDER_FAILED", {
      detail: `${where} answered with a body that is not JSON`,
      retryable: false,
      cause: error,
    });
  }
  const parsed = request.schema.safeParse(json);
  if (!parsed.success) {
    throw new DossierError("SEARCH_PROVIDER_FAILED", {
      detail: `${where} answered with JSON of an unexpected shape`,
      retryable: false,
      cause: parsed.error,
    });
  }
  return parsed.data;
}
