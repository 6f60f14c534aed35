import {
  type FakeChatServer,
  loadEnrichmentCases,
  loadResearchCases,
  realweb2Directory,
  realwebAvailable,
  realwebDirectory,
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

describe.skipIf(!realwebAvailable(realwebDirectory()) || !realwebAvailable(realweb2Directory()))(
  "pnpm eval --set realweb-heldout",
  () => {
    it("runs each held-out case on its own folder's web and reports the set as one, measured and not targeted", async () => {
      // Questions about a person's role: a few over each folder, whose pages only that folder's web serves.
      const { report, passed } = await runEval({
        redis: testRedis(),
        concurrency: 4,
        sets: ["realweb-heldout"],
        filter: "-role",
        log: () => {},
      });
      const cases = Number(/## Real web, held-out questions \((\d+) cases\)/.exec(report)?.[1]);
      const folderRow = (world: string) => {
        const row = new RegExp(`^\\| ${world} \\| (\\d+) \\| [\\d.]+ \\| ([\\d.]+) \\|`, "m").exec(report);
        return { cases: Number(row?.[1]), recall: Number(row?.[2]) };
      };
      const first = folderRow("realweb");
      const second = folderRow("realweb2");
      expect(first.cases + second.cases).toBe(cases);
      // Run on the other folder's web, a case's site is not there and its proof never reaches the prompt.
      expect(first.recall).toBeGreaterThan(0);
      expect(second.recall).toBeGreaterThan(0);
      expect(report).toContain("measured only: no target is held on this set");
      expect(report).not.toMatch(/^(?:met|MISSED) /m);
      expect(passed).toBe(true);
    });
  },
);
