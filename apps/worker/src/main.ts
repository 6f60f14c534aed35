import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { loadConfig, createLogger } from "@dossier/config";
import { createRedis, createResearchWorker, startHeartbeat } from "@dossier/queue";
import { OpenAiCompatibleChatModel, createResearcher } from "@dossier/research";

const config = loadConfig();
const workerId = `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
const logger = createLogger("worker", config.logLevel, { workerId });

const redis = createRedis(config.redisUrl, "blocking");
const model = new OpenAiCompatibleChatModel({
  baseUrl: config.llm.baseUrl,
  apiKey: config.llm.apiKey,
  model: config.llm.model,
  timeoutMs: config.llm.timeoutMs,
  maxRetries: config.llm.maxRetries,
});
const research = createResearcher({ model });

const worker = createResearchWorker(
  async (data, context) => {
    const log = logger.child({ requestId: data.requestId, jobId: context.jobId, kind: data.request.kind });
    const started = performance.now();
    log.info({ responseType: data.request.responseType, queuedMs: Date.now() - data.enqueuedAt }, "research started");
    try {
      const response = await research(data.request, { signal: context.signal, usage: context.usage });
      log.info({ durationMs: Math.round(performance.now() - started), modelCalls: context.usage.modelCalls, confidence: response.confidence }, "research finished");
      return response;
    } catch (error) {
      const code = (error as { code?: string }).code ?? "RESEARCH_FAILED";
      log.warn({ durationMs: Math.round(performance.now() - started), code, detail: (error as Error).message }, "research failed");
      throw error;
    }
  },
  {
    redisUrl: config.redisUrl,
    prefix: config.redisPrefix,
    concurrency: config.workerConcurrency,
    lockMs: config.jobLockMs,
    resultTtlSeconds: config.resultTtlSeconds,
    redis,
    onUnexpectedError: (error, job) => logger.error({ err: error, jobId: job.id, requestId: job.data.requestId }, "unexpected research error"),
  },
);

const heartbeat = startHeartbeat(redis, config.redisPrefix, workerId);
void worker.run();
logger.info(
  { concurrency: config.workerConcurrency, model: config.llm.model, modelEndpoint: config.llm.baseUrl, searchProvider: config.search.provider },
  "worker started",
);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "worker stopping: taking no new jobs, finishing the running ones");
  const finished = worker.close().then(() => true);
  const graceOver = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), config.shutdownGraceMs).unref());
  const clean = await Promise.race([finished, graceOver]);
  if (!clean) {
    // Jobs still running keep their lock until it expires; another worker then takes them over.
    logger.warn({ graceMs: config.shutdownGraceMs }, "running jobs not finished in the grace period; handing them back");
  }
  await heartbeat.stop();
  redis.disconnect();
  logger.info("worker stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
