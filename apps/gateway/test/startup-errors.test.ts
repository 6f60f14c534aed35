import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { repositoryRoot } from "@dossier/testing";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

/** Runs one of Dossier's processes with `env` (and nothing else of this one's) until it exits. */
async function runProcess(script: string, env: Record<string, string>) {
  try {
    await run(process.execPath, [join(repositoryRoot(), script)], {
      env: { PATH: process.env.PATH ?? "", ...env },
      timeout: 20_000,
    });
    return { code: 0, stderr: "" };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe("a process started with a bad environment", () => {
  it.each([
    ["the gateway", "apps/gateway/dist/main.js", "dossier gateway"],
    ["a worker", "apps/worker/dist/main.js", "dossier worker"],
  ])("%s exits 1 with one line per problem and no stack trace", async (_name, script, program) => {
    const { code, stderr } = await runProcess(script, { PORT: "http", WORKER_CONCURRENCY: "0" });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `${program}: 2 environment variables are not valid:\n` +
        "  PORT: must be a whole number\n" +
        "  WORKER_CONCURRENCY: must be at least 1\n",
    );
  });
});
