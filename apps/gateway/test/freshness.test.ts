import {
  companyRequest,
  type Harness,
  problemOf,
  researchBodyOf,
  resultLinesOf,
  startHarness,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.stop());

const homePageReads = () =>
  harness.world.web.requests.filter((request) => request.host === "northwind-robotics.test" && request.path === "/")
    .length;

async function ask(question: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const modelCalls = harness.model.requests.length;
  const response = await harness.post("/v1/research/company", companyRequest(question, extra), headers);
  expect(response.status).toBe(200);
  return {
    response,
    body: await researchBodyOf(response),
    jobId: response.headers.get("x-job-id")!,
    ran: harness.model.requests.length > modelCalls,
  };
}

describe("maxAgeSeconds", () => {
  it("is part of the job id: a request with it never gets an older job's result, and its own result serves its repeats", async () => {
    const plain = await ask("Freshness: what does the company make?");
    expect(plain.ran).toBe(true);
    const hour = await ask("Freshness: what does the company make?", { maxAgeSeconds: 3600 });
    expect(hour.jobId).not.toBe(plain.jobId);
    expect(hour.ran).toBe(true);
    // The plain run's pages are seconds old: young enough for an hour.
    expect(hour.body.usage!.pagesFromCache).toBeGreaterThan(0);
    const again = await ask("Freshness: what does the company make?", { maxAgeSeconds: 3600 });
    expect(again.ran).toBe(false);
    expect(again.jobId).toBe(hour.jobId);
    expect(again.response.headers.get("age")).not.toBeNull();
  });

  it("0 reads every page and search anew and never serves a stored result", async () => {
    await ask("Freshness: where is the company based?");
    const pagesBefore = homePageReads();
    const searchesBefore = harness.world.search.requests.length;
    const first = await ask("Freshness: where is the company based?", { maxAgeSeconds: 0 });
    expect(first.ran).toBe(true);
    expect(first.body.usage).toMatchObject({ pagesFromCache: 0 });
    expect(first.body.usage!.pagesFetched).toBeGreaterThan(0);
    expect(homePageReads()).toBe(pagesBefore + 1);
    expect(harness.world.search.requests.length).toBeGreaterThan(searchesBefore);
    const second = await ask("Freshness: where is the company based?", { maxAgeSeconds: 0 });
    expect(second.ran).toBe(true);
    expect(second.jobId).toBe(first.jobId);
    expect(second.response.headers.get("age")).toBeNull();
    expect(homePageReads()).toBe(pagesBefore + 2);
  });

  it("takes Cache-Control: no-cache on the request as maxAgeSeconds 0", async () => {
    const zero = await ask("Freshness: who leads the company?", { maxAgeSeconds: 0 });
    const pagesBefore = homePageReads();
    const noCache = await ask("Freshness: who leads the company?", {}, { "cache-control": "no-cache" });
    expect(noCache.jobId).toBe(zero.jobId);
    expect(noCache.ran).toBe(true);
    expect(homePageReads()).toBe(pagesBefore + 1);
  });

  it("lets identical fresh requests in flight share one run", async () => {
    harness.model.setLatency(400);
    try {
      const before = harness.model.requests.length;
      const answers = await Promise.all(
        [0, 1, 2].map(() => ask("Freshness: is the company hiring?", { maxAgeSeconds: 0 })),
      );
      expect(new Set(answers.map((answer) => answer.jobId)).size).toBe(1);
      expect(harness.model.requests.length - before).toBe(1);
    } finally {
      harness.model.setLatency(0);
    }
  });

  it("researches a batch item again when the stored result is older than it allows", async () => {
    await ask("Freshness: batch question?", { maxAgeSeconds: 0 });
    const before = harness.model.requests.length;
    const created = await harness.post("/v1/batches", {
      items: [{ type: "company", request: companyRequest("Freshness: batch question?", { maxAgeSeconds: 0 }) }],
    });
    const location = created.headers.get("location")!;
    const deadline = Date.now() + 15_000;
    for (;;) {
      const results = await fetch(`${harness.stack.baseUrl}${location}/results`, {
        headers: { "x-api-key": TEST_API_KEY },
      });
      if (results.status === 200) {
        expect((await resultLinesOf(results))[0]!.status).toBe(200);
        break;
      }
      if (Date.now() > deadline) throw new Error("batch did not finish");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(harness.model.requests.length - before).toBe(1);
  });

  it.each([-1, 1.5, "60", 31_536_001])("answers 422 naming maxAgeSeconds for %j", async (maxAgeSeconds) => {
    const response = await harness.post("/v1/research/company", companyRequest("Freshness: bad?", { maxAgeSeconds }));
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors?.map((error) => error.path)).toEqual(["maxAgeSeconds"]);
  });
});
