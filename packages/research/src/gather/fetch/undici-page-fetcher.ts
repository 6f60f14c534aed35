import { DossierError, isDossierError } from "@dossier/contract";
import {
  type AddressPolicy,
  type ConnectTarget,
  createGuardedAgent,
  type HostLookup,
  parseOutboundUrl,
  systemLookup,
} from "@dossier/egress";
import { type Agent, type Dispatcher, request } from "undici";
import {
  contentKindOf,
  decodeText,
  extractPdfText,
  mediaTypeOf,
  needsSniffing,
  sniffContentKind,
} from "./decode-body.js";
import { HostLimiter } from "./host-limiter.js";
import type { PageCache } from "./page-cache.js";
import type { FetchedPage, PageFetcher, PageFetchOptions } from "./page-fetcher.js";
import { discardBody, readBodyWithSizeLimit } from "./read-body-with-size-limit.js";
import { type RobotsDownload, RobotsPolicy } from "./robots-policy.js";

export const defaultUserAgent = "DossierBot/0.1 (+https://github.com/dossier/dossier; research agent)";

/** Settings of {@link UndiciPageFetcher}; every field has a default. */
export interface UndiciPageFetcherSettings {
  /** User-Agent header. Default {@link defaultUserAgent}. */
  userAgent?: string;
  /** Token looked up in robots.txt `User-agent:` lines. Default `DossierBot`. */
  robotsToken?: string;
  /** Reach private, loopback and other blocked addresses (FETCH_ALLOW_PRIVATE). For tests only. Default false. */
  allowPrivate?: boolean;
  /** curl `--connect-to` rules (FETCH_CONNECT_TO); their targets are reached even when private. Default none. */
  connectTo?: readonly ConnectTarget[];
  /** Largest body read, in bytes, after decompression: an HTML, text or XML body is cut there, a PDF or JSON one refused. Default 2 MiB. */
  maxBodyBytes?: number;
  /** Time to open a connection, in milliseconds. Default 5000. */
  connectTimeoutMs?: number;
  /** Time for a whole page, redirects, robots.txt and body included, in milliseconds. Default 10000. */
  timeoutMs?: number;
  /** Most redirects followed. Default 5. */
  maxRedirects?: number;
  /** Most requests in flight to one host. Default 2. */
  perHostConcurrency?: number;
  /** Least time between two requests to the same host, in milliseconds. Default 250. */
  perHostDelayMs?: number;
  /** Where pages and robots.txt files are cached. Default none. */
  cache?: PageCache;
  /** How long cached pages and robots.txt files live, in seconds. Default 86400. */
  cacheTtlSeconds?: number;
  /** DNS resolution. Default `dns.lookup` with `all: true`. */
  lookup?: HostLookup;
  /**
   * CA certificates in PEM trusted instead of Node's store, for test servers. Default unset: Node's
   * store, plus NODE_EXTRA_CA_CERTS.
   */
  ca?: string | readonly string[];
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const acceptHeader =
  "text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,application/json;q=0.8,application/pdf;q=0.7,*/*;q=0.1";
const maxRobotsBytes = 512 * 1024;

type HopOutcome<T> = { redirectTo: string } | { result: T };

interface InFlight {
  promise: Promise<FetchedPage>;
  controller: AbortController;
  waiters: number;
}

/**
 * Fetches web pages for the research pipeline without letting a page steer it into the private
 * network: every hop is checked, every connection goes to a checked address, robots.txt is obeyed,
 * and size, time and per-host concurrency are capped.
 */
export class UndiciPageFetcher implements PageFetcher {
  readonly id = "undici";
  readonly #agent: Agent;
  readonly #policy: AddressPolicy;
  readonly #limiter: HostLimiter;
  readonly #robots: RobotsPolicy;
  readonly #inFlight = new Map<string, InFlight>();
  readonly #userAgent: string;
  readonly #maxBodyBytes: number;
  readonly #timeoutMs: number;
  readonly #maxRedirects: number;
  readonly #cache: PageCache | undefined;
  readonly #cacheTtlSeconds: number;

  constructor(settings: UndiciPageFetcherSettings = {}) {
    this.#policy = {
      allowPrivate: settings.allowPrivate ?? false,
      connectTo: settings.connectTo ?? [],
      lookup: settings.lookup ?? systemLookup,
    };
    this.#agent = createGuardedAgent({
      policy: this.#policy,
      connectionsPerOrigin: settings.perHostConcurrency ?? 2,
      connectTimeoutMs: settings.connectTimeoutMs ?? 5000,
      ...(settings.ca === undefined ? {} : { ca: settings.ca }),
    });
    this.#limiter = new HostLimiter({
      concurrency: settings.perHostConcurrency ?? 2,
      delayMs: settings.perHostDelayMs ?? 250,
    });
    this.#userAgent = settings.userAgent ?? defaultUserAgent;
    this.#maxBodyBytes = settings.maxBodyBytes ?? 2 * 1024 * 1024;
    this.#timeoutMs = settings.timeoutMs ?? 10_000;
    this.#maxRedirects = settings.maxRedirects ?? 5;
    this.#cache = settings.cache;
    this.#cacheTtlSeconds = settings.cacheTtlSeconds ?? 86_400;
    this.#robots = new RobotsPolicy({
      token: settings.robotsToken ?? "DossierBot",
      download: (robotsUrl, signal) => this.#downloadRobots(robotsUrl, signal),
      cache: this.#cache,
      cacheTtlSeconds: this.#cacheTtlSeconds,
      unreachableTtlSeconds: 300,
    });
  }

  fetch(url: string, options: PageFetchOptions): Promise<FetchedPage> {
    const signal = options.signal ?? new AbortController().signal;
    if (signal.aborted) return Promise.reject(signal.reason);
    let parsed: URL;
    try {
      parsed = parseOutboundUrl(url, this.#policy);
    } catch (error) {
      return Promise.reject(error);
    }
    const { maxAgeSeconds } = options;
    // A caller that wants a fresh page shares a fetch only with callers asking the same freshness.
    const flightKey = maxAgeSeconds === undefined ? parsed.href : `${parsed.href} max-age=${maxAgeSeconds}`;
    let entry = this.#inFlight.get(flightKey);
    if (entry === undefined) {
      const controller = new AbortController();
      const created: InFlight = {
        promise: this.#load(parsed, url, controller.signal, maxAgeSeconds),
        controller,
        waiters: 0,
      };
      this.#inFlight.set(flightKey, created);
      const forget = () => {
        if (this.#inFlight.get(flightKey) === created) this.#inFlight.delete(flightKey);
      };
      created.promise.then(forget, forget);
      entry = created;
    }
    // Callers sharing one request may have spelled the URL differently; each gets its own back.
    return waitFor(entry, signal).then((page) => ({ ...page, requestedUrl: url }));
  }

  /** Closes every pooled connection. The fetcher cannot be used afterwards. */
  async close(): Promise<void> {
    await this.#agent.close();
  }

  async #load(
    url: URL,
    requestedUrl: string,
    callerSignal: AbortSignal,
    maxAgeSeconds: number | undefined,
  ): Promise<FetchedPage> {
    const cached = await this.#cache?.get(url.href);
    if (cached !== undefined && isYoungEnough(cached.fetchedAt, maxAgeSeconds))
      return { ...cached, requestedUrl, fromCache: true };
    // A copy too old to serve still has its validators: asked with them, an unchanged page costs a 304.
    const validators = cached === undefined ? undefined : conditionalHeaders(cached);
    const stale = validators === undefined ? undefined : cached;
    const conditional = stale && validators && { url: stale.url, headers: validators };
    const timeoutSignal = AbortSignal.timeout(this.#timeoutMs);
    const signal = AbortSignal.any([callerSignal, timeoutSignal]);
    try {
      const page = await this.#follow(
        url,
        signal,
        true,
        async (response, finalUrl) => {
          if (response.statusCode === 304 && stale !== undefined && finalUrl.href === stale.url) {
            discardBody(response.body);
            return {
              ...stale,
              ...validatorsOf(response.headers, stale),
              requestedUrl,
              fetchedAt: new Date().toISOString(),
              fromCache: false,
              notModified: true,
            };
          }
          if (response.statusCode < 200 || response.statusCode >= 300) {
            discardBody(response.body);
            const retryable = response.statusCode === 408 || response.statusCode === 429 || response.statusCode >= 500;
            throw new DossierError("FETCH_HTTP_ERROR", {
              detail: `${finalUrl.href} answered ${response.statusCode}`,
              retryable,
              extensions: { upstreamStatus: response.statusCode },
            });
          }
          return this.#readPage(response, finalUrl, requestedUrl, signal);
        },
        conditional,
      );
      // The copy is stored as read; whether this fetch cost a 304 belongs to this fetch alone.
      const { notModified: _notModified, ...copy } = page;
      await this.#cache?.set(url.href, copy, this.#cacheTtlSeconds);
      return page;
    } catch (error) {
      throw translateError(error, url, callerSignal, timeoutSignal, this.#timeoutMs);
    }
  }

  async #downloadRobots(robotsUrl: string, signal: AbortSignal): Promise<RobotsDownload> {
    return this.#follow(parseOutboundUrl(robotsUrl, this.#policy), signal, false, async (response, finalUrl) => {
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      if (!ok) {
        discardBody(response.body);
        return { url: finalUrl.href, status: response.statusCode, text: "" };
      }
      const headers = response.headers;
      const bytes = await readBodyWithSizeLimit({
        body: response.body,
        headers,
        url: finalUrl.href,
        maxBytes: maxRobotsBytes,
      });
      return { url: finalUrl.href, status: response.statusCode, text: decodeText(bytes, undefined, "text") };
    });
  }

  /**
   * Requests `start`, following redirects by hand so each hop is checked (URL, robots.txt, and
   * at connect time its address) before anything is sent to it. `consume` reads the final
   * response while the host's concurrency slot is still held. `conditional` headers go only to the
   * hop whose URL they were stored for: validators belong to one resource.
   */
  async #follow<T>(
    start: URL,
    signal: AbortSignal,
    obeyRobots: boolean,
    consume: (response: Dispatcher.ResponseData, url: URL) => Promise<T>,
    conditional?: { url: string; headers: Record<string, string> },
  ): Promise<T> {
    let current = start;
    for (let redirects = 0; ; redirects += 1) {
      if (obeyRobots && !(await this.#robots.isAllowed(current, signal))) {
        throw new DossierError("FETCH_DISALLOWED_BY_ROBOTS", {
          detail: `robots.txt of ${current.origin} disallows ${current.href}`,
        });
      }
      const hop = current;
      const outcome = await this.#limiter.run(hop.host, signal, async (): Promise<HopOutcome<T>> => {
        const response = await request(hop, {
          dispatcher: this.#agent,
          method: "GET",
          headers: {
            "user-agent": this.#userAgent,
            accept: acceptHeader,
            "accept-encoding": "gzip, deflate, br",
            ...(conditional?.url === hop.href ? conditional.headers : {}),
          },
          signal,
        });
        const location = headerValue(response.headers.location);
        if (redirectStatuses.has(response.statusCode) && location !== undefined) {
          discardBody(response.body);
          return { redirectTo: location };
        }
        return { result: await consume(response, hop) };
      });
      if ("result" in outcome) return outcome.result;
      if (redirects >= this.#maxRedirects) {
        throw new DossierError("FETCH_TOO_MANY_REDIRECTS", {
          detail: `${start.href} redirected more than ${this.#maxRedirects} times`,
        });
      }
      // We send no credentials, and a hop carrying userinfo is refused rather than followed.
      current = parseOutboundUrl(resolveLocation(outcome.redirectTo, hop), this.#policy);
    }
  }

  async #readPage(
    response: Dispatcher.ResponseData,
    url: URL,
    requestedUrl: string,
    signal: AbortSignal,
  ): Promise<FetchedPage> {
    const header = headerValue(response.headers["content-type"]);
    let mediaType = mediaTypeOf(header);
    let kind = contentKindOf(mediaType);
    if (kind === undefined && !needsSniffing(mediaType)) {
      discardBody(response.body);
      throw new DossierError("FETCH_UNSUPPORTED_CONTENT", { detail: `${url.href} is ${mediaType}` });
    }
    // A page too long is read as far as the cap: a directory's first few hundred cards, not none.
    // A PDF or JSON cut short does not read, nor does a body of no known kind.
    const cuttable = kind === "html" || kind === "text" || kind === "xml";
    const bytes = await readBodyWithSizeLimit({
      body: response.body,
      headers: response.headers,
      url: url.href,
      maxBytes: this.#maxBodyBytes,
      overLimit: cuttable ? "cut" : "refuse",
    });
    if (kind === undefined) {
      const sniffed = sniffContentKind(bytes);
      if (sniffed === undefined) {
        throw new DossierError("FETCH_UNSUPPORTED_CONTENT", { detail: `${url.href} has no usable Content-Type` });
      }
      ({ kind, mediaType } = sniffed);
    }
    const text = kind === "pdf" ? await extractPdfText(bytes, url.href, signal) : decodeText(bytes, header, kind);
    return {
      url: url.href,
      requestedUrl,
      status: response.statusCode,
      contentType: mediaType,
      text,
      fetchedAt: new Date().toISOString(),
      fromCache: false,
      ...validatorsOf(response.headers),
    };
  }
}

/** The `ETag` and `Last-Modified` of a response; a 304 that sends none keeps those of `stored`. */
function validatorsOf(
  headers: Dispatcher.ResponseData["headers"],
  stored?: Pick<FetchedPage, "etag" | "lastModified">,
): Pick<FetchedPage, "etag" | "lastModified"> {
  const etag = headerValue(headers.etag) ?? stored?.etag;
  const lastModified = headerValue(headers["last-modified"]) ?? stored?.lastModified;
  return { ...(etag === undefined ? {} : { etag }), ...(lastModified === undefined ? {} : { lastModified }) };
}

/** `If-None-Match` and `If-Modified-Since` for a stored copy, or undefined when it has no validator. */
function conditionalHeaders(page: FetchedPage): Record<string, string> | undefined {
  if (page.etag === undefined && page.lastModified === undefined) return undefined;
  return {
    ...(page.etag === undefined ? {} : { "if-none-match": page.etag }),
    ...(page.lastModified === undefined ? {} : { "if-modified-since": page.lastModified }),
  };
}

/** Whether a copy fetched at `fetchedAt` (ISO 8601) is younger than `maxAgeSeconds`; any copy when unset. */
function isYoungEnough(fetchedAt: string, maxAgeSeconds: number | undefined): boolean {
  if (maxAgeSeconds === undefined) return true;
  return Date.now() - Date.parse(fetchedAt) < maxAgeSeconds * 1000;
}

/** Waits for a shared fetch; the shared work is aborted only when every waiter has given up. */
function waitFor(entry: InFlight, signal: AbortSignal): Promise<FetchedPage> {
  entry.waiters += 1;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      entry.waiters -= 1;
      if (entry.waiters === 0) entry.controller.abort(signal.reason);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    entry.promise.then(
      (page) => {
        signal.removeEventListener("abort", onAbort);
        resolve(page);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function translateError(
  error: unknown,
  url: URL,
  callerSignal: AbortSignal,
  timeoutSignal: AbortSignal,
  timeoutMs: number,
): unknown {
  if (callerSignal.aborted) return callerSignal.reason;
  if (timeoutSignal.aborted) {
    return new DossierError("FETCH_TIMEOUT", {
      detail: `${url.href} took longer than ${timeoutMs} ms`,
      retryable: true,
      cause: error,
    });
  }
  if (isDossierError(error)) return error;
  const code = (error as { code?: unknown }).code;
  if (code === "UND_ERR_CONNECT_TIMEOUT") {
    return new DossierError("FETCH_TIMEOUT", {
      detail: `Connecting to ${url.host} timed out`,
      retryable: true,
      cause: error,
    });
  }
  const reason = typeof code === "string" ? code : error instanceof Error ? error.message : "unknown error";
  return new DossierError("FETCH_FAILED", {
    detail: `Fetching ${url.href} failed (${reason})`,
    retryable: true,
    cause: error,
  });
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch (error) {
    throw new DossierError("FETCH_INVALID_URL", {
      detail: `${base.href} redirects to an invalid URL: ${location}`,
      cause: error,
    });
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
