import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

/** A gateway or worker process started by a benchmark. */
export interface ServiceProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** The last lines the process wrote to stdout and stderr (at most 200). */
  readonly lines: string[];
  /** Resolves with the exit code once the process has ended. */
  readonly exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

/**
 * Runs `node [nodeArguments] script` with exactly `env` (plus PATH). Unlike the test harness's
 * processes this one takes node flags, such as `--cpu-prof`, which NODE_OPTIONS refuses.
 */
export function startService(name: string, script: string, env: Record<string, string>, nodeArguments: readonly string[] = []): ServiceProcess {
  const child = spawn(process.execPath, [...nodeArguments, script], {
    env: { PATH: process.env.PATH ?? "", ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on("line", (line) => {
      lines.push(line);
      if (lines.length > 200) lines.shift();
    });
  }
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    name,
    child,
    lines,
    exited,
    kill(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}
