import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "./repository-root.js";

const run = promisify(execFile);
const root = repositoryRoot();

describe("docker-compose.yml", () => {
  it("passes the Compose Specification linter", async () => {
    const result = await run(join(root, "node_modules/.bin/dclint"), ["docker-compose.yml"], { cwd: root }).then(
      (output) => ({ code: 0, output: output.stdout + output.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );
    expect(result.output).not.toMatch(/\berror\b/);
    expect(result.code).toBe(0);
  });

  it("runs the services with the README's commands, and two workers", () => {
    const compose = readFileSync(join(root, "docker-compose.yml"), "utf8");
    const readme = readFileSync(join(root, "README.md"), "utf8");
    for (const command of ["pnpm install", "pnpm start:gateway", "pnpm start:worker"]) {
      expect(compose).toContain(command);
      expect(readme).toContain(command);
    }
    expect(readme).toContain("docker compose up");
    expect(readme).toContain("pnpm install && pnpm test");
    expect(compose).toMatch(/worker:[\s\S]*replicas: 2/);
    for (const service of ["redis:", "searxng:", "ollama:", "gateway:", "worker:"])
      expect(compose).toContain(`  ${service}`);
  });
});
