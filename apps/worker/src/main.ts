import { createLogger, loadConfigOrExit } from "@dossier/config";
import { createWorkerId } from "@dossier/queue";
import { createWorker } from "./create-worker.js";
import { boundHeapGrowth } from "./heap-growth.js";

const config = loadConfigOrExit("dossier worker");
const workerId = createWorkerId();
const logger = createLogger("worker", config.logLevel, { workerId });

const worker = createWorker(config, logger, workerId);
// With a multi-gigabyte heap limit V8 lets the heap grow to about four times what survived its last
// full collection; a worker's live set is small and its garbage plentiful, so that is mostly idle memory.
boundHeapGrowth(config.workerHeapGrowthPercent);
worker.start();
logger.info(
  {
    concurrency: config.workerConcurrency,
    heapGrowthPercent: config.workerHeapGrowthPercent,
    model: config.llm.model,
    modelEndpoint: config.llm.baseUrl,
    searchProvider: config.search.provider,
  },
  "worker started",
);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "worker stopping: taking no new jobs, finishing the running ones");
  await worker.stop();
  logger.info("worker stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
