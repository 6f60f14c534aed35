import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repositoryRoot } from "./repository-root.js";

const run = promisify(execFile);
const root = repositoryRoot();

interface ComposeService {
  image?: string;
  build?: string | { context: string };
  command?: string[];
  entrypoint?: string[];
  volumes?: string[];
  ports?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
}

interface ComposeFile {
  "x-dossier-environment": Record<string, string>;
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

const compose = parse(readFileSync(join(root, "docker-compose.yml"), "utf8"), { merge: true }) as ComposeFile;
const service = (name: string): ComposeService => {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
};

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

  it("runs the whole stack: Redis, SearXNG, Ollama pulling the model, the gateway and two workers", () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ["gateway", "ollama", "ollama-pull", "redis", "searxng", "worker"].sort(),
    );
    expect(service("worker").deploy?.replicas).toBe(2);
    const model = compose["x-dossier-environment"].LLM_MODEL!;
    expect(service("ollama-pull").entrypoint?.join(" ")).toContain(`ollama pull ${model}`);
    // No API key needed: the local key works unless API_KEYS says otherwise.
    expect(compose["x-dossier-environment"].API_KEYS).toMatch(/^\$\{API_KEYS:-dossier-local-key\}$/);
    expect(service("gateway").ports).toEqual(["127.0.0.1:8080:8080"]);
    expect(service("gateway").environment?.PORT).toBe("8080");
    const readme = readFileSync(join(root, "README.md"), "utf8");
    expect(readme).toContain("docker compose up");
    expect(readme).toContain("pnpm install && pnpm test");
  });

  it("builds the gateway and workers from the Dockerfile, with no source tree mounted and nothing installed at start", () => {
    for (const [name, command] of [
      ["gateway", ["gateway"]],
      ["worker", ["worker"]],
    ] as const) {
      const built = service(name);
      expect(built.build).toBe(".");
      expect(built.image).toBeUndefined();
      expect(built.command).toEqual(command);
      expect(built.volumes ?? []).toEqual([]);
      expect(built.environment?.REDIS_URL).toBe("redis://redis:6379");
    }
    // The gateway keeps the image's health check; a worker checks its own heartbeat.
    expect(service("gateway").healthcheck).toBeUndefined();
    expect(service("worker").healthcheck?.test).toEqual(["CMD", "node", "/app/dist/main.js", "healthcheck", "worker"]);
  });

  it("keeps Redis across restarts (append-only file, flushed every second, in a volume) and never evicts keys", () => {
    const redis = service("redis");
    const command = redis.command ?? [];
    const option = (name: string) => command[command.indexOf(name) + 1];
    expect(command[0]).toBe("redis-server");
    expect(option("--appendonly")).toBe("yes");
    expect(option("--appendfsync")).toBe("everysec");
    expect(option("--maxmemory-policy")).toBe("noeviction");
    expect(redis.volumes).toEqual(["redis-data:/data"]);
    expect(Object.keys(compose.volumes)).toContain("redis-data");
  });
});
