import type { Config } from "@dossier/config";
import { ResearchQueue } from "@dossier/queue";
import { Command } from "commander";
import { GATEWAY_FLAG_HELP, type GatewayFlags, gatewayClient } from "../gateway-client.js";

/**
 * `dossier jobs show|events <id>` ask the gateway about one job (the key's own); `dossier jobs
 * failed` reads the failed jobs of every key from Redis, for operators.
 */
export function jobsCommand(loadConfig: () => Config): Command {
  const jobs = new Command("jobs").description("inspect research jobs");
  jobs
    .command("show")
    .description("print a job (GET /v1/jobs/{id}) as JSON")
    .argument("<id>", "the job id (the X-Job-Id header of a research call)")
    .option("--url <url>", GATEWAY_FLAG_HELP.url)
    .option("--key <key>", GATEWAY_FLAG_HELP.key)
    .action(async (id: string, options: GatewayFlags) => {
      const job = await gatewayClient(loadConfig(), options).getJob(id);
      process.stdout.write(`${JSON.stringify(job, null, 2)}\n`);
    });
  jobs
    .command("events")
    .description("follow a job's events (GET /v1/jobs/{id}/events), one JSON line each, until it ends")
    .argument("<id>", "the job id")
    .option("--url <url>", GATEWAY_FLAG_HELP.url)
    .option("--key <key>", GATEWAY_FLAG_HELP.key)
    .action(async (id: string, options: GatewayFlags) => {
      for await (const event of gatewayClient(loadConfig(), options).events({ jobId: id })) {
        process.stdout.write(`${JSON.stringify({ event: event.type, id: event.id, data: event.data })}\n`);
      }
    });
  jobs
    .command("failed")
    .description("list failed jobs with their problem")
    .option("--limit <n>", "how many", "50")
    .option("--json", "print JSON")
    .action(async (options: { limit: string; json?: boolean }) => {
      const config = loadConfig();
      const queue = new ResearchQueue({ target: config.redis, prefix: config.redisPrefix });
      try {
        await queue.waitUntilReady();
        const failed = await queue.listFailed(0, Number(options.limit));
        const rows = failed.map((job) => ({
          id: job.id,
          kind: job.kind,
          keyId: job.keyId,
          failedAt: job.failedAt ? new Date(job.failedAt).toISOString() : null,
          attempts: job.attempts,
          code: job.error.code,
          detail: job.error.detail,
        }));
        if (options.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        else if (rows.length === 0) process.stdout.write("No failed jobs.\n");
        else
          for (const row of rows)
            process.stdout.write(`${row.failedAt ?? "-"}  ${row.id}  ${row.kind}  ${row.code}  ${row.detail}\n`);
      } finally {
        await queue.close();
      }
    });
  return jobs;
}
