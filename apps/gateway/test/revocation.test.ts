import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  companyRequest,
  type Harness,
  nordicClimateIndex,
  readEventStream,
  repositoryRoot,
  startHarness,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
let harness: Harness;

beforeAll(async () => {
  // One item at a time, each answered slowly: most of a batch is still waiting when its key is revoked.
  harness = await startHarness({
    extraSites: [nordicClimateIndex],
    env: { WORKER_CONCURRENCY: "1", BATCH_FEED_AHEAD: "1" },
    modelLatencyMs: 1_000,
  });
});
afterAll(async () => harness?.stop());

function dossier(...args: string[]) {
  return run(process.execPath, [join(repositoryRoot(), "apps/cli/dist/main.js"), ...args], {
    env: { PATH: process.env.PATH ?? "", ...harness.stack.redisEnv },
  });
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe("revoking a key", () => {
  it("ends its event streams, cancels its open batches, and says what it cancelled", async () => {
    const key = (await dossier("keys", "create", "--name", "to-revoke")).stdout.trim();
    const questions = Array.from({ length: 10 }, (_, index) => `Revoked batch: question ${index}?`);
    const submitted = await harness.post(
      "/v1/batches",
      { items: questions.map((question) => ({ type: "company", request: companyRequest(question) })) },
      { "x-api-key": key },
    );
    expect(submitted.status).toBe(202);
    const location = submitted.headers.get("location")!;
    const events = await fetch(`${harness.stack.baseUrl}${location}/events`, { headers: { "x-api-key": key } });
    expect(events.status).toBe(200);
    const streamed = readEventStream(events);
    const asked = () => harness.model.requests.filter((request) => questions.some((q) => request.userText.includes(q)));
    while (asked().length === 0) await sleep(25);

    const revoked = await dossier("keys", "revoke", "to-revoke");
    expect(revoked.stdout).toMatch(
      /Revoked key-[0-9a-f]+ \(to-revoke\); cancelled 1 open batch \((\d+) items? not started/,
    );
    const notStarted = Number(/\((\d+) items? not started/.exec(revoked.stdout)![1]);
    expect(notStarted).toBeGreaterThan(0);

    // The batch's event stream ends by itself, and the key is refused from now on.
    await streamed;
    expect((await fetch(`${harness.stack.baseUrl}${location}`, { headers: { "x-api-key": key } })).status).toBe(401);

    // Only the items already running go on: the batch finishes once they have.
    const batchKey = `${harness.stack.prefix}:batch:${location.split("/").pop()}`;
    while (!(await harness.stack.redis.hget(batchKey, "finishedAt"))) await sleep(50);
    expect(await harness.stack.redis.hget(batchKey, "status")).toBe("cancelled");
    const researched = new Set(asked().map((request) => questions.find((q) => request.userText.includes(q))));
    expect(researched.size).toBeLessThanOrEqual(questions.length - notStarted);
  });

  it("cancels its running lists, whose research not started is cancelled with them", async () => {
    const key = (await dossier("keys", "create", "--name", "list-owner")).stdout.trim();
    const accepted = await harness.post(
      "/v1/lists",
      {
        objective: "climate startups in the Nordics that are hiring engineers",
        entityType: "company",
        criteria: [{ id: "hiring", description: "is hiring engineers" }],
        limit: 50,
      },
      { "x-api-key": key },
    );
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as { id: string };
    const listKey = `${harness.stack.prefix}:list:${id}`;
    // Revoked once the list has handed candidates to research, which runs one item a second.
    while (Number((await harness.stack.redis.hget(listKey, "submitted")) ?? 0) === 0) await sleep(50);

    const revoked = await dossier("keys", "revoke", "list-owner");
    expect(revoked.stdout).toMatch(
      /Revoked key-[0-9a-f]+ \(list-owner\); cancelled 0 open batches .* and 1 running list,/,
    );
    expect(await harness.stack.redis.hget(listKey, "status")).toBe("cancelled");

    // Its research waiting then is cancelled: its batches end once the items already running have finished.
    const waves = (await harness.stack.redis.lrange(`${listKey}:waves`, 0, -1)).map(
      (wave) => JSON.parse(wave) as { batchId: string },
    );
    const statuses = [];
    for (const { batchId } of waves) {
      const batchKey = `${harness.stack.prefix}:batch:${batchId}`;
      while (!(await harness.stack.redis.hget(batchKey, "finishedAt"))) await sleep(50);
      statuses.push(await harness.stack.redis.hget(batchKey, "status"));
    }
    expect(statuses).toContain("cancelled");
  });
});
