import { batchBodyOf, companyRequest, type Harness, startHarness, TEST_API_KEY } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;

beforeAll(async () => {
  // One job at a time, and the whole batch fed into the queue at once: only priority can put a
  // synchronous call ahead of the batch items already waiting.
  harness = await startHarness({ env: { WORKER_CONCURRENCY: "1", BATCH_FEED_AHEAD: "50" }, modelLatencyMs: 150 });
});
afterAll(async () => harness?.stop());

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe("priorities", () => {
  it("runs a synchronous call before batch items that were queued ahead of it", async () => {
    const questions = Array.from({ length: 10 }, (_, index) => `Queued ahead ${index}: remote-friendly?`);
    const submitted = await harness.post("/v1/batches", {
      items: questions.map((question) => ({ type: "company", request: companyRequest(question) })),
    });
    expect(submitted.status).toBe(202);
    // Wait until the batch items are in the queue and the worker is on the first of them.
    const deadline = Date.now() + 10_000;
    while (harness.model.requests.length === 0 && Date.now() < deadline) await sleep(20);
    const response = await harness.post("/v1/research/company", companyRequest("Synchronous: answered first?"));
    expect(response.status).toBe(200);

    const order = harness.model.requests.map((request) => request.userText);
    const syncPosition = order.findIndex((text) => text.includes("Synchronous: answered first?"));
    const batchCallsBefore = order.slice(0, syncPosition).filter((text) => text.includes("Queued ahead")).length;
    // Without priorities it would come after all ten; the one already running may finish first.
    expect(batchCallsBefore).toBeLessThanOrEqual(2);

    const batch = await batchBodyOf(
      await fetch(`${harness.stack.baseUrl}${submitted.headers.get("location")}`, {
        headers: { "x-api-key": TEST_API_KEY },
      }),
    );
    expect(batch.completed).toBeLessThan(questions.length);
  });
});
