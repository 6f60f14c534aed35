import { type Harness, startHarness, TEST_API_KEY } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.stop());

describe("logs", () => {
  it("are JSON, carry the request id in gateway and worker, and never hold keys, e-mail addresses or phone numbers", async () => {
    const person = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada.lovelace@analytical-engines.test",
      phone: "+44 20 7946 0958",
      company: { name: "Analytical Engines" },
    };
    const ok = await harness.post(
      "/v1/research/person",
      { question: "What is her title?", person },
      { "x-request-id": "log-check-1" },
    );
    expect(ok.status).toBe(200);
    await harness.post("/v1/research/person", { question: "x", person: { ...person, email: "broken@" } });
    await harness.post(
      "/v1/research/company",
      { question: "x", company: { name: "A" } },
      { "x-api-key": "wrong-secret-key-value" },
    );

    const lines = harness.stack.logLines();
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const text = lines.join("\n");
    for (const secret of [
      TEST_API_KEY,
      "wrong-secret-key-value",
      "ada.lovelace",
      "analytical-engines.test",
      "7946",
      "broken@",
    ]) {
      expect(text).not.toContain(secret);
    }
    const tagged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.requestId === "log-check-1");
    expect(new Set(tagged.map((entry) => entry.service))).toEqual(new Set(["gateway", "worker"]));
  });
});
