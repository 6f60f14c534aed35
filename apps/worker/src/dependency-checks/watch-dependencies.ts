import type { Config } from "@dossier/config";
import type { WorkerDependencyReport } from "@dossier/queue";
import type { Logger } from "pino";
import { type CheckResult, checkModelEndpoint } from "./check-model-endpoint.js";
import { checkSearchProvider } from "./check-search-provider.js";

/** How often the services are checked while every one is fine, in milliseconds. */
export const CHECK_INTERVAL_MS = 30_000;
/** How often they are checked while one is not, so that a fix shows within seconds, in milliseconds. */
export const FAILING_CHECK_INTERVAL_MS = 5_000;

/** The worker's periodic look at the model endpoint and the search provider. */
export interface DependencyWatch {
  /** The last report; undefined until the first check has finished. */
  report(): WorkerDependencyReport | undefined;
  stop(): void;
}

/**
 * Checks the model endpoint and the search provider at once and then periodically (each check is
 * one cheap request, or none), logs a warning naming the variable to set whenever one goes wrong,
 * and a line when it is back. `onReport` hears each new report (to publish it with the heartbeat).
 */
export function watchDependencies(
  config: Pick<Config, "llm" | "search">,
  logger: Logger,
  onReport: (report: WorkerDependencyReport) => void,
): DependencyWatch {
  let last: WorkerDependencyReport | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tell = (service: "model" | "search", result: CheckResult) => {
    const before = last?.[service];
    if (before?.text === result.status.text) return;
    if (result.status.state === "ok") {
      if (before) logger.info({ dependency: service, status: result.status.text }, `${service} reachable again`);
    } else {
      logger.warn({ dependency: service, status: result.status.text }, result.advice ?? result.status.text);
    }
  };
  const check = async () => {
    let allFine = false;
    try {
      const [model, search] = await Promise.all([
        checkModelEndpoint({ baseUrl: config.llm.baseUrl, apiKey: config.llm.apiKey, model: config.llm.model }),
        checkSearchProvider(config.search),
      ]);
      if (stopped) return;
      tell("model", model);
      tell("search", search);
      last = { model: model.status, search: search.status, checkedAt: Date.now() };
      onReport(last);
      allFine = model.status.state === "ok" && search.status.state === "ok";
    } finally {
      if (!stopped) {
        timer = setTimeout(() => void check(), allFine ? CHECK_INTERVAL_MS : FAILING_CHECK_INTERVAL_MS);
        timer.unref();
      }
    }
  };
  void check();
  return {
    report: () => last,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
