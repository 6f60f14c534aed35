import { hostname } from "node:os";
import type { Config } from "@dossier/config";
import { countLiveWorkersOnHost, createRedis, WORKER_ALIVE_MS, waitForRedis } from "@dossier/queue";
import { Argument, Command } from "commander";

/** What a health check found, in one line for `docker inspect` and the probe's event. */
interface HealthReport {
  healthy: boolean;
  message: string;
}

async function checkGateway(config: Config, timeoutMs: number): Promise<HealthReport> {
  const url = `http://127.0.0.1:${config.port}/healthz`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return { healthy: response.ok, message: `${url} answered ${response.status}` };
  } catch (error) {
    return { healthy: false, message: `${url} did not answer: ${(error as Error).message}` };
  }
}

async function checkWorker(config: Config, timeoutMs: number): Promise<HealthReport> {
  const host = hostname();
  const redis = createRedis(config.redis, "command");
  try {
    try {
      await waitForRedis(redis, timeoutMs);
    } catch {
      // A Redis outage stops every worker alike; restarting them all would not bring it back.
      return { healthy: true, message: "Redis not reachable: the worker's heartbeat cannot be judged" };
    }
    const live = await countLiveWorkersOnHost(redis, config.redisPrefix, host);
    return {
      healthy: live > 0,
      message: `${live} worker(s) on ${host} sent a heartbeat in the last ${WORKER_ALIVE_MS / 1000} s`,
    };
  } finally {
    redis.disconnect();
  }
}

/**
 * `dossier healthcheck [gateway|worker]`: the container health check of the image. Exits 0 when
 * this host's gateway answers `/healthz`, or when a worker on this host (container, pod) sent its
 * heartbeat to Redis within WORKER_ALIVE_MS; exits 1 otherwise.
 */
export function healthcheckCommand(loadConfig: () => Config): Command {
  return new Command("healthcheck")
    .description("exit 0 when this host's gateway or worker is healthy (for container health checks)")
    .addArgument(new Argument("[role]", "which process to check").choices(["gateway", "worker"]).default("gateway"))
    .option("--timeout <ms>", "how long to wait for an answer, in milliseconds", "3000")
    .action(async (role: "gateway" | "worker", options: { timeout: string }) => {
      const config = loadConfig();
      const timeoutMs = Number(options.timeout);
      const report = role === "gateway" ? await checkGateway(config, timeoutMs) : await checkWorker(config, timeoutMs);
      process.stdout.write(`${role} ${report.healthy ? "healthy" : "unhealthy"}: ${report.message}\n`);
      process.exitCode = report.healthy ? 0 : 1;
    });
}
