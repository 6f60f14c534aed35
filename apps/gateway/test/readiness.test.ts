import {
  type FakeChatServer,
  freePort,
  type Harness,
  problemOf,
  type Stack,
  startFakeChatServer,
  startHarness,
  startStack,
} from "@dossier/testing";
import { afterEach, describe, expect, it } from "vitest";

let harness: Harness | undefined;
let stack: Stack | undefined;
let model: FakeChatServer | undefined;
afterEach(async () => {
  await harness?.stop();
  await stack?.stop();
  await model?.close();
  harness = stack = model = undefined;
});

const readyz = (baseUrl: string) => fetch(`${baseUrl}/readyz`);
/** A worker is seen and has checked its services once. */
const checked = (body: Record<string, unknown>) => body.workers === 1 && body.model !== "not checked yet";

/** Asks /readyz until `done` holds for its answer, for at most `timeoutMs`. */
async function readyzUntil(baseUrl: string, done: (body: Record<string, unknown>) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await readyz(baseUrl);
    const body = (await response.json()) as Record<string, unknown>;
    if (done(body) || Date.now() > deadline) return { status: response.status, body };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("GET /readyz reports each dependency", () => {
  it("is ready with Redis, a worker, the model endpoint and the search provider, and asks neither of them per call", async () => {
    harness = await startHarness();
    const { status, body } = await readyzUntil(harness.stack.baseUrl, (answer) => answer.model === "ok");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ready", redis: "ok", workers: 1, model: "ok", search: "ok" });
    const asked = { models: harness.model.modelListRequests, search: harness.world.search.healthChecks };
    for (let call = 0; call < 20; call += 1) expect((await readyz(harness.stack.baseUrl)).status).toBe(200);
    // The worker checks on its own schedule (every 30 s when all is well), not when /readyz is asked.
    expect(harness.model.modelListRequests - asked.models).toBeLessThanOrEqual(1);
    expect(harness.world.search.healthChecks - asked.search).toBeLessThanOrEqual(1);
  });

  it("fails naming the unreachable model endpoint, warns with the variable to set, and recovers once it answers", async () => {
    const [modelPort, searchPort] = [await freePort(), await freePort()];
    const modelUrl = `http://127.0.0.1:${modelPort}/v1`;
    stack = await startStack({
      env: { OPENAI_BASE_URL: modelUrl, SEARCH_PROVIDER: "searxng", SEARXNG_URL: `http://127.0.0.1:${searchPort}` },
    });
    const down = await readyzUntil(stack.baseUrl, checked);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      code: "LLM_UNREACHABLE",
      redis: "ok",
      workers: 1,
      model: `unreachable: ${modelUrl}`,
      search: `unreachable: http://127.0.0.1:${searchPort}`,
    });
    expect(down.body.detail).toMatch(/OPENAI_BASE_URL/);
    const warnings = stack
      .logLines()
      .filter((line) => line.startsWith('{"level":40'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/OPENAI_BASE_URL/), expect.stringMatching(/SEARXNG_URL/)]),
    );

    // A model endpoint that starts answering is noticed within seconds, without a restart.
    model = await startFakeChatServer({ port: modelPort });
    const up = await readyzUntil(stack.baseUrl, (answer) => answer.model === "ok");
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      status: "ready",
      model: "ok",
      search: `unreachable: http://127.0.0.1:${searchPort}`,
    });
  });

  it("says a model that the endpoint does not list, and stays ready (some servers answer any name)", async () => {
    model = await startFakeChatServer();
    stack = await startStack({ env: { OPENAI_BASE_URL: model.url, LLM_MODEL: "qwen2.5:3b-instruct" } });
    const { status, body } = await readyzUntil(stack.baseUrl, checked);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      model: `qwen2.5:3b-instruct not listed: ${model.url}`,
      search: "none configured (SEARCH_PROVIDER=none)",
    });
    expect(stack.logLines().some((line) => /ollama pull qwen2\.5:3b-instruct/.test(line))).toBe(true);
  });

  it("answers problem+json naming what is missing when no worker runs", async () => {
    stack = await startStack({ workers: 0 });
    const response = await readyz(stack.baseUrl);
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toMatch(/application\/problem\+json/);
    expect(await problemOf(response)).toMatchObject({ code: "QUEUE_UNAVAILABLE", redis: "ok", workers: 0 });
  });
});
