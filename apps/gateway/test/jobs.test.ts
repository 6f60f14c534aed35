import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { repositoryRoot, researchBodyOf, statedAnswerResponder } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);

import { companyRequest, type Harness, problemOf, startHarness } from "@dossier/testing";

const OTHER_KEY = "other-key-fedcba9876543210";
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    env: { API_KEYS: `test-key-0123456789abcdef,${OTHER_KEY}` },
    // Research gathers evidence before its model call, so leave it room besides the fake model latency.
    gatewayEnv: { RESEARCH_TIMEOUT_MS: "3000" },
  });
});
afterAll(async () => harness?.stop());

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe("no work lost, none done twice", () => {
  it("researches identical concurrent requests once and answers them all", async () => {
    harness.model.setLatency(600);
    try {
      const before = harness.model.requests.length;
      const request = companyRequest("How many offices does it have?", { responseType: "NUMBER" });
      // Differences that normalize away: whitespace and key order.
      const variant = {
        company: request.company,
        responseType: "NUMBER",
        question: "  How many offices   does it have? ",
      };
      const responses = await Promise.all(
        [...Array(4).fill(request), variant].map((body) => harness.post("/v1/research/company", body)),
      );
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
      const bodies = await Promise.all(responses.map((response) => response.text()));
      expect(new Set(bodies).size).toBe(1);
      expect(new Set(responses.map((response) => response.headers.get("x-job-id"))).size).toBe(1);
      expect(harness.model.requests.length - before).toBe(1);
    } finally {
      harness.model.setLatency(0);
    }
  });

  it("answers 504 with the job id past RESEARCH_TIMEOUT_MS, and the retry gets the same job's result without new research", async () => {
    harness.model.setLatency(4_500);
    try {
      const before = harness.model.requests.length;
      const request = companyRequest("When was the company founded?", { responseType: "DATE" });
      const first = await harness.post("/v1/research/company", request);
      expect(first.status).toBe(504);
      const problem = await problemOf(first);
      expect(problem).toMatchObject({ code: "RESEARCH_TIMEOUT", status: 504, jobId: expect.stringMatching(/^r-/) });
      expect(first.headers.get("x-job-id")).toBe(problem.jobId);

      await sleep(3_500);
      const retry = await harness.post("/v1/research/company", request);
      expect(retry.status).toBe(200);
      expect(retry.headers.get("x-job-id")).toBe(problem.jobId);
      // The company page says it was founded in 2016; the stored answer of that one run comes back.
      expect((await researchBodyOf(retry)).answerText).toBe("2016");
      expect(harness.model.requests.length - before).toBe(1);
    } finally {
      harness.model.setLatency(0);
    }
  });

  it("serves a stored result from the gateway, and never to another key", async () => {
    const request = companyRequest("Does it have a status page?", { responseType: "URL" });
    const first = await harness.post("/v1/research/company", request);
    expect(first.status).toBe(200);
    const before = harness.model.requests.length;
    const again = await harness.post("/v1/research/company", request);
    expect(await again.text()).toBe(await first.text());
    expect(harness.model.requests.length).toBe(before);

    const other = await harness.post("/v1/research/company", request, { "x-api-key": OTHER_KEY });
    expect(other.status).toBe(200);
    expect(other.headers.get("x-job-id")).not.toBe(first.headers.get("x-job-id"));
    expect(harness.model.requests.length).toBe(before + 1);
  });

  it("runs a failed job again for the next identical request instead of handing back the old failure", async () => {
    const request = companyRequest("Which cloud does it run on?");
    harness.model.setResponder(() => ({ kind: "status", status: 500 }));
    const failed = await harness.post("/v1/research/company", request);
    expect(failed.status).toBe(502);
    expect((await problemOf(failed)).code).toBe("LLM_UPSTREAM_FAILED");

    const listed = await run(
      process.execPath,
      [join(repositoryRoot(), "apps/cli/dist/main.js"), "jobs", "failed", "--json"],
      {
        env: { PATH: process.env.PATH ?? "", ...harness.stack.redisEnv },
      },
    );
    expect(JSON.parse(listed.stdout)).toContainEqual(
      expect.objectContaining({ id: failed.headers.get("x-job-id"), kind: "company", code: "LLM_UPSTREAM_FAILED" }),
    );

    harness.model.setResponder(statedAnswerResponder);
    const retried = await harness.post("/v1/research/company", request);
    expect(retried.status).toBe(200);
    expect(retried.headers.get("x-job-id")).toBe(failed.headers.get("x-job-id"));
  });
});
