import { runUsageSchema, type UsageReport, usageReportSchema } from "@dossier/contract";
import {
  companyRequest,
  type Harness,
  jobBodyOf,
  problemOf,
  researchBodyOf,
  resultLinesOf,
  startHarness,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Two more keys, for what one key's usage may tell of another's work. */
const KEY_A = "usage-key-a-0123456789abcdef";
const KEY_B = "usage-key-b-0123456789abcdef";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ env: { API_KEYS: `${TEST_API_KEY},${KEY_A},${KEY_B}` } });
});
afterAll(async () => harness?.stop());

async function usageReport(query = ""): Promise<Response> {
  return fetch(`${harness.stack.baseUrl}/v1/usage${query}`, { headers: { "x-api-key": TEST_API_KEY } });
}

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("gave up waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const today = new Date().toISOString().slice(0, 10);

/** The first response, as later tests compare with it. */
let first: { body: string; usage: ReturnType<typeof runUsageSchema.parse> };

describe("usage on every response", () => {
  it("reports what the run spent: model calls and tokens, searches, pages read and how long it took", async () => {
    const response = await harness.post("/v1/research/company", companyRequest("Who founded the company?"));
    expect(response.status).toBe(200);
    expect(response.headers.get("age")).toBeNull();
    const body = await response.text();
    const usage = runUsageSchema.strict().parse(JSON.parse(body).usage);
    const prompt = harness.model.requests
      .at(-1)!
      .messages.map((message) => message.content)
      .join("");
    expect(usage.modelCalls).toBe(1);
    // The fake model reports a quarter of the request body's characters as its prompt tokens.
    expect(usage.promptTokens).toBeGreaterThan(prompt.length / 4);
    expect(usage.completionTokens).toBeGreaterThan(0);
    expect(usage.searches).toBeGreaterThanOrEqual(1);
    expect(usage.pagesFetched).toBeGreaterThanOrEqual(2);
    expect(usage.pagesFromCache).toBe(0);
    expect(usage.durationMs).toBeGreaterThanOrEqual(0);
    first = { body, usage };
  });

  it("serves an identical request from the stored result: the same body and usage, with its Age", async () => {
    const response = await harness.post("/v1/research/company", companyRequest("Who founded the company?"));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(first.body);
    expect(Number(response.headers.get("age"))).toBeGreaterThanOrEqual(0);
  });

  it("counts pages another run read as pages from the cache", async () => {
    const response = await harness.post("/v1/research/company", companyRequest("Who founded the company, exactly?"));
    const usage = (await researchBodyOf(response)).usage!;
    expect(usage.pagesFromCache).toBeGreaterThanOrEqual(1);
  });

  it("carries usage in an async job's result and in a batch's result lines", async () => {
    const accepted = await harness.post("/v1/research/company", companyRequest("Where is the company based?"), {
      prefer: "respond-async",
    });
    expect(accepted.status).toBe(202);
    const location = accepted.headers.get("location")!;
    const job = await waitFor(async () => {
      const view = await jobBodyOf(
        await fetch(`${harness.stack.baseUrl}${location}`, { headers: { "x-api-key": TEST_API_KEY } }),
      );
      return view.status === "done" ? view : undefined;
    });
    expect(runUsageSchema.strict().parse(job.result!.usage).modelCalls).toBe(1);

    const created = await harness.post("/v1/batches", {
      items: [{ type: "company", request: companyRequest("How many employees does the company have?") }],
    });
    const batchUrl = created.headers.get("location")!;
    const lines = await waitFor(async () => {
      const results = await fetch(`${harness.stack.baseUrl}${batchUrl}/results`, {
        headers: { "x-api-key": TEST_API_KEY },
      });
      return results.status === 200 ? resultLinesOf(results) : undefined;
    });
    expect(runUsageSchema.strict().parse(lines[0]!.result!.usage).modelCalls).toBe(1);
  });
});

describe("pages from the shared page cache", () => {
  /** The usage of a research run made with `key`. */
  const runWith = async (key: string, question: string) => {
    const response = await harness.post("/v1/research/company", companyRequest(question), { "x-api-key": key });
    return runUsageSchema.strict().parse((await researchBodyOf(response)).usage);
  };

  it("count as cached only for the key that read them: another key's usage does not tell that someone researched the same company", async () => {
    const firstOfA = await runWith(KEY_A, "Cache per key: who founded the company?");
    expect(firstOfA.pagesFetched).toBeGreaterThan(0);
    expect(firstOfA.pagesFromCache).toBe(0);

    // B reads the pages A left in the cache, but they count for B as read from the web.
    const firstOfB = await runWith(KEY_B, "Cache per key: who founded the company?");
    expect(firstOfB.pagesFetched).toBeGreaterThan(0);
    expect(firstOfB.pagesFromCache).toBe(0);
    const report = usageReportSchema
      .strict()
      .parse(await (await fetch(`${harness.stack.baseUrl}/v1/usage`, { headers: { "x-api-key": KEY_B } })).json());
    expect(report.total.pagesFromCache).toBe(0);

    // A asking again about the same company is told its own pages came from the cache.
    const secondOfA = await runWith(KEY_A, "Cache per key: where is the company based?");
    expect(secondOfA.pagesFromCache).toBeGreaterThan(0);
  });
});

describe("GET /v1/usage", () => {
  it("gives the key's daily totals: calls accepted, runs, and what the runs spent", async () => {
    const response = await usageReport();
    expect(response.status).toBe(200);
    const report: UsageReport = usageReportSchema.strict().parse(await response.json());
    expect(report.to).toBe(today);
    expect(report.from).toBe(`${today.slice(0, 7)}-01`);
    expect(report.days.at(-1)!.date).toBe(today);
    // Five calls so far (one served from the stored result), four runs.
    expect(report.total).toMatchObject({ calls: 5, runs: 4, modelCalls: 4 });
    expect(report.total.promptTokens).toBeGreaterThanOrEqual(first.usage.promptTokens * 3);
    expect(report.quota).toMatchObject({
      month: today.slice(0, 7),
      calls: 5,
      tokens: report.total.promptTokens + report.total.completionTokens,
      monthlyCalls: null,
      monthlyTokens: null,
    });
  });

  it("counts identical calls made together as calls, with one run for all of them", async () => {
    const before = usageReportSchema.strict().parse(await (await usageReport()).json()).total;
    const request = companyRequest("Where is the company based? (asked three times at once)");
    const responses = await Promise.all([1, 2, 3].map(() => harness.post("/v1/research/company", request)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    const after = usageReportSchema.strict().parse(await (await usageReport()).json()).total;
    expect(after.calls - before.calls).toBe(3);
    expect(after.runs - before.runs).toBe(1);
  });

  it("reports a chosen period, days without use as zeros", async () => {
    const response = await usageReport("?from=2024-02-27&to=2024-03-01");
    const report = (await response.json()) as UsageReport;
    expect(report.days.map((day) => day.date)).toEqual(["2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01"]);
    expect(report.total.calls).toBe(0);
  });

  it.each([
    ["?from=2024-02-30", "from", /YYYY-MM-DD/],
    ["?to=yesterday", "to", /YYYY-MM-DD/],
    ["?from=2024-03-02&to=2024-03-01", "from", /not be after/],
    ["?from=2020-01-01&to=2024-01-01", "from", /366 days/],
    ["?since=2024-01-01", "since", /not a known parameter/],
  ])("answers 422 naming the parameter for %s", async (query, path, message) => {
    const response = await usageReport(query);
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const problem = await problemOf(response);
    expect(problem.errors).toEqual([{ path, message: expect.stringMatching(message) }]);
  });

  it("needs a key", async () => {
    expect((await fetch(`${harness.stack.baseUrl}/v1/usage`)).status).toBe(401);
  });
});
