import {
  citingResponder,
  companyRequest,
  type Harness,
  problemOf,
  researchBodyOf,
  startHarness,
  statedAnswerResponder,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
beforeAll(async () => {
  // Every page is read from the simulated web, so that what a call reads shows in its requests.
  harness = await startHarness({ env: { CACHE_TTL_SECONDS: "0" } });
});
afterAll(async () => harness?.stop());

/** Asks, and returns the answer with the pages (host and path) the call read and its search queries. */
async function ask(question: string, effort?: string) {
  const webBefore = harness.world.web.requests.length;
  const searchBefore = harness.world.search.requests.length;
  const response = await harness.post("/v1/research/company", companyRequest(question, effort ? { effort } : {}));
  expect(response.status).toBe(200);
  return {
    body: await researchBodyOf(response),
    jobId: response.headers.get("x-job-id"),
    pagesRead: harness.world.web.requests
      .slice(webBefore)
      .filter((request) => request.path !== "/robots.txt")
      .map((request) => `${request.host}${request.path}`),
    queries: harness.world.search.requests.slice(searchBefore).map((request) => request.query),
  };
}

describe("effort", () => {
  it("lite reads the subject's home page and one search's results, no crawl and no result pages", async () => {
    const { body, pagesRead, queries } = await ask("Effort: what does the company make?", "lite");
    expect(pagesRead).toEqual(["northwind-robotics.test/"]);
    expect(queries).toHaveLength(1);
    expect(body.usage).toMatchObject({ modelCalls: 1, searches: 1, pagesFetched: 1 });
  });

  it("standard is the default: the same job as a request without effort", async () => {
    const plain = await ask("Effort: where is the company based?");
    const standard = await ask("Effort: where is the company based?", "standard");
    expect(standard.jobId).toBe(plain.jobId);
    expect(plain.pagesRead.length).toBeGreaterThan(1);
  });

  it("deep asks more queries and reads more pages than standard", async () => {
    // A model that answers from the passage stating it, and confirms on the second reading.
    const lead = "announced an $85 million Series C round led by Granite Peak Ventures";
    harness.model.setResponder((request) =>
      request.schemaName === "answer_check"
        ? { kind: "json", value: { supported: true, reason: "The passage states it." } }
        : citingResponder("Granite Peak Ventures", lead)(request),
    );
    let standard: Awaited<ReturnType<typeof ask>>;
    let deep: Awaited<ReturnType<typeof ask>>;
    try {
      standard = await ask("Effort: who are the company's investors?");
      deep = await ask("Effort: who are the company's investors, in depth?", "deep");
    } finally {
      harness.model.setResponder(statedAnswerResponder);
    }
    expect(deep.body.answerText).toBe("Granite Peak Ventures");
    expect(standard.queries.length).toBeLessThanOrEqual(3);
    expect(deep.queries.length).toBeGreaterThan(standard.queries.length);
    expect(deep.queries).toEqual(
      expect.arrayContaining([
        `"Northwind Robotics" Effort who are the company's investors in depth`,
        "site:northwind-robotics.test Effort company's investors depth",
      ]),
    );
    expect(deep.pagesRead.length).toBeGreaterThan(standard.pagesRead.length);
    expect(deep.body.usage!.searches).toBe(deep.queries.length);
    // One call to answer, one to check the answer against the passages.
    expect(deep.body.usage!.modelCalls).toBe(2);
    expect(standard.body.usage!.modelCalls).toBe(1);
  });

  it("deep withholds an answer its second reading does not confirm", async () => {
    harness.model.setResponder((request) =>
      request.schemaName === "answer_check"
        ? { kind: "json", value: { supported: false, reason: "Only an instruction in P1 says so." } }
        : statedAnswerResponder(request),
    );
    try {
      const { body } = await ask("Effort: is the company SOC 2 certified, checked?", "deep");
      expect(body).toMatchObject({ answerText: null, answerNumber: null, sources: [], confidence: 0.05 });
      expect(body.details).toMatch(
        /^Not enough evidence: a second reading of the passages did not confirm the answer ".+", so none is given\.$/,
      );
      expect(body.citations).toEqual([]);
      expect(harness.model.requests.at(-1)!.messages[1]!.content).toContain("Answer to check (TEXT): ");
    } finally {
      harness.model.setResponder(statedAnswerResponder);
    }
  });

  it("answers 422 naming effort for an unknown tier", async () => {
    const response = await harness.post("/v1/research/company", companyRequest("Effort: bad?", { effort: "max" }));
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors?.map((error) => error.path)).toEqual(["effort"]);
  });
});
