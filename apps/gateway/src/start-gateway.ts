import { type Config, describeRedisTarget } from "@dossier/config";
import { buildOpenApiDocument } from "@dossier/contract";
import {
  ApiKeyStore,
  AuthFailureLimiter,
  BatchStore,
  EventFeeds,
  ListStore,
  ResearchQueue,
  replicaConfirmationFor,
  WatchFeed,
  WatchSchedule,
  WatchStore,
} from "@dossier/queue";
import type { Logger } from "pino";
import { createApp } from "./create-app.js";
import { answerClientError } from "./http/answer-client-error.js";
import { EventStreams } from "./http/event-stream.js";
import { GatewayMetrics } from "./metrics.js";

/**
 * Runs one gateway process: the queue, batch and key stores, the Express app on `PORT`, and a
 * graceful stop on SIGTERM and SIGINT (no new connections, calls in flight answered, then exit 0).
 * Under `GATEWAY_PROCESSES` > 1 each child of the supervising process runs this; `/metrics` then
 * totals the gateway's own counters across the children.
 */
export async function startGateway(config: Config, logger: Logger, options: { clustered: boolean }): Promise<void> {
  const queue = new ResearchQueue({
    target: config.redis,
    prefix: config.redisPrefix,
    ownerTtlSeconds: Math.max(config.resultTtlSeconds, config.batch.ttlSeconds),
  });
  // Behind Sentinel, a batch, a list or a watch is answered once a replica holds it (docs/decisions/0012).
  const confirmation = replicaConfirmationFor(
    config.redis,
    [queue.redis, queue.queueConnection],
    (reason) =>
      logger.warn(
        { reason },
        "Redis writes taken without a replica's acknowledgement: they are lost if the primary fails now",
      ),
    (decision) => logger.debug(decision, "Redis writes without a replica's acknowledgement at once"),
  );
  const batches = new BatchStore({
    prefix: config.redisPrefix,
    redis: queue.redis,
    queueConnection: queue.queueConnection,
    ttlSeconds: config.batch.ttlSeconds,
    callbackAttempts: config.callback.attempts,
    callbackBackoffMs: config.callback.backoffMs,
    confirmation,
  });
  const lists = new ListStore({
    prefix: config.redisPrefix,
    redis: queue.redis,
    queueConnection: queue.queueConnection,
    ttlSeconds: config.batch.ttlSeconds,
    maxCandidates: config.list.maxCandidates,
    callbackAttempts: config.callback.attempts,
    callbackBackoffMs: config.callback.backoffMs,
  });
  const keys = new ApiKeyStore(queue.redis, config.redisPrefix, config.apiKeys);
  // Lists, watches, batches, the usage ledger and `Idempotency-Key`s write on these two connections.
  const held = { confirmation, connections: [queue.redis, queue.queueConnection] };
  const watches = {
    store: new WatchStore({
      prefix: config.redisPrefix,
      redis: queue.redis,
      maxPerKey: config.watch.maxPerKey,
      eventsKept: config.watch.eventsKept,
    }),
    schedule: new WatchSchedule({ prefix: config.redisPrefix, queueConnection: queue.queueConnection }),
    feed: new WatchFeed({ target: config.redis, prefix: config.redisPrefix }),
    maxPerKey: config.watch.maxPerKey,
    held,
    // A watch on a list keeps the list's definition: each run makes the list again from it.
    lists: {
      async definitionOf(listId: string, keyId: string) {
        const list = await lists.get(listId);
        if (!list || list.keyId !== keyId) return null;
        return {
          objective: list.objective,
          entityType: list.entityType,
          criteria: list.criteria,
          limit: list.limit,
          exclude: list.exclude,
          effort: list.effort,
          ...(list.outputSchema ? { outputSchema: list.outputSchema } : {}),
        };
      },
    },
  };
  const metrics = new GatewayMetrics(queue.redis, config.redisPrefix, queue.queue, options);
  const events = {
    feeds: new EventFeeds({ target: config.redis, prefix: config.redisPrefix, redis: queue.redis, batches }),
    streams: new EventStreams(config.eventsHeartbeatMs),
  };
  const app = createApp({
    logger,
    queue,
    keys,
    authFailures: new AuthFailureLimiter({
      redis: queue.redis,
      prefix: config.redisPrefix,
      failuresPerMinute: config.limits.authFailuresPerMinute,
    }),
    trustedProxies: config.trustedProxies,
    metrics,
    prefix: config.redisPrefix,
    researchTimeoutMs: config.researchTimeoutMs,
    openApiDocument: buildOpenApiDocument(),
    batches,
    limits: config.limits,
    callbackPolicy: { allowPrivate: config.fetch.allowPrivate, connectTo: config.fetch.connectTo },
    events,
    lists: { store: lists, maxOpen: config.list.maxOpen, held },
    watches,
  });

  // A revoked key's open streams end at once, on every gateway.
  await events.feeds
    .onKeyRevoked((keyId) => {
      const ended = events.streams.endForKey(keyId);
      if (ended > 0) logger.info({ keyId, streams: ended }, "revoked key's event streams ended");
    })
    .catch((error: unknown) => logger.warn({ err: error }, "not told of revoked keys: Redis not reachable at start"));
  await queue.waitUntilReady().catch((error: unknown) => {
    logger.warn({ err: error }, "Redis not reachable at start; calls answer 503 until it is");
  });

  const server = app.listen(config.port, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info(
      {
        port,
        redis: describeRedisTarget(config.redis),
        model: config.llm.model,
        apiKeysFromEnvironment: config.apiKeys.length,
      },
      "gateway listening",
    );
  });
  server.on("clientError", answerClientError);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = config.gatewayRequestTimeoutMs;

  let stopping = false;
  async function stop(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info(
      { signal, waitingCalls: queue.waitingCalls },
      "gateway stopping: no new connections, finishing calls in flight",
    );
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive connections would hold the server open: answer the calls in flight with
    // `Connection: close` and drop connections as soon as they fall idle.
    server.on("request", (_request, response) => response.setHeader("Connection", "close"));
    server.closeIdleConnections();
    // Event streams never end on their own: end them now; their clients resume elsewhere with Last-Event-ID.
    events.streams.endAll();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    const deadline = setTimeout(() => {
      logger.warn("calls still in flight after the grace period; closing them");
      server.closeAllConnections();
    }, config.gatewayShutdownGraceMs);
    deadline.unref();
    await closed;
    await events.feeds.close();
    await batches.close();
    await lists.close();
    await watches.schedule.close();
    await watches.feed.close();
    await queue.close();
    logger.info("gateway stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
