import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import {
  deleteKeysWithPrefix,
  freePort,
  repositoryRoot,
  type ServiceProcess,
  startProcess,
  testRedis,
} from "@dossier/testing";
import { afterAll, afterEach, describe, expect, it } from "vitest";

const main = join(repositoryRoot(), "apps/cli/dist/main.js");
const redis = testRedis();
const inspect = redis.connect();
const prefixes: string[] = [];
let running: ServiceProcess[] = [];
afterEach(async () => {
  // SIGTERM, as a user's Ctrl-C would: `dossier start` then stops its gateway and worker. Killed
  // outright, it would leave them running.
  await Promise.all(
    running.map(async (process) => {
      process.kill("SIGTERM");
      const stopped = await Promise.race([
        process.exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
      ]);
      if (!stopped) process.kill("SIGKILL");
      await process.exited;
    }),
  );
  running = [];
});
afterAll(async () => {
  for (const prefix of prefixes) await deleteKeysWithPrefix(inspect, prefix);
  inspect.disconnect();
});

/** The environment of a user who set nothing but where Redis is (and a fresh key prefix). */
function freshEnvironment(): Record<string, string> {
  const prefix = redis.keyPrefix(`test-${randomBytes(5).toString("hex")}`);
  prefixes.push(prefix);
  return { ...redis.env, REDIS_PREFIX: prefix, PORT: "0", LOG_LEVEL: "info", SEARCH_PROVIDER: "none" };
}

/** `dossier start`, until its gateway listens; the gateway's base URL. */
async function start(env: Record<string, string>): Promise<{ process: ServiceProcess; baseUrl: string }> {
  const process = startProcess("start", main, env, { arguments: ["start"] });
  running.push(process);
  // A guard against a process that never starts, not a speed target: on 2 busy cores start-up took over 20 s.
  const listening = await process.waitForLog("gateway listening", 45_000);
  await process.waitForLog("worker started", 45_000);
  return { process, baseUrl: `http://127.0.0.1:${listening.port as number}` };
}

const usage = (baseUrl: string, key: string) => fetch(`${baseUrl}/v1/usage`, { headers: { "x-api-key": key } });

describe("dossier start on a fresh machine", () => {
  it("makes a key when none is configured, shows it once, and the gateway accepts it", async () => {
    const env = freshEnvironment();
    const first = await start(env);
    const shown = first.process.lines.join("\n");
    const key = /export DOSSIER_API_KEY=(dsk_\S+)/.exec(shown)?.[1];
    expect(key).toBeDefined();
    expect(shown).toMatch(/shown only now/);
    expect((await usage(first.baseUrl, key!)).status).toBe(200);
    first.process.kill("SIGTERM");
    expect(await first.process.exited).toBe(0);

    // The key is stored as every other key: it still works, and it is not shown again.
    const second = await start(env);
    expect(second.process.lines.join("\n")).not.toMatch(/DOSSIER_API_KEY=/);
    expect((await usage(second.baseUrl, key!)).status).toBe(200);
    const listed = startProcess("keys", main, env, { arguments: ["keys", "list", "--json"] });
    running.push(listed);
    await listed.exited;
    const records = JSON.parse(listed.lines.join("\n")) as Array<{ name: string; revokedAt: string | null }>;
    expect(records).toEqual([expect.objectContaining({ name: "local", revokedAt: null })]);
  });

  it("makes no key when API_KEYS names one", async () => {
    const { process, baseUrl } = await start({ ...freshEnvironment(), API_KEYS: "my-own-key-0123456789" });
    expect(process.lines.join("\n")).not.toMatch(/DOSSIER_API_KEY=/);
    expect((await usage(baseUrl, "my-own-key-0123456789")).status).toBe(200);
  });

  it("says how to get Redis, and starts nothing, when the configured one does not answer", async () => {
    const port = await freePort();
    const process = startProcess(
      "start",
      main,
      { ...freshEnvironment(), REDIS_URL: `redis://127.0.0.1:${port}` },
      {
        arguments: ["start"],
      },
    );
    running.push(process);
    expect(await process.exited).toBe(1);
    const said = process.lines.join("\n");
    expect(said).toMatch(new RegExp(`Redis does not answer at redis://127\\.0\\.0\\.1:${port} \\(REDIS_URL\\)`));
    expect(said).toMatch(/leave REDIS_URL unset/);
    expect(said).not.toMatch(/gateway listening/);
  });
});

/** Whether pnpm is on the PATH (the README's `pnpm start` needs it). */
function hasPnpm(): boolean {
  try {
    execFileSync("pnpm", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("stopping and refusing to start", () => {
  it.skipIf(!hasPnpm())("ends `pnpm start` cleanly on Ctrl-C: exit 0, no ELIFECYCLE", async () => {
    // A terminal's Ctrl-C sends SIGINT to the whole foreground process group: pnpm, the shell it
    // runs the script in, the CLI, the gateway and the worker.
    const child = spawn("pnpm", ["start"], {
      cwd: repositoryRoot(),
      env: { PATH: process.env.PATH ?? "", ...freshEnvironment(), API_KEYS: "my-own-key-0123456789" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const output: string[] = [];
    for (const stream of [child.stdout!, child.stderr!])
      stream.on("data", (chunk: Buffer) => output.push(String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      // Both processes up (the gateway listening, the worker started) before the Ctrl-C.
      const started = () => /worker started/.test(output.join("")) && /gateway listening/.test(output.join(""));
      for (const deadline = Date.now() + 30_000; !started(); ) {
        if (Date.now() > deadline) throw new Error(`pnpm start did not start:\n${output.join("")}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      process.kill(-child.pid!, "SIGINT");
      expect(await exited).toBe(0);
      const said = output.join("");
      expect(said).toMatch(/gateway stopped/);
      expect(said).toMatch(/worker stopped/);
      expect(said).not.toMatch(/ELIFECYCLE|Command failed/);
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    }
  });

  it("says once, one line per problem, which variable is wrong, and starts nothing", async () => {
    const process = startProcess("start", main, { ...freshEnvironment(), PORT: "http" }, { arguments: ["start"] });
    running.push(process);
    expect(await process.exited).toBe(1);
    expect(process.lines).toEqual(["dossier: an environment variable is not valid:", "  PORT: must be a whole number"]);
  });
});
