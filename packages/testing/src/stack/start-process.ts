import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

/**
 * How long a wait for a log line lasts by default, in milliseconds. A worker with two cores shared by
 * a load average of 11 took over 15 s to log its start.
 */
const LOG_TIMEOUT_MS = 45_000;

/** A Dossier process started for a test, with its log lines collected. */
export interface ServiceProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Every line the process wrote to stdout and stderr. */
  readonly lines: string[];
  /**
   * Resolves with the first JSON log line whose `msg` equals `message` (and passes `where`); rejects
   * when the process exits first, or after `timeoutMs` (default 45 s: a bound for a process that
   * hangs, well above a start on a busy machine, under the 60 s a test or hook has).
   */
  waitForLog(
    message: string,
    timeoutMs?: number,
    where?: (line: Record<string, unknown>) => boolean,
  ): Promise<Record<string, unknown>>;
  /** Resolves with the exit code once the process has ended. */
  readonly exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

export interface StartProcessOptions {
  /** Node flags before the script, such as `--cpu-prof`, which NODE_OPTIONS refuses. */
  nodeArguments?: readonly string[];
  /** Keep only the last this many lines. Default: all. */
  keepLines?: number;
  /** Arguments after the script, such as a CLI command. */
  arguments?: readonly string[];
}

/**
 * Runs `node [nodeArguments] script [arguments]` with `env`, plus PATH and the caller's NODE_OPTIONS and
 * NODE_EXTRA_CA_CERTS when set; nothing else of the caller's environment leaks in.
 */
export function startProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  options: StartProcessOptions = {},
): ServiceProcess {
  const inherited: Record<string, string> = { PATH: process.env.PATH ?? "" };
  for (const variable of ["NODE_OPTIONS", "NODE_EXTRA_CA_CERTS"])
    if (process.env[variable]) inherited[variable] = process.env[variable]!;
  const child = spawn(
    process.execPath,
    [...(options.nodeArguments ?? []), ...(script ? [script] : []), ...(options.arguments ?? [])],
    {
      env: { ...inherited, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on("line", (line) => {
      lines.push(line);
      if (options.keepLines !== undefined && lines.length > options.keepLines) lines.shift();
      for (const listener of listeners) listener(line);
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
    waitForLog(message, timeoutMs = LOG_TIMEOUT_MS, where = () => true) {
      const matches = (line: string): Record<string, unknown> | null => {
        try {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          return parsed.msg === message && where(parsed) ? parsed : null;
        } catch {
          return null;
        }
      };
      for (const line of lines) {
        const found = matches(line);
        if (found) return Promise.resolve(found);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(
            new Error(
              `${name} did not log "${message}" within ${timeoutMs} ms. Last lines:\n${lines.slice(-15).join("\n")}`,
            ),
          );
        }, timeoutMs);
        const listener = (line: string) => {
          const found = matches(line);
          if (found) {
            clearTimeout(timer);
            listeners.delete(listener);
            resolve(found);
          }
        };
        listeners.add(listener);
        void exited.then((code) => {
          if (!listeners.has(listener)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          reject(
            new Error(
              `${name} exited (${code}) before logging "${message}". Last lines:\n${lines.slice(-15).join("\n")}`,
            ),
          );
        });
      });
    },
  };
}
