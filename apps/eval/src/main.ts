#!/usr/bin/env node
import { loadConfig } from "@dossier/config";
import { redisOfTarget } from "@dossier/testing";
import { Command } from "commander";
import { runEval } from "./run-eval.js";

const program = new Command("eval")
  .description("run the case files through a gateway and worker over the simulated web and print quality figures")
  .option("--concurrency <n>", "cases in flight at once", "4")
  .option("--filter <text>", "only cases whose id contains this text")
  .option("--verbose", "print each case as it finishes")
  .action(async (options: { concurrency: string; filter?: string; verbose?: boolean }) => {
    const config = loadConfig();
    const { report, passed } = await runEval({
      redis: redisOfTarget(config.redis),
      concurrency: Number(options.concurrency),
      ...(options.filter ? { filter: options.filter } : {}),
      log: (line) => options.verbose && process.stderr.write(`${line}\n`),
    });
    process.stdout.write(`${report}\n`);
    if (!passed) process.exitCode = 1;
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`eval: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
