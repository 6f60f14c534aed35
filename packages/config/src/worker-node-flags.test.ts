import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { WORKER_NODE_FLAGS } from "./worker-node-flags.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, "utf8");

describe("the flags a worker is started with", () => {
  it("are given by every way this repository starts a worker", () => {
    const flags = WORKER_NODE_FLAGS.join(" ");
    const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
    expect(scripts["start:worker"]).toBe(`exec node ${flags} apps/worker/dist/main.js`);
    expect(read("docker-compose.yml")).toContain(`NODE_OPTIONS: "${flags}"`);
    expect(read("deploy/kubernetes/worker-deployment.yaml")).toMatch(
      new RegExp(`name: NODE_OPTIONS\\s+value: "${flags}"`),
    );
  });
});
