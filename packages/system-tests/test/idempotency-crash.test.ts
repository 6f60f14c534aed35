import type { BatchList } from "@dossier/contract";
import { batchBodyOf, companyRequest, type Harness, startHarness, TEST_API_KEY } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ gateways: 2, env: { WORKER_CONCURRENCY: "1", BATCH_FEED_AHEAD: "1" } });
});
afterAll(async () => harness?.stop());

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe("Idempotency-Key when the gateway dies", () => {
  it("lets the retry of a submission whose gateway was killed find the batch or make it, instead of 409 for a day", async () => {
    const [first, second] = harness.stack.baseUrls;
    const body = JSON.stringify({
      items: Array.from({ length: 10_000 }, (_, index) => ({
        type: "company",
        request: companyRequest(`Crash: question ${index}?`),
      })),
    });
    const headers = { "content-type": "application/json", "x-api-key": TEST_API_KEY, "idempotency-key": "crash-0001" };
    const submitted = fetch(`${second}/v1/batches`, { method: "POST", headers, body }).catch(() => null);

    // The second gateway holds the key while it makes the batch: it is killed right then.
    const pattern = `${harness.stack.prefix}:batch-idempotency:*`;
    for (let polls = 0; (await harness.stack.redis.keys(pattern)).length === 0; polls += 1) {
      if (polls > 20_000) throw new Error("the submission never claimed its Idempotency-Key");
      await sleep(2);
    }
    harness.stack.gateways[1]!.kill("SIGKILL");
    await harness.stack.gateways[1]!.exited;
    await submitted;

    // The client retries through another gateway, as long as it is told to.
    let retried: Response | undefined;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      retried = await fetch(`${first}/v1/batches`, { method: "POST", headers, body });
      if (retried.status !== 409) break;
      await sleep(1_000 * Number(retried.headers.get("retry-after") ?? 1));
    }
    expect(retried!.status).toBe(202);
    const batch = await batchBodyOf(retried!);
    expect(batch.total).toBe(10_000);

    // One batch for the key and body, whichever way it was made; and the same key answers it again.
    const listed = (await (
      await fetch(`${first}/v1/batches`, { headers: { "x-api-key": TEST_API_KEY } })
    ).json()) as BatchList;
    expect(listed.data.filter((entry) => entry.total === 10_000).map((entry) => entry.id)).toEqual([batch.id]);
    const again = await fetch(`${first}/v1/batches`, { method: "POST", headers, body });
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await batchBodyOf(again)).id).toBe(batch.id);
    await fetch(`${first}/v1/batches/${batch.id}/cancel`, { method: "POST", headers: { "x-api-key": TEST_API_KEY } });
  }, 120_000);
});
