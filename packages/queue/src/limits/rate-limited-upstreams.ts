import type { FleetRateLimiter, UpstreamLimit } from "./fleet-rate-limiter.js";

/** Fleet-wide allowances per upstream; 0 means unlimited. */
export interface UpstreamLimits {
  /** Model calls per minute across the fleet (`MODEL_REQUESTS_PER_MINUTE`). */
  modelRequestsPerMinute: number;
  /** Model tokens (prompt and completion) per minute across the fleet (`MODEL_TOKENS_PER_MINUTE`). */
  modelTokensPerMinute: number;
  /** Search calls per minute across the fleet (`SEARCH_REQUESTS_PER_MINUTE`). */
  searchRequestsPerMinute: number;
  /** How many times one call waits out an upstream's 429 before its error is raised (`UPSTREAM_RATE_LIMIT_WAITS`). */
  maxRateLimitWaits: number;
}

/** The structural shape of a chat model (research's `ChatModel`), so the queue needs no import of it. */
export interface RateLimitableModel<
  Request extends { signal?: AbortSignal; background?: boolean },
  Reply extends { usage: { promptTokens: number; completionTokens: number } },
> {
  readonly id: string;
  complete(request: Request): Promise<Reply>;
}

/** The structural shape of a search provider (research's `SearchProvider`). */
export interface RateLimitableSearch<Options extends { signal?: AbortSignal; background?: boolean }, Hit> {
  readonly id: string;
  search(query: string, options?: Options): Promise<Hit[]>;
}

/** First pause after a 429 that named no Retry-After, in milliseconds; doubles with each wait. */
const DEFAULT_PAUSE_MS = 2_000;
/** Longest single pause, in milliseconds. */
const MAXIMUM_PAUSE_MS = 60_000;

/** The wait the upstream asked for, from the HTTP error behind the DossierError, in milliseconds. */
function requestedPause(error: unknown): number | undefined {
  const headers = (error as { cause?: { headers?: { get?: (name: string) => string | null } } })?.cause?.headers;
  if (typeof headers?.get !== "function") return undefined;
  const milliseconds = Number(headers.get("retry-after-ms"));
  if (Number.isFinite(milliseconds) && milliseconds > 0) return milliseconds;
  const seconds = Number(headers.get("retry-after"));
  if (Number.isFinite(seconds) && seconds > 0) return seconds * 1_000;
  return undefined;
}

function rateLimitPause(error: unknown, code: string, waits: number): number | null {
  if ((error as { code?: unknown })?.code !== code) return null;
  return Math.min(MAXIMUM_PAUSE_MS, requestedPause(error) ?? DEFAULT_PAUSE_MS * 2 ** waits);
}

/**
 * Waits a call may spend on 429s. A caller waiting on the connection (a synchronous call) gets its
 * 503 at once; background work (batch items, async calls) waits the fleet's pause and tries again.
 */
function allowedWaits(limits: UpstreamLimits, background: boolean | undefined): number {
  return background ? limits.maxRateLimitWaits : 0;
}

/**
 * Wraps a chat model so that the whole fleet keeps to the model's request and token allowance,
 * and so that a 429 (`LLM_RATE_LIMITED`) pauses every worker's model calls for the time the
 * provider asked (Retry-After), after which a background job's call is tried again instead of
 * failing its job.
 */
export function limitChatModel<
  Request extends { signal?: AbortSignal; background?: boolean },
  Reply extends { usage: { promptTokens: number; completionTokens: number } },
>(
  model: RateLimitableModel<Request, Reply>,
  limiter: FleetRateLimiter,
  limits: UpstreamLimits,
): RateLimitableModel<Request, Reply> {
  const requests: UpstreamLimit = { name: "model-requests", perMinute: limits.modelRequestsPerMinute };
  const tokens: UpstreamLimit = { name: "model-tokens", perMinute: limits.modelTokensPerMinute };
  return {
    id: model.id,
    async complete(request) {
      for (let waits = 0; ; waits += 1) {
        await limiter.acquire(requests, 1, request.signal);
        if (tokens.perMinute > 0) await limiter.acquire(tokens, 0, request.signal);
        try {
          const reply = await model.complete(request);
          // The reply is paid for: a charge that Redis cannot take (a failover, a restart) is left
          // out rather than the reply thrown away and asked for again.
          if (tokens.perMinute > 0)
            await limiter.charge(tokens, reply.usage.promptTokens + reply.usage.completionTokens).catch(() => {});
          return reply;
        } catch (error) {
          const pauseMs = rateLimitPause(error, "LLM_RATE_LIMITED", waits);
          if (pauseMs === null) throw error;
          // Every worker's next model call waits out the pause, so the fleet slows down as a whole.
          // A pause Redis cannot take leaves the provider's own error to answer, not Redis's.
          await limiter.pause(requests, pauseMs).catch(() => {});
          if (waits >= allowedWaits(limits, request.background) || request.signal?.aborted) throw error;
        }
      }
    },
  };
}

/** Wraps a search provider like {@link limitChatModel}: fleet-wide calls per minute, 429 pauses everyone. */
export function limitSearchProvider<Options extends { signal?: AbortSignal; background?: boolean }, Hit>(
  provider: RateLimitableSearch<Options, Hit>,
  limiter: FleetRateLimiter,
  limits: UpstreamLimits,
): RateLimitableSearch<Options, Hit> {
  const requests: UpstreamLimit = { name: `search-requests`, perMinute: limits.searchRequestsPerMinute };
  return {
    id: provider.id,
    async search(query, options) {
      for (let waits = 0; ; waits += 1) {
        await limiter.acquire(requests, 1, options?.signal);
        try {
          return await provider.search(query, options);
        } catch (error) {
          const pauseMs = rateLimitPause(error, "SEARCH_PROVIDER_RATE_LIMITED", waits);
          if (pauseMs === null) throw error;
          await limiter.pause(requests, pauseMs).catch(() => {});
          if (waits >= allowedWaits(limits, options?.background) || options?.signal?.aborted) throw error;
        }
      }
    },
  };
}
