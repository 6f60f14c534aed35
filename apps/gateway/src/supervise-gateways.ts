import cluster, { type Worker } from "node:cluster";
import type { Config } from "@dossier/config";
import type { Logger } from "pino";
import { serveClusterMetrics } from "./cluster-metrics.js";

/** A child that dies sooner than this after its start is restarted only after this long, in milliseconds. */
const RESTART_DELAY_MS = 1_000;

/**
 * The supervising process of `GATEWAY_PROCESSES` > 1: forks that many gateway processes, which
 * share `PORT` (node:cluster hands each new connection to one of them in turn), restarts one that
 * dies, and on SIGTERM or SIGINT passes SIGTERM to every child and exits once all of them have
 * finished their calls in flight (0 when every child stopped cleanly).
 */
export function superviseGateways(config: Config, logger: Logger): void {
  serveClusterMetrics();
  const startedAt = new Map<Worker, number>();
  let stopping = false;
  let failed = false;

  const fork = () => {
    const child = cluster.fork();
    startedAt.set(child, Date.now());
  };

  cluster.on("exit", (child, code, signal) => {
    const lived = Date.now() - (startedAt.get(child) ?? 0);
    startedAt.delete(child);
    if (stopping) {
      if (code !== 0) failed = true;
      if (startedAt.size === 0) {
        logger.info({ failed }, "gateway processes stopped");
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    logger.error({ pid: child.process.pid, code, signal }, "a gateway process died; starting another");
    setTimeout(() => !stopping && fork(), lived < RESTART_DELAY_MS ? RESTART_DELAY_MS : 0).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, processes: startedAt.size }, "gateway processes stopping");
    if (startedAt.size === 0) process.exit(0);
    for (const child of startedAt.keys()) child.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  for (let index = 0; index < config.gatewayProcesses; index += 1) fork();
  logger.info({ processes: config.gatewayProcesses, port: config.port }, "gateway processes started");
}
