#!/usr/bin/env node
import { ConfigError, describeConfigError, loadConfig } from "@dossier/config";
import { Command } from "commander";
import { askCommand } from "./commands/ask-command.js";
import { batchCommand } from "./commands/batch-command.js";
import { healthcheckCommand } from "./commands/healthcheck-command.js";
import { jobsCommand } from "./commands/jobs-command.js";
import { keysCommand } from "./commands/keys-command.js";
import { listCommand } from "./commands/list-command.js";
import { mcpCommand } from "./commands/mcp-command.js";
import { gatewayCommand, workerCommand } from "./commands/service-commands.js";
import { startCommand } from "./commands/start-command.js";
import { watchCommand } from "./commands/watch-command.js";

const program = new Command("dossier")
  .description("Dossier: research API for people and companies")
  .showHelpAfterError();
program.addCommand(keysCommand(() => loadConfig()));
program.addCommand(askCommand(() => loadConfig()));
program.addCommand(batchCommand(() => loadConfig()));
program.addCommand(listCommand(() => loadConfig()));
program.addCommand(startCommand(() => loadConfig()));
program.addCommand(gatewayCommand());
program.addCommand(workerCommand());
program.addCommand(jobsCommand(() => loadConfig()));
program.addCommand(healthcheckCommand(() => loadConfig()));
program.addCommand(mcpCommand(() => loadConfig()));
program.addCommand(watchCommand(() => loadConfig()));

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(
    error instanceof ConfigError ? describeConfigError(error, "dossier") : `dossier: ${(error as Error).message}\n`,
  );
  process.exitCode = 1;
}
