#!/usr/bin/env node
import { loadConfig } from "@dossier/config";
import { type Effort, effortLevels } from "@dossier/contract";
import { redisOfTarget } from "@dossier/testing";
import { Command, InvalidArgumentError } from "commander";
import { type CaseSetName, caseSetNames, targetedSetNames } from "./case-result.js";
import { type ResponderName, responderNames } from "./responders.js";
import { runEval } from "./run-eval.js";

const program = new Command("eval")
  .description(
    "run the case files (fixture sites, two folders of saved real sites, and held-out questions over both) through a real gateway and worker and print quality figures",
  )
  .option("--concurrency <n>", "cases in flight at once", "4")
  .option("--filter <text>", "only cases whose id contains this text")
  .option(
    "--set <name>",
    "fixture, realweb, realweb2, realweb-heldout or all (all: the three targeted sets; the held-out set runs only when named)",
    "all",
  )
  .option(
    "--responder <name>",
    "the fake model that answers: oracle (knows each case's answer and cites its proof) or weak (a small model at its worst)",
    "oracle",
  )
  .option(
    "--model-url <url>",
    "answer with this OpenAI-compatible endpoint instead of a fake model (--responder is then ignored)",
  )
  .option("--model <name>", "the model name at --model-url")
  .option("--api-key-env <variable>", "environment variable holding the endpoint's API key")
  .option("--realweb-dir <folder>", "saved real sites, one folder per host (default ../shared/realweb)")
  .option("--realweb2-dir <folder>", "the second folder of saved real sites (default ../shared/realweb2)")
  .option(
    "--cases <files...>",
    "case files of the realweb set instead of cases/realweb.jsonl and cases/realweb-*.jsonl (the held-out set's aside)",
  )
  .option("--prompt-tokens <n>", "the prompt budget (RESEARCH_PROMPT_TOKENS) of the stack under test")
  .option("--effort <tier>", "ask every case with this effort: lite, standard or deep (default: none given)")
  .option(
    "--lists",
    "run the find-all list cases of the chosen sets (cases/lists-<set>.jsonl) instead of the research cases",
  )
  .option("--verbose", "print each case as it finishes")
  .option("--show-bodies", "print each case's request and response bodies as it finishes (with --filter, one case)")
  .option("--show-prompts", "print each case's prompts, the passages its model was given (with --filter, one case)")
  .action(
    async (options: {
      concurrency: string;
      filter?: string;
      set: string;
      responder: string;
      modelUrl?: string;
      model?: string;
      apiKeyEnv?: string;
      realwebDir?: string;
      realweb2Dir?: string;
      cases?: string[];
      effort?: string;
      promptTokens?: string;
      verbose?: boolean;
      showBodies?: boolean;
      showPrompts?: boolean;
      lists?: boolean;
    }) => {
      if (options.set !== "all" && !(caseSetNames as readonly string[]).includes(options.set)) {
        throw new InvalidArgumentError(
          `--set must be fixture, realweb, realweb2, realweb-heldout or all, not ${options.set}`,
        );
      }
      const sets: CaseSetName[] = options.set === "all" ? [...targetedSetNames] : [options.set as CaseSetName];
      if (!(responderNames as readonly string[]).includes(options.responder)) {
        throw new InvalidArgumentError(`--responder must be oracle or weak, not ${options.responder}`);
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
        responder: options.responder as ResponderName,
        ...(options.filter ? { filter: options.filter } : {}),
        ...(options.modelUrl && options.model
          ? { model: { url: options.modelUrl, name: options.model, ...(apiKey ? { apiKey } : {}) } }
          : {}),
        ...(options.realwebDir ? { realwebDirectory: options.realwebDir } : {}),
        ...(options.realweb2Dir ? { realweb2Directory: options.realweb2Dir } : {}),
        ...(options.cases ? { realwebCases: options.cases } : {}),
        ...(options.effort ? { effort: options.effort as Effort } : {}),
        ...(options.promptTokens ? { env: { RESEARCH_PROMPT_TOKENS: options.promptTokens } } : {}),
        ...(options.showBodies ? { showBodies: true } : {}),
        ...(options.showPrompts ? { showPrompts: true } : {}),
        ...(options.lists ? { lists: true } : {}),
        log: (line) =>
          (options.verbose || options.showBodies || options.showPrompts) && process.stderr.write(`${line}\n`),
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
