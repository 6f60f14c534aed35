import type { Config } from "@dossier/config";
import { ResearchQueue } from "@dossier/queue";
import { Command } from "commander";

/** `dossier jobs failed`: failed research jobs kept for inspection (7 days), newest first. */
export function jobsCommand(loadConfig: () => Config): Command {
  const jobs = new Command("jobs").description("inspect research jobs");
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
