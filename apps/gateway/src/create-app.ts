import { DossierError } from "@dossier/contract";
import type { AddressPolicy } from "@dossier/egress";
import {
  type ApiKeyStore,
  type AuthFailureLimiter,
  type BatchStore,
  type EventFeeds,
  type HeldWrites,
  IdempotencyKeys,
  LIST_IDEMPOTENCY_NAMES,
  type ListStore,
  type ResearchQueue,
  type WatchFeed,
  type WatchSchedule,
  type WatchStore,
} from "@dossier/queue";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import { BatchPlanner } from "./batches/batch-planner.js";
import { authenticate } from "./http/authenticate.js";
import { callRateLimit } from "./http/call-rate-limit.js";
import type { EventStreams } from "./http/event-stream.js";
import { jsonBody, rawJsonBody } from "./http/json-body.js";
import { problemHandler } from "./http/problem.js";
import { requestId } from "./http/request-id.js";
import { RouteTable } from "./http/route-table.js";
import type { GatewayMetrics } from "./metrics.js";
import { batchControlRoutes } from "./routes/batch-control-routes.js";
import { batchRoutes } from "./routes/batch-routes.js";
import { batchView } from "./routes/batch-view.js";
import { consoleRoutes } from "./routes/console-routes.js";
import { eventRoutes } from "./routes/event-routes.js";
import { jobRoutes } from "./routes/job-routes.js";
import { listRoutes } from "./routes/list-routes.js";
import { mcpRoutes } from "./routes/mcp-routes.js";
import { operationsRoutes } from "./routes/operations-routes.js";
import { researchRoutes } from "./routes/research-routes.js";
import { usageRoutes } from "./routes/usage-routes.js";
import { type ListWatchSupport, watchRoutes } from "./routes/watch-routes.js";

export interface GatewayDependencies {
  logger: Logger;
  queue: ResearchQueue;
  keys: ApiKeyStore;
  /** Counts unknown and revoked keys per client address (`RATE_LIMIT_AUTH_FAILURES_PER_MINUTE`). */
  authFailures: AuthFailureLimiter;
  /**
   * The proxies whose `X-Forwarded-For` gives the client address (`TRUSTED_PROXIES`, Express's
   * `trust proxy`); empty: the connection's address is the client's.
   */
  trustedProxies: readonly string[];
  metrics: GatewayMetrics;
  prefix: string;
  researchTimeoutMs: number;
  openApiDocument: Record<string, unknown>;
  batches: BatchStore;
  /**
   * Per-key limits (`RATE_LIMIT_CALLS_PER_MINUTE`, `BATCH_MAX_OPEN`, `BATCH_MAX_ITEMS`,
   * `RATE_LIMIT_BATCH_ITEMS_PER_MINUTE`, `BATCH_MAX_KEPT_ITEMS`).
   */
  limits: {
    callsPerMinute: number;
    openBatches: number;
    batchItems: number;
    batchItemsPerMinute: number;
    keptBatchItems: number;
  };
  /** The address rules a batch's callback URL must pass. */
  callbackPolicy: AddressPolicy;
  /** Job and batch events from Redis, and the gateway's open event streams. */
  events: { feeds: EventFeeds; streams: EventStreams };
  /**
   * Lists ("find all"), how many one key may have running (`LIST_MAX_OPEN`), and how their writes
   * are held behind Sentinel (docs/lists.md).
   */
  lists: { store: ListStore; maxOpen: number; held: HeldWrites };
  /**
   * Watches: their store and schedules, the per-key cap, lists once they exist, and how their writes
   * are held behind Sentinel (docs/watches.md).
   */
  watches: {
    store: WatchStore;
    schedule: WatchSchedule;
    feed: WatchFeed;
    maxPerKey: number;
    lists?: ListWatchSupport;
    held: HeldWrites;
  };
}

/** Largest batch body accepted, in bytes (32 MB: 10,000 items of about 3 KB). */
export const BATCH_BODY_LIMIT_BYTES = 32 * 1_048_576;

/** The Express app: request ids, access logs and metrics, auth on /v1, problem+json for every error. */
export function createApp(dependencies: GatewayDependencies): Express {
  const { logger, metrics } = dependencies;
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("query parser", "simple");
  app.set("trust proxy", dependencies.trustedProxies.length > 0 ? [...dependencies.trustedProxies] : false);

  const authenticated = [authenticate(dependencies.keys, dependencies.authFailures)];
  const rateLimit = callRateLimit(dependencies.queue.redis, dependencies.prefix, dependencies.limits.callsPerMinute);
  const guard = [...authenticated, rateLimit, jsonBody()];
  const jobEvents = {
    queue: dependencies.queue,
    feeds: dependencies.events.feeds,
    redis: dependencies.queue.redis,
    prefix: dependencies.prefix,
    streams: dependencies.events.streams,
  };
  const routes = new RouteTable([
    ...operationsRoutes({
      redis: dependencies.queue.redis,
      prefix: dependencies.prefix,
      metrics,
      openApiDocument: dependencies.openApiDocument,
    }),
    ...researchRoutes({
      queue: dependencies.queue,
      prefix: dependencies.prefix,
      timeoutMs: dependencies.researchTimeoutMs,
      guard,
      events: jobEvents,
    }),
    ...usageRoutes({ redis: dependencies.queue.redis, prefix: dependencies.prefix, guard: authenticated }),
    ...jobRoutes({ queue: dependencies.queue, guard: authenticated }),
    ...eventRoutes({
      jobs: jobEvents,
      batches: {
        batches: dependencies.batches,
        feeds: dependencies.events.feeds,
        streams: dependencies.events.streams,
        view: batchView,
      },
      guard: authenticated,
    }),
    ...batchRoutes({
      batches: dependencies.batches,
      redis: dependencies.queue.redis,
      prefix: dependencies.prefix,
      maxItems: dependencies.limits.batchItems,
      maxOpen: dependencies.limits.openBatches,
      itemsPerMinute: dependencies.limits.batchItemsPerMinute,
      maxKeptItems: dependencies.limits.keptBatchItems,
      callbackPolicy: dependencies.callbackPolicy,
      authenticate: authenticated,
      rateLimit,
      body: rawJsonBody(BATCH_BODY_LIMIT_BYTES),
      planner: new BatchPlanner({ planning: metrics.batchBodiesPlanning }),
      idempotency: new IdempotencyKeys(dependencies.queue.redis, dependencies.prefix),
    }),
    ...batchControlRoutes({
      batches: dependencies.batches,
      queue: dependencies.queue.queue,
      authenticate: authenticated,
    }),
    ...listRoutes({
      lists: dependencies.lists.store,
      prefix: dependencies.prefix,
      redis: dependencies.queue.redis,
      batches: dependencies.batches,
      queue: dependencies.queue.queue,
      maxOpen: dependencies.lists.maxOpen,
      callbackPolicy: dependencies.callbackPolicy,
      authenticate: authenticated,
      body: jsonBody(),
      idempotency: new IdempotencyKeys(dependencies.queue.redis, dependencies.prefix, LIST_IDEMPOTENCY_NAMES),
      events: dependencies.events,
      held: dependencies.lists.held,
    }),
    ...watchRoutes({
      store: dependencies.watches.store,
      schedule: dependencies.watches.schedule,
      maxPerKey: dependencies.watches.maxPerKey,
      ...(dependencies.watches.lists ? { lists: dependencies.watches.lists } : {}),
      live: { feed: dependencies.watches.feed, streams: dependencies.events.streams },
      held: dependencies.watches.held,
      callbackPolicy: dependencies.callbackPolicy,
      authenticate: authenticated,
      body: jsonBody(),
    }),
    ...mcpRoutes({ authenticate: authenticated, body: jsonBody() }),
    ...consoleRoutes(),
  ]);

  app.use(requestId());
  app.use((request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    response.on("finish", () => {
      const route: string = request.route?.path ?? routes.find(request.path)?.pattern ?? "unmatched";
      const seconds = (performance.now() - started) / 1000;
      metrics.requests.inc({ method: request.method, route, status: String(response.statusCode) });
      metrics.requestDuration.observe({ route }, seconds);
      if (route !== "/metrics" && route !== "/healthz" && route !== "/readyz") {
        logger.info(
          {
            requestId: response.locals.requestId,
            method: request.method,
            route,
            status: response.statusCode,
            durationMs: Math.round(seconds * 1000),
            keyId: response.locals.apiKey?.id,
            jobId: response.getHeader("x-job-id"),
          },
          "request",
        );
      }
    });
    next();
  });

  routes.mount(app);

  app.use((request: Request, response: Response) => {
    const allowed = routes.find(request.path)?.methods;
    if (allowed) {
      response.setHeader("Allow", allowed.join(", "));
      throw new DossierError("METHOD_NOT_ALLOWED", {
        detail: `${request.method} is not allowed on ${request.path}; use ${allowed.join(" or ")}.`,
      });
    }
    throw new DossierError("ROUTE_NOT_FOUND", {
      detail: `There is no ${request.method} ${request.path}. See /docs for the API.`,
    });
  });
  app.use(problemHandler(logger));
  return app;
}
