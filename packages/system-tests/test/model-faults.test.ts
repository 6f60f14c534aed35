import {
  companyRequest,
  type FakeChatReply,
  type Harness,
  problemOf,
  researchBodyOf,
  startHarness,
  statedAnswerResponder,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ env: { LLM_MAX_RETRIES: "2", LLM_TIMEOUT_MS: "1000" } });
});
afterAll(async () => harness?.stop());

/** Replies in turn, then valid answers. */
function sequence(...replies: FakeChatReply[]) {
  let index = 0;
  return (request: Parameters<typeof statedAnswerResponder>[0]) => replies[index++] ?? statedAnswerResponder(request);
}

const fast = { "retry-after-ms": "20" };

describe("a model endpoint that misbehaves", () => {
  it("retries a 500 and a 429 with backoff, then answers", async () => {
    harness.model.setResponder(
      sequence({ kind: "status", status: 500, headers: fast }, { kind: "status", status: 429, headers: fast }),
    );
    const before = harness.model.requests.length;
    const response = await harness.post("/v1/research/company", companyRequest("Retry then answer?"));
    expect(response.status).toBe(200);
    expect(harness.model.requests.length - before).toBe(3);
  });

  it("answers 503 with Retry-After when the endpoint keeps rate limiting", async () => {
    harness.model.setResponder(() => ({ kind: "status", status: 429, headers: fast }));
    const response = await harness.post("/v1/research/company", companyRequest("Always rate limited?"));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await problemOf(response)).code).toBe("LLM_RATE_LIMITED");
  });

  it("answers 502 when the endpoint keeps failing", async () => {
    harness.model.setResponder(() => ({ kind: "status", status: 503, headers: fast }));
    const response = await harness.post("/v1/research/company", companyRequest("Always failing?"));
    expect(response.status).toBe(502);
    expect((await problemOf(response)).code).toBe("LLM_UPSTREAM_FAILED");
  });

  it("repairs one reply that is not JSON", async () => {
    harness.model.setResponder(sequence({ kind: "text", content: "Sure! Here is the answer: yes" }));
    const before = harness.model.requests.length;
    const response = await harness.post(
      "/v1/research/company",
      companyRequest("Is the company SOC 2 Type II certified? (garbage then JSON)", { responseType: "BOOL" }),
    );
    expect(response.status).toBe(200);
    expect(harness.model.requests.length - before).toBe(2);
    expect(harness.model.requests.at(-1)!.userText).toMatch(/does not fit the required JSON schema/);
  });

  it("repairs one reply whose JSON breaks the schema", async () => {
    harness.model.setResponder(sequence({ kind: "json", value: { answer: "maybe", explanation: "?", confidence: 3 } }));
    const response = await harness.post(
      "/v1/research/company",
      companyRequest("Is the company SOC 2 Type II certified? (schema-breaking then fixed)", { responseType: "BOOL" }),
    );
    expect(response.status).toBe(200);
    expect((await researchBodyOf(response)).answerText).toBe("true");
  });

  it("answers 502 LLM_OUTPUT_INVALID when the repair also breaks the schema", async () => {
    harness.model.setResponder(() => ({
      kind: "json",
      value: { answer: "Gamma", citations: [], explanation: "", confidence: 0.4 },
    }));
    const response = await harness.post(
      "/v1/research/company",
      companyRequest("Never fits?", { responseType: "OPTION", responseOptions: ["Alpha", "Beta"] }),
    );
    expect(response.status).toBe(502);
    const problem = await problemOf(response);
    expect(problem.code).toBe("LLM_OUTPUT_INVALID");
    expect(problem.detail).toMatch(/twice/);
  });

  it("answers 503 naming the endpoint when the model answers too slowly every time", async () => {
    harness.model.setResponder(() => ({ kind: "hang" }));
    const response = await harness.post("/v1/research/company", companyRequest("Too slow?"));
    expect(response.status).toBe(503);
    const problem = await problemOf(response);
    expect(problem.code).toBe("LLM_UNREACHABLE");
    expect(problem.detail).toContain(harness.model.url);
  });

  it("keeps the worker alive through all of it", async () => {
    harness.model.setResponder(statedAnswerResponder);
    const response = await harness.post("/v1/research/company", companyRequest("Still alive?"));
    expect(response.status).toBe(200);
    expect(harness.stack.workers[0]!.child.exitCode).toBeNull();
  });
});

describe("an unreachable model endpoint", () => {
  it("answers 503 whose detail names the endpoint and how to configure one", async () => {
    const unreachable = await startHarness({ env: { OPENAI_BASE_URL: "http://127.0.0.1:9/v1", LLM_MAX_RETRIES: "1" } });
    try {
      const response = await unreachable.post("/v1/research/company", companyRequest("Anyone there?"));
      expect(response.status).toBe(503);
      const problem = await problemOf(response);
      expect(problem.code).toBe("LLM_UNREACHABLE");
      expect(problem.detail).toContain("http://127.0.0.1:9/v1");
      expect(problem.detail).toContain("OPENAI_BASE_URL");
    } finally {
      await unreachable.stop();
    }
  });
});
