import type { Config } from "@dossier/config";
import { loadEmailDomainLists } from "@dossier/enrich";
import {
  createListWorker,
  createRedis,
  createResearchWorker,
  FleetRateLimiter,
  type Heartbeat,
  handBackActiveJobs,
  ListStore,
  limitChatModel,
  limitSearchProvider,
  RESEARCH_QUEUE,
  replicaConfirmationFor,
  spreadKeyPrefix,
  startBatchServices,
  startHeartbeat,
  startWatchServices,
} from "@dossier/queue";
import {
  BraveSearchProvider,
  CachedSearchProvider,
  candidateKeys,
  createResearcher,
  ExtractedPageCache,
  ExtractionPool,
  OpenAiCompatibleChatModel,
  RedisPageCache,
  RedisPageReads,
  RedisSearchCache,
  type ResearchTrace,
  type SearchProvider,
  SearxngSearchProvider,
  SerperSearchProvider,
  TavilySearchProvider,
  UndiciPageFetcher,
} from "@dossier/research";
import { Queue } from "bullmq";
import type { Logger } from "pino";
import { atMostEvery, bestEffortPageReads, withBestEffortCache } from "./best-effort-cache.js";
import { type DependencyWatch, watchDependencies } from "./dependency-checks/watch-dependencies.js";
import { createListPipeline } from "./list-pipeline.js";
import { watchOutsideServices } from "./watch-outside-services.js";
import { withholdsAnswer } from "./withholds-answer.js";

/**
 * How long a stopping worker waits, after the grace period, for its queues and stores to close. With
 * Redis gone their closes never end; a lock not released then expires, and another worker takes over.
 */
const CLOSE_BOUND_MS = 5_000;

/** A worker process's parts, built and not yet running. */
export interface DossierWorker {
  /** Starts taking jobs and reporting the heartbeat. */
  start(): void;
  /**
   * Takes no new jobs and waits up to `SHUTDOWN_GRACE_MS` for the running ones; what is still
   * running then is handed back to the queue. Closes every connection.
   */
  stop(): Promise<void>;
}

/** The configured search provider; a provider whose key is missing fails at start, loudly. */
function createSearchProvider(search: Config["search"]): SearchProvider | null {
  switch (search.provider) {
    case "none":
      return null;
    case "searxng":
      return new SearxngSearchProvider({ baseUrl: search.searxngUrl });
    case "brave":
      return new BraveSearchProvider({ apiKey: search.braveApiKey ?? "" });
    case "tavily":
      return new TavilySearchProvider({ apiKey: search.tavilyApiKey ?? "" });
    case "serper":
      return new SerperSearchProvider({ apiKey: search.serperApiKey ?? "" });
  }
}

/**
 * The worker's composition root: the model, fetcher and search provider behind the fleet-wide
 * upstream limits and the caches, the research pipeline, the BullMQ processor and the batch services.
 */
export function createWorker(config: Config, logger: Logger, workerId: string): DossierWorker {
  const redis = createRedis(config.redis, "blocking");
  // BullMQ's queues and workers get a connection of their own (see ConnectionOptions.pipelining).
  const queueConnection = createRedis(config.redis, "blocking", { pipelining: false });
  // Fleet-wide upstream limits: every worker shares one bucket per upstream in Redis.
  const upstreamLimiter = new FleetRateLimiter(redis, config.redisPrefix);
  const model = limitChatModel(
    new OpenAiCompatibleChatModel({
      baseUrl: config.llm.baseUrl,
      apiKey: config.llm.apiKey,
      model: config.llm.model,
      timeoutMs: config.llm.timeoutMs,
      maxRetries: config.llm.maxRetries,
    }),
    upstreamLimiter,
    config.upstreamLimits,
  );
  const caching = config.cacheTtlSeconds > 0;
  // A full Redis refuses cache writes: the research goes on without caching what it read.
  const cacheWriteRefused = atMostEvery(60_000, (error) =>
    logger.warn(
      { err: error },
      "cache write refused: Redis is full; pages and searches are not cached until it has room",
    ),
  );
  const fetcher = new UndiciPageFetcher({
    allowPrivate: config.fetch.allowPrivate,
    connectTo: config.fetch.connectTo,
    perHostDelayMs: config.fetch.hostDelayMs,
    // CACHE_TTL_SECONDS=0: every page is read from the web, every search asked anew.
    ...(caching
      ? {
          cache: withBestEffortCache(
            new RedisPageCache({ client: redis, keyPrefix: spreadKeyPrefix(config.redisPrefix, "page") }),
            cacheWriteRefused,
          ),
          cacheTtlSeconds: config.cacheTtlSeconds,
        }
      : {}),
  });
  // Which key read which cached page: usage counts a page as cached only for a key that read it.
  const pageReads = caching
    ? new RedisPageReads({
        client: redis,
        keyPrefix: spreadKeyPrefix(config.redisPrefix, "page-read"),
        ttlSeconds: config.cacheTtlSeconds,
      })
    : undefined;
  const searchProvider = createSearchProvider(config.search);
  const limitedSearch = searchProvider
    ? limitSearchProvider(searchProvider, upstreamLimiter, config.upstreamLimits)
    : null;
  const search =
    limitedSearch && caching
      ? new CachedSearchProvider(
          limitedSearch,
          withBestEffortCache(
            new RedisSearchCache(redis, { keyPrefix: spreadKeyPrefix(config.redisPrefix, "search") }),
            cacheWriteRefused,
          ),
          { ttlSeconds: config.cacheTtlSeconds },
        )
      : limitedSearch;
  const extraction = new ExtractionPool({ threads: config.extractionThreads });
  // Planning a person's research checks their e-mail domain against lists that take about 100 ms to
  // load: loaded here, the worker's first person job does not wait for them.
  loadEmailDomainLists();
  const researchSettings = {
    extraction,
    // A page this worker read within the page cache's lifetime is reused without reading Redis again.
    extracted: new ExtractedPageCache(500, { reuseForMs: config.cacheTtlSeconds * 1000 }),
    pageBudget: config.pageBudget,
    promptTokenBudget: config.promptTokenBudget,
    gatherTimeoutMs: config.gatherTimeoutMs,
  };

  // Behind Sentinel, work is started and recorded on writes a replica holds (docs/decisions/0012).
  const confirmation = replicaConfirmationFor(
    config.redis,
    [redis, queueConnection],
    (reason) =>
      logger.warn(
        { reason },
        "Redis writes taken without a replica's acknowledgement: they are lost if the primary fails now",
      ),
    (decision) => logger.debug(decision, "Redis writes without a replica's acknowledgement at once"),
  );

  // Lists: their state, and their completion callbacks, delivered with the batches'.
  const lists = new ListStore({
    prefix: config.redisPrefix,
    redis,
    queueConnection,
    ttlSeconds: config.batch.ttlSeconds,
    maxCandidates: config.list.maxCandidates,
    callbackAttempts: config.callback.attempts,
    callbackBackoffMs: config.callback.backoffMs,
  });

  // Batches: bookkeeping, the fair-share feeder and signed completion callbacks.
  const batchServices = startBatchServices({
    lists,
    queueConnection,
    ...(confirmation ? { confirmation } : {}),
    prefix: config.redisPrefix,
    redis,
    batch: config.batch,
    callback: config.callback,
    callbackPolicy: { allowPrivate: config.fetch.allowPrivate, connectTo: config.fetch.connectTo },
    onCallbackAttempt: (event) => logger.info(event, "batch callback attempt"),
    // A round runs every 250 ms: while Redis is away or full, one line per 10 s says so.
    onError: atMostEvery(10_000, (error) => logger.warn({ err: error }, "batch feed round failed; trying again")),
    onFed: (jobIds, released) =>
      logger.debug(
        { jobIds, released },
        released ? "batch items queued" : "batch items queued on a primary a failover replaced; fed again",
      ),
  });

  const worker = createResearchWorker(
    async (data, context) => {
      // A child logger costs the serialization of its bindings: made only for a line that is written.
      let child: Logger | undefined;
      const log = () =>
        (child ??= logger.child({ requestId: data.requestId, jobId: context.jobId, kind: data.request.kind }));
      const infoLogged = logger.isLevelEnabled("info");
      const started = performance.now();
      if (infoLogged)
        log().info(
          { responseType: data.request.responseType, queuedMs: Date.now() - data.enqueuedAt },
          "research started",
        );
      try {
        // Nobody waits on the connection for a batch item or an async call: it may wait out a 429.
        const trace: ResearchTrace = {
          queries: [],
          pagesRead: [],
          passagesInPrompt: 0,
          promptTokens: 0,
          secondLook: false,
        };
        // Each run sees the shared services through a watch of its own, which counts their failures.
        const outside = watchOutsideServices({ model, fetcher, search });
        const research = createResearcher({ ...researchSettings, ...outside.services });
        const response = await research(data.request, {
          signal: context.signal,
          usage: context.usage,
          ...(pageReads ? { pageReads: bestEffortPageReads(pageReads.of(data.keyId)) } : {}),
          background: (data.origin ?? "sync") !== "sync",
          trace,
          onProgress: context.progress,
        });
        // Counts only: queries and pages name the subject, which stays out of the logs.
        if (infoLogged)
          log().info(
            {
              durationMs: Math.round(performance.now() - started),
              modelCalls: context.usage.modelCalls,
              promptTokens: context.usage.promptTokens,
              completionTokens: context.usage.completionTokens,
              pagesRead: trace.pagesRead.length,
              passagesInPrompt: trace.passagesInPrompt,
              secondLook: trace.secondLook,
              modelConfidence: trace.modelConfidence,
              rejectedQuotes: trace.rejectedQuotes,
              confidence: response.confidence,
            },
            "research finished",
          );
        // An answer withheld while search, a page or the model failed may be given once they are back:
        // it answers the calls waiting now and is not kept for identical requests.
        const reusable = !(outside.failed() && withholdsAnswer(response));
        if (!reusable)
          log().info(
            {
              failedSearches: outside.failures.search,
              failedPages: outside.failures.pages,
              failedModelCalls: outside.failures.model,
            },
            "answer withheld after an outside failure; not kept for identical requests",
          );
        return { response, reusable };
      } catch (error) {
        const code = (error as { code?: string }).code ?? "RESEARCH_FAILED";
        log().warn(
          { durationMs: Math.round(performance.now() - started), code, detail: (error as Error).message },
          "research failed",
        );
        throw error;
      }
    },
    {
      prefix: config.redisPrefix,
      concurrency: config.workerConcurrency,
      lockMs: config.jobLockMs,
      resultTtlSeconds: config.resultTtlSeconds,
      redis,
      queueConnection,
      onUnexpectedError: (error, job) =>
        logger.error({ err: error, jobId: job.id, requestId: job.data.requestId }, "unexpected research error"),
      batches: batchServices.batches,
      ...(confirmation ? { confirmation } : {}),
      onOutcomeHeld: (jobId, error) =>
        logger.warn(
          { jobId, err: error },
          "outcome kept: Redis is full; holding the job and writing its outcome again until Redis has room",
        ),
      onRetry: (error, job, attempt) =>
        logger.info(
          { jobId: job.id, requestId: job.data.requestId, code: error.code, attempt },
          "research will be retried",
        ),
    },
  );
  batchServices.attach(worker);

  // Each list is driven by one runner at a time: discovery here, its research as batch items of its key.
  const researchQueue = new Queue(RESEARCH_QUEUE, { connection: queueConnection, prefix: config.redisPrefix });
  researchQueue.on("error", () => {});
  const listWorker = createListWorker({
    lists,
    batches: batchServices.batches,
    queue: researchQueue,
    pipeline: createListPipeline({ search, fetcher, ...(pageReads ? { pageReads } : {}) }),
    prefix: config.redisPrefix,
    queueConnection,
    concurrency: config.list.concurrency,
    lockMs: config.jobLockMs,
    onError: (error, listId) => logger.warn({ err: error, listId }, "list run failed; it is tried again"),
    // Behind Sentinel, a list's runner starts on a take a replica holds (docs/decisions/0012).
    ...(confirmation ? { confirmation } : {}),
    onFinished: (list) =>
      logger.info(
        { listId: list.id, status: list.status, stopReason: list.stopReason, counts: list.counts },
        "list finished",
      ),
  });

  // Watches: scheduled and on-demand runs, each a research job on this queue, and their callbacks.
  const watchServices = startWatchServices({
    target: config.redis,
    prefix: config.redisPrefix,
    redis,
    queueConnection,
    watch: config.watch,
    callback: config.callback,
    callbackPolicy: { allowPrivate: config.fetch.allowPrivate, connectTo: config.fetch.connectTo },
    apiKeys: config.apiKeys,
    lockMs: config.jobLockMs,
    onRun: (report) => logger.info(report, "watch run"),
    // A watch on a list makes its list again on each run, as a list of the watch's key.
    lists: { lists, identify: candidateKeys, maxOpen: config.list.maxOpen },
    // Behind Sentinel, a run starts and is recorded on writes a replica holds (docs/decisions/0012).
    ...(confirmation ? { confirmation } : {}),
    onCallbackAttempt: (event) => logger.info(event, "watch callback attempt"),
  });

  let heartbeat: Heartbeat | null = null;
  let dependencies: DependencyWatch | null = null;
  return {
    start() {
      // The model endpoint and the search provider are checked now and then; each new report goes
      // out with a heartbeat at once, for the gateways' /readyz.
      dependencies = watchDependencies(config, logger, () => void heartbeat?.beat());
      const watch = dependencies;
      heartbeat = startHeartbeat(redis, config.redisPrefix, workerId, { checks: () => watch.report() });
      void worker.run();
      void listWorker.worker.run();
      watchServices.start();
    },
    async stop() {
      // Watch runs only wait on research jobs: they stop alongside, and one not finished in the grace
      // period is taken over by another worker under the same run id.
      const watchesClosed = watchServices.close(config.shutdownGraceMs);
      // A list's runner only waits on its research: it is handed back at once for another worker to
      // resume. With Redis gone, BullMQ's close never ends: it gets the grace period, as research does.
      const listsStopped = listWorker.stop().catch(() => {});
      const finished = worker.close().then(() => true);
      const graceOver = new Promise<boolean>((resolve) =>
        setTimeout(() => resolve(false), config.shutdownGraceMs).unref(),
      );
      await Promise.race([listsStopped, graceOver]);
      if (!(await Promise.race([finished, graceOver]))) {
        const handedBack = await handBackActiveJobs(worker).catch(() => 0);
        // A job that could not be moved keeps its lock until it expires; another worker then takes it over.
        logger.warn(
          { graceMs: config.shutdownGraceMs, handedBack },
          "running jobs not finished in the grace period; handed back to the queue",
        );
      }
      dependencies?.stop();
      const closed = Promise.allSettled([
        watchesClosed,
        batchServices.close(),
        lists.close(),
        researchQueue.close(),
        heartbeat?.stop(),
      ]).then(() => true);
      const closeOver = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CLOSE_BOUND_MS).unref());
      if (!(await Promise.race([closed, closeOver])))
        logger.warn(
          { boundMs: CLOSE_BOUND_MS },
          "Redis did not answer the stop's last writes; closing its connections",
        );
      await fetcher.close();
      await extraction.close();
      redis.disconnect();
      queueConnection.disconnect();
    },
  };
}
