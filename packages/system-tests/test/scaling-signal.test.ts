import { companyRequest, type Harness, startHarness } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;

beforeAll(async () => {
  // No worker at first: nothing moves, so what the gateway reports can be counted exactly.
  harness = await startHarness({ workers: 0, modelLatencyMs: 300 });
});
afterAll(async () => harness?.stop());

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function gauge(name: string): Promise<number> {
  const text = await (await fetch(`${harness.stack.baseUrl}/metrics`)).text();
  const match = new RegExp(`^${name.replace(/[{}"]/g, "\\$&")} (\\d+)$`, "m").exec(text);
  if (!match) throw new Error(`${name} not in /metrics:\n${text.slice(-2_000)}`);
  return Number(match[1]);
}

describe("the worker autoscaler's signal on /metrics", () => {
  it("counts queued jobs and batch items not yet fed to the queue, and falls to zero once workers are done", async () => {
    const batch = await harness.post("/v1/batches", {
      items: [1, 2, 3].map((index) => ({
        type: "company",
        request: companyRequest(`Scaling signal ${index}: remote?`),
      })),
    });
    expect(batch.status).toBe(202);
    const single = await harness.post("/v1/research/company", companyRequest("Scaling signal: single call?"), {
      prefer: "respond-async",
    });
    expect(single.status).toBe(202);

    // The single call waits in BullMQ's sorted set of prioritized jobs, not in its `wait` list (the
    // list KEDA's Redis list scaler reads); the batch items wait in Dossier's own lists until a worker feeds them.
    expect(await gauge('dossier_queue_jobs{state="prioritized"}')).toBe(1);
    expect(await gauge('dossier_queue_jobs{state="waiting"}')).toBe(0);
    expect(await gauge("dossier_jobs_outstanding")).toBe(4);

    await harness.stack.startWorker();
    const deadline = Date.now() + 30_000;
    let outstanding = await gauge("dossier_jobs_outstanding");
    while (outstanding > 0 && Date.now() < deadline) {
      await sleep(100);
      outstanding = await gauge("dossier_jobs_outstanding");
    }
    expect(outstanding).toBe(0);
    expect(harness.model.requests.length).toBe(4);
  });
});
