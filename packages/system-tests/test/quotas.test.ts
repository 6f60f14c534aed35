import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { TYPICAL_RUN_TOKENS, type UsageReport } from "@dossier/contract";
import { companyRequest, type Harness, problemOf, repositoryRoot, startHarness } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
let harness: Harness;

// Two gateways and two workers on one Redis: the limits must hold for the fleet, not per process.
beforeAll(async () => {
  harness = await startHarness({ gateways: 2, workers: 2 });
});
afterAll(async () => harness?.stop());

/** Makes a key with `dossier keys create` and returns its secret. */
async function createKey(name: string, ...limits: string[]): Promise<string> {
  const created = await run(
    process.execPath,
    [join(repositoryRoot(), "apps/cli/dist/main.js"), "keys", "create", "--name", name, ...limits],
    { env: { PATH: process.env.PATH ?? "", ...harness.stack.redisEnv } },
  );
  return created.stdout.trim();
}

/** POSTs to the gateway `gateway` (0 or 1) with `key`. */
function post(gateway: number, key: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${harness.stack.baseUrls[gateway]}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key },
    body: JSON.stringify(body),
  });
}

const nextMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
};

describe("monthly limits of a key, across two gateways and two workers", () => {
  it("lets exactly the monthly calls through and refuses the rest with 429 QUOTA_EXCEEDED before queueing them", async () => {
    const key = await createKey("calls-limited", "--monthly-calls", "4");
    const modelCallsBefore = harness.model.requests.length;
    const responses = await Promise.all(
      Array.from({ length: 7 }, (_, index) =>
        post(index % 2, key, "/v1/research/company", companyRequest(`Calls limit question ${index}?`)),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429]);
    const refused = responses.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const problem = await problemOf(refused);
    expect(problem).toMatchObject({ code: "QUOTA_EXCEEDED", status: 429, resetsAt: nextMonth() });
    expect(problem.detail).toMatch(/may make 4 research calls a month \(UTC\) and has made 4/);
    // Never a half-run job: only the admitted calls reached a worker and the model.
    expect(harness.model.requests.length - modelCallsBefore).toBe(4);

    const usage = await fetch(`${harness.stack.baseUrls[1]}/v1/usage`, { headers: { "x-api-key": key } });
    const report = (await usage.json()) as UsageReport;
    expect(report.quota).toMatchObject({ calls: 4, monthlyCalls: 4, monthlyTokens: null, resetsAt: nextMonth() });
    expect(report.total).toMatchObject({ calls: 4, runs: 4, modelCalls: 4 });
  });

  it("counts a list as one call when it is made, and refuses a list once the month's calls are used", async () => {
    const key = await createKey("list-limited", "--monthly-calls", "1");
    const list = { objective: "Warehouse robot makers", entityType: "company", limit: 1 };
    const made = await post(0, key, "/v1/lists", list);
    expect(made.status).toBe(202);
    const refused = await post(1, key, "/v1/lists", list);
    expect(refused.status).toBe(429);
    const problem = await problemOf(refused);
    expect(problem).toMatchObject({ code: "QUOTA_EXCEEDED", status: 429, resetsAt: nextMonth() });
    expect(problem.detail).toMatch(/may make 1 research calls a month \(UTC\) and has made 1/);
    const { id } = (await made.json()) as { id: string };
    await fetch(`${harness.stack.baseUrls[0]}/v1/lists/${id}/cancel`, {
      method: "POST",
      headers: { "x-api-key": key },
    });
  });

  it("refuses new calls once the month's tokens reached the limit, whichever gateway is asked", async () => {
    const key = await createKey("tokens-limited", "--monthly-tokens", "1");
    const first = await post(0, key, "/v1/research/company", companyRequest("Tokens limit question one?"));
    expect(first.status).toBe(200);
    const refused = await post(1, key, "/v1/research/company", companyRequest("Tokens limit question two?"));
    expect(refused.status).toBe(429);
    const problem = await problemOf(refused);
    expect(problem.code).toBe("QUOTA_EXCEEDED");
    expect(problem.detail).toMatch(/may spend 1 model tokens a month/);
    const async = await fetch(`${harness.stack.baseUrls[0]}/v1/research/company`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key, prefer: "respond-async" },
      body: JSON.stringify(companyRequest("Tokens limit question three?")),
    });
    expect(async.status).toBe(429);
  });

  it("refuses a whole batch up front when its items would pass the calls limit, or its token estimate the tokens limit", async () => {
    const calls = await createKey("batch-calls", "--monthly-calls", "10");
    const items = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        type: "company",
        request: companyRequest(`Batch limit question ${index}?`),
      }));
    const tooMany = await post(1, calls, "/v1/batches", { items: items(12) });
    expect(tooMany.status).toBe(429);
    const problem = await problemOf(tooMany);
    expect(problem).toMatchObject({ code: "QUOTA_EXCEEDED", resetsAt: nextMonth() });
    expect(problem.detail).toMatch(/has made 0; these 12 would pass the limit/);
    // An invalid item is not a call: 10 valid items and one bad one fit.
    const fits = await post(0, calls, "/v1/batches", { items: [...items(10), { type: "planet", request: {} }] });
    expect(fits.status).toBe(202);

    // Room for one standard run and a half: two items are refused whole, one fits.
    const perRun = TYPICAL_RUN_TOKENS.standard;
    const tokens = await createKey("batch-tokens", "--monthly-tokens", String(Math.round(perRun * 1.5)));
    const estimated = await post(0, tokens, "/v1/batches", { items: items(2) });
    expect(estimated.status).toBe(429);
    expect((await problemOf(estimated)).detail).toContain(
      `2 items, at about ${perRun.toLocaleString("en-US")} tokens a run for their effort, would spend about ${(2 * perRun).toLocaleString("en-US")}`,
    );
    expect((await post(1, tokens, "/v1/batches", { items: items(1) })).status).toBe(202);
  });

  it("leaves keys without limits unlimited", async () => {
    const key = await createKey("unlimited");
    const responses = await Promise.all(
      Array.from({ length: 3 }, (_, index) =>
        post(index % 2, key, "/v1/research/company", companyRequest(`Unlimited question ${index}?`)),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
  });
});
