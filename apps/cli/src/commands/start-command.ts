import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Command } from "commander";

// Resolved as packages, so that this works in the workspace and in a deployed tree alike.
const scripts = ["@dossier/gateway/main", "@dossier/worker/main"];

/** `dossier start`: the gateway and one worker in the foreground; SIGINT/SIGTERM stop both cleanly. */
export function startCommand(): Command {
  return new Command("start").description("run the gateway and one worker in the foreground").action(async () => {
    const children: ChildProcess[] = scripts.map((script) =>
      spawn(process.execPath, [fileURLToPath(import.meta.resolve(script))], { stdio: "inherit", env: process.env }),
    );
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      for (const child of children) if (child.exitCode === null) child.kill(signal);
    };
    process.on("SIGINT", () => stop("SIGTERM"));
    process.on("SIGTERM", () => stop("SIGTERM"));
    const codes = await Promise.all(
      children.map(
        (child) =>
          new Promise<number>((resolve) =>
            child.on("exit", (code) => {
              // One process ending on its own takes the other down too.
              stop("SIGTERM");
              resolve(code ?? 0);
            }),
          ),
      ),
    );
    process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
  });
}
