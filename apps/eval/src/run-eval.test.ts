import {
  type FakeChatServer,
  loadEnrichmentCases,
  loadResearchCases,
  startFakeChatServer,
  testRedis,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOracleResponder } from "./oracle-responder.js";
import { runEval } from "./run-eval.js";

// A model endpoint of its own, as a user's Ollama or OpenAI would be: the eval reaches it through
// its recording proxy, not through the world's fake model.
let endpoint: FakeChatServer;
beforeAll(async () => {
  endpoint = await startFakeChatServer({
    responder: createOracleResponder(loadResearchCases(), loadEnrichmentCases()),
  });
});
afterAll(async () => endpoint?.close());

describe("pnpm eval --model-url", () => {
  it("answers the cases with the given endpoint and reports accuracy, withheld answers, calibration, tokens and latency", async () => {
    const { report } = await runEval({
      redis: testRedis(),
      concurrency: 4,
      sets: ["fixture"],
      filter: "nw-",
      model: { url: endpoint.url, name: "oracle-7b" },
      log: () => {},
    });
    expect(endpoint.requests.length).toBeGreaterThan(5);
    expect(endpoint.requests.every((request) => request.model === "oracle-7b")).toBe(true);
    expect(report).toContain(`model oracle-7b at ${endpoint.url}`);
    expect(report).toMatch(/\| \*\*all\*\* \| \d+ \| (0|1)\.\d\d \| /);
    expect(report).toMatch(
      /withheld as "not enough evidence": \d+ of \d+ unanswerable \(right\), \d+ of \d+ answerable \(wrong\)/,
    );
    expect(report).toMatch(
      /schema failures: \d+; answers repaired after a misfit reply: \d+; quotes rejected by verification: \d+/,
    );
    expect(report).toMatch(/tokens: prompt mean \d+, max \d+; completion total \d+; latency p50 \d+ ms, p95 \d+ ms/);
    expect(report).toMatch(/confidence returned: Brier \d\.\d{3}, expected calibration error \(5 bins\) \d\.\d{3}/);
    expect(report).toMatch(/the model's own confidence: Brier \d\.\d{3}/);
    expect(report).toMatch(/\| 0\.8–1\.0 \| \d+ \| /);
    expect(report).toMatch(
      /confidence from the evidence is (better|not better) calibrated than the model's number alone/,
    );
  });
});
