#!/usr/bin/env node
import { loadConfig } from "@dossier/config";
import { type Effort, effortLevels } from "@dossier/contract";
import { redisOfTarget } from "@dossier/testing";
import { Command, InvalidArgumentError } from "commander";
import type { CaseSetName } from "./case-result.js";
import { runEval } from "./run-eval.js";

const program = new Command("eval")
  .description(
    "run the case files (fixture sites and saved real sites) through a real gateway and worker and print quality figures",
  )
  .option("--concurrency <n>", "cases in flight at once", "4")
  .option("--filter <text>", "only cases whose id contains this text")
  .option("--set <name>", "fixture, realweb or all", "all")
  .option("--model-url <url>", "answer with this OpenAI-compatible endpoint instead of the oracle responder")
  .option("--model <name>", "the model name at --model-url")
  .option("--api-key-env <variable>", "environment variable holding the endpoint's API key")
  .option("--realweb-dir <folder>", "saved real sites, one folder per host (default ../shared/realweb)")
  .option("--cases <files...>", "real-web case files instead of cases/realweb*.jsonl")
  .option("--prompt-tokens <n>", "the prompt budget (RESEARCH_PROMPT_TOKENS) of the stack under test")
  .option("--effort <tier>", "ask every case with this effort: lite, standard or deep (default: none given)")
  .option("--verbose", "print each case as it finishes")
  .option("--show-bodies", "print each case's request and response bodies as it finishes (with --filter, one case)")
  .action(
    async (options: {
      concurrency: string;
      filter?: string;
      set: string;
      modelUrl?: string;
      model?: string;
      apiKeyEnv?: string;
      realwebDir?: string;
      cases?: string[];
      effort?: string;
      promptTokens?: string;
      verbose?: boolean;
      showBodies?: boolean;
    }) => {
      const sets: CaseSetName[] =
        options.set === "all" ? ["fixture", "realweb"] : options.set === "fixture" ? ["fixture"] : ["realweb"];
      if (!["all", "fixture", "realweb"].includes(options.set)) {
        throw new InvalidArgumentError(`--set must be fixture, realweb or all, not ${options.set}`);
      }
      if (options.modelUrl && !options.model) throw new InvalidArgumentError("--model-url needs --model NAME");
      const apiKey = options.apiKeyEnv ? process.env[options.apiKeyEnv] : undefined;
      if (options.apiKeyEnv && !apiKey) throw new InvalidArgumentError(`${options.apiKeyEnv} is not set`);
      if (options.effort !== undefined && !(effortLevels as readonly string[]).includes(options.effort)) {
        throw new InvalidArgumentError(`--effort must be lite, standard or deep, not ${options.effort}`);
      }
      const config = loadConfig();
      const { report, passed } = await runEval({
        redis: redisOfTarget(config.redis),
        concurrency: Number(options.concurrency),
        sets,
        ...(options.filter ? { filter: options.filter } : {}),
        ...(options.modelUrl && options.model
          ? { model: { url: options.modelUrl, name: options.model, ...(apiKey ? { apiKey } : {}) } }
          : {}),
        ...(options.realwebDir ? { realwebDirectory: options.realwebDir } : {}),
        ...(options.cases ? { realwebCases: options.cases } : {}),
        ...(options.effort ? { effort: options.effort as Effort } : {}),
        ...(options.promptTokens ? { env: { RESEARCH_PROMPT_TOKENS: options.promptTokens } } : {}),
        ...(options.showBodies ? { showBodies: true } : {}),
        log: (line) => (options.verbose || options.showBodies) && process.stderr.write(`${line}\n`),
      });
      process.stdout.write(`${report}\n`);
      if (!passed) process.exitCode = 1;
    },
  );

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`eval: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
