import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeChatServer, startFakeChatServer } from "../llm/start-fake-chat-server.js";
import { deleteKeysWithPrefix, testRedisUrl } from "../redis/test-redis.js";
import { repositoryRoot } from "../stack/repository-root.js";
import { type ServiceProcess, startProcess } from "../stack/start-process.js";

const run = promisify(execFile);
const root = repositoryRoot();
const rootPackage = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  packageManager: string;
  engines: { node: string };
};

/** One Dockerfile instruction: its keyword and the rest, continuation lines joined. */
interface Instruction {
  keyword: string;
  text: string;
}

function parseDockerfile(text: string): { preamble: Instruction[]; stages: Instruction[][] } {
  const logical = text
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("#"))
    .join("\n")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const preamble: Instruction[] = [];
  const stages: Instruction[][] = [];
  for (const line of logical) {
    const [keyword = "", ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), text: rest.join(" ") };
    if (instruction.keyword === "FROM") stages.push([instruction]);
    else (stages.at(-1) ?? preamble).push(instruction);
  }
  return { preamble, stages };
}

const dockerfile = parseDockerfile(readFileSync(join(root, "Dockerfile"), "utf8"));
const [build = [], final = []] = [dockerfile.stages[0], dockerfile.stages.at(-1)];
const runs = (stage: Instruction[]) => stage.filter((entry) => entry.keyword === "RUN").map((entry) => entry.text);
const only = (stage: Instruction[], keyword: string) => {
  const found = stage.filter((entry) => entry.keyword === keyword);
  expect(found, keyword).toHaveLength(1);
  return found[0]!.text;
};
/** The Dockerfile's `pnpm ... deploy <target>` command, as arguments. */
const deployCommand = runs(build)
  .find((command) => /^pnpm .*\bdeploy\b/.test(command))
  ?.split(" ");

describe("Dockerfile", () => {
  it("builds in one stage and runs the pruned tree in another, both on the Node the engines field allows", () => {
    expect(dockerfile.stages.length).toBe(2);
    const image = /^NODE_IMAGE=(\S+)$/.exec(only(dockerfile.preamble, "ARG"))?.[1] ?? "";
    const major = Number(/^node:(\d+)-/.exec(image)?.[1]);
    const minimum = Number(/^>=(\d+)\./.exec(rootPackage.engines.node)?.[1]);
    expect(major).toBeGreaterThanOrEqual(minimum);
    expect(build[0]!.text).toMatch(/^\$\{NODE_IMAGE\} AS build$/);
    expect(final[0]!.text).toMatch(/^\$\{NODE_IMAGE\}$/);
  });

  it("installs the pinned pnpm, the workspace from its lockfile, and deploys the CLI without dev dependencies", () => {
    const pnpmVersion = rootPackage.packageManager.replace(/^pnpm@/, "");
    expect(runs(build)).toContain(`npm install --global pnpm@${pnpmVersion} --no-fund --no-audit`);
    expect(runs(build).some((command) => command.startsWith("pnpm install --frozen-lockfile"))).toBe(true);
    expect(deployCommand).toBeDefined();
    expect(deployCommand).toEqual(expect.arrayContaining(["--prod", "--filter", "@dossier/cli", "deploy"]));
  });

  it("runs as an unprivileged user, copies only the deployed tree, checks its health and picks the process by command", () => {
    expect(runs(final)).toEqual([]);
    const copies = final.filter((entry) => entry.keyword === "COPY").map((entry) => entry.text);
    expect(copies).toEqual([`--from=build ${deployCommand!.at(-1)} /app`]);
    const user = only(final, "USER").split(":")[0];
    expect(["root", "0", ""]).not.toContain(user);
    expect(only(final, "ENV")).toBe("NODE_ENV=production");
    expect(only(final, "HEALTHCHECK")).toMatch(/CMD \["node", "\/app\/dist\/main\.js", "healthcheck"\]$/);
    expect(only(final, "ENTRYPOINT")).toBe('["node", "/app/dist/main.js"]');
    expect(only(final, "CMD")).toBe('["gateway"]');
  });

  it("keeps the host's installs, builds and git history out of the build context", () => {
    const ignored = readFileSync(join(root, ".dockerignore"), "utf8").split("\n");
    for (const pattern of ["**/node_modules", "**/dist", ".git", ".env"]) expect(ignored).toContain(pattern);
  });
});

/** Runs the deployed CLI once and returns its exit code and output. */
async function runCli(main: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, [main, ...args], { env: { PATH: process.env.PATH ?? "", ...env } }).then(
    (output) => ({ code: 0, output: output.stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, output: error.stdout }),
  );
}

describe("the image's production tree, made by the Dockerfile's pnpm deploy here (no Docker engine needed)", () => {
  const target = mkdtempSync(join(tmpdir(), "dossier-deploy-"));
  const main = join(target, "dist/main.js");
  const prefix = `test-${randomBytes(5).toString("hex")}`;
  const env: Record<string, string> = {
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    LOG_LEVEL: "info",
    NODE_ENV: "production",
    LLM_MODEL: "fake-model",
    SEARCH_PROVIDER: "none",
  };
  const processes: ServiceProcess[] = [];
  // The worker checks the model endpoint; /readyz is ready only when it answers.
  let model: FakeChatServer | undefined;
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
  redis.on("error", () => {});

  beforeAll(async () => {
    model = await startFakeChatServer();
    env.OPENAI_BASE_URL = model.url;
    const [command, ...args] = deployCommand!;
    await run(command!, [...args.slice(0, -1), target], { cwd: root });
  }, 180_000);
  afterAll(async () => {
    await model?.close();
    for (const process of processes) process.kill("SIGKILL");
    await Promise.all(processes.map((process) => process.exited));
    await deleteKeysWithPrefix(redis, prefix).catch(() => {});
    redis.disconnect();
    rmSync(target, { recursive: true, force: true });
  });

  it("holds the CLI and its production dependencies, and no test, eval or bench code nor dev tools", () => {
    expect(existsSync(main)).toBe(true);
    const store = readdirSync(join(target, "node_modules/.pnpm"));
    const devOnly = [
      "@dossier+testing",
      "@dossier+system-tests",
      "@dossier+eval",
      "@dossier+bench",
      "vitest",
      "typescript",
      "testcontainers",
      "@testcontainers+redis",
      "@biomejs+biome",
      "dclint",
      "kubernetes-models",
    ];
    for (const name of devOnly) expect(store.filter((entry) => entry.startsWith(`${name}@`))).toEqual([]);
    const workspacePackages = store.filter((entry) => entry.startsWith("@dossier+"));
    expect(workspacePackages.map((entry) => entry.replace(/@file.*$/, "")).sort()).toEqual(
      [
        "@dossier+client",
        "@dossier+config",
        "@dossier+console",
        "@dossier+contract",
        "@dossier+egress",
        "@dossier+enrich",
        "@dossier+gateway",
        "@dossier+mcp",
        "@dossier+queue",
        "@dossier+research",
        "@dossier+worker",
      ].sort(),
    );
    for (const entry of workspacePackages) {
      const name = entry.replace(/^@dossier\+/, "").replace(/@file.*$/, "");
      const folder = join(target, "node_modules/.pnpm", entry, "node_modules/@dossier", name);
      // The published files of a package (npm always adds its README): no sources, tests or configs.
      const shipped = readdirSync(folder).filter((file) => !["node_modules", "README.md"].includes(file));
      expect(shipped.sort()).toEqual(["dist", "package.json"]);
      const compiled = readdirSync(join(folder, "dist"), { recursive: true }) as string[];
      expect(compiled.filter((file) => /\.test\.js$/.test(file))).toEqual([]);
    }
    expect(readdirSync(target).sort()).toEqual(["dist", "node_modules", "package.json", "pnpm-lock.yaml"]);
  });

  it("runs the gateway and a worker by command, and each one's health check tells whether it is up", async () => {
    expect((await runCli(main, ["healthcheck", "worker"], env)).code).toBe(1);

    const gateway = startProcess("gateway", main, { ...env, PORT: "0" }, { arguments: ["gateway"] });
    processes.push(gateway);
    const port = String((await gateway.waitForLog("gateway listening")).port);
    const baseUrl = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${baseUrl}/healthz`)).json()).toEqual({ status: "ok" });
    // The web console is built with the image and served from the production tree.
    const console = await fetch(`${baseUrl}/console/assets/console.js`);
    expect(console.status).toBe(200);
    expect(console.headers.get("content-type")).toMatch(/javascript/);
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(503);

    const worker = startProcess("worker", main, env, { arguments: ["worker"] });
    processes.push(worker);
    await worker.waitForLog("worker started");
    // Waits on the state it needs: the worker's first heartbeat (a guard, not a speed target).
    const deadline = Date.now() + 30_000;
    let ready = await fetch(`${baseUrl}/readyz`);
    while (ready.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await fetch(`${baseUrl}/readyz`);
    }
    expect(await ready.json()).toEqual({
      status: "ready",
      redis: "ok",
      workers: 1,
      model: "ok",
      search: "none configured (SEARCH_PROVIDER=none)",
    });

    const gatewayCheck = await runCli(main, ["healthcheck"], { ...env, PORT: port });
    expect(gatewayCheck).toEqual({ code: 0, output: `gateway healthy: ${baseUrl}/healthz answered 200\n` });
    const workerCheck = await runCli(main, ["healthcheck", "worker"], env);
    expect(workerCheck.code).toBe(0);
    expect(workerCheck.output).toMatch(/^worker healthy: 1 worker\(s\) on .+ sent a heartbeat in the last 30 s\n$/);

    gateway.kill("SIGTERM");
    expect(await gateway.exited).toBe(0);
    expect((await runCli(main, ["healthcheck"], { ...env, PORT: port })).code).toBe(1);
    worker.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    expect((await runCli(main, ["healthcheck", "worker"], env)).code).toBe(1);
  }, 180_000);
});
