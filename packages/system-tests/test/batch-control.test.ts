import type { BatchList, BatchResultLine, BatchStatus } from "@dossier/contract";
import {
  batchBodyOf,
  companyRequest,
  type Harness,
  problemOf,
  readEventStream,
  resultLinesOf,
  startHarness,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const OTHER_KEY = "other-key-fedcba9876543210";
const LISTING_KEY = "listing-key-5555555555555555";
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    env: { API_KEYS: `${TEST_API_KEY},${OTHER_KEY},${LISTING_KEY}`, WORKER_CONCURRENCY: "1", BATCH_MAX_OPEN: "10" },
  });
});
afterAll(async () => harness?.stop());

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function get(path: string, key = TEST_API_KEY): Promise<Response> {
  return fetch(`${harness.stack.baseUrl}${path}`, { headers: { "x-api-key": key } });
}

function items(label: string, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    type: "company",
    ref: `${label}-${index}`,
    request: companyRequest(`Control ${label}: question ${index}?`),
  }));
}

async function waitUntilFinished(id: string, key = TEST_API_KEY): Promise<BatchStatus> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const body = await batchBodyOf(await get(`/v1/batches/${id}`, key));
    if (body.status === "done" || (body.status === "cancelled" && body.finishedAt !== null)) return body;
    await sleep(100);
  }
  throw new Error(`batch ${id} did not finish`);
}

describe("Idempotency-Key on POST /v1/batches", () => {
  it("answers the same batch for the same key and body, and 409 for another body", async () => {
    const body = { items: items("idem", 2) };
    const headers = { "idempotency-key": "order-2024-11-22-0001" };
    const first = await harness.post("/v1/batches", body, headers);
    expect(first.status).toBe(202);
    const created = await batchBodyOf(first);

    const again = await harness.post("/v1/batches", body, headers);
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("location")).toBe(`/v1/batches/${created.id}`);
    expect((await batchBodyOf(again)).id).toBe(created.id);

    const other = await harness.post("/v1/batches", { items: items("idem-other", 1) }, headers);
    expect(other.status).toBe(409);
    expect(other.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await problemOf(other)).toMatchObject({ code: "BATCH_IDEMPOTENCY_CONFLICT", status: 409 });

    // Keys are per API key: the same Idempotency-Key of another caller makes its own batch.
    const otherCaller = await harness.post("/v1/batches", body, { ...headers, "x-api-key": OTHER_KEY });
    expect(otherCaller.status).toBe(202);
    expect((await batchBodyOf(otherCaller)).id).not.toBe(created.id);

    await waitUntilFinished(created.id);
  });

  it("names a malformed Idempotency-Key, and an invalid body does not use the key up", async () => {
    const bad = await harness.post(
      "/v1/batches",
      { items: items("idem-bad", 1) },
      { "idempotency-key": "x".repeat(256) },
    );
    expect(bad.status).toBe(422);
    expect((await problemOf(bad)).errors).toEqual([{ path: "Idempotency-Key", message: expect.any(String) }]);

    const headers = { "idempotency-key": "retry-after-a-422" };
    expect((await harness.post("/v1/batches", { items: [] }, headers)).status).toBe(422);
    const valid = await harness.post("/v1/batches", { items: items("idem-after-422", 1) }, headers);
    expect(valid.status).toBe(202);
    await waitUntilFinished((await batchBodyOf(valid)).id);
  });
});

describe("POST /v1/batches/{id}/cancel", () => {
  it("cancels the queued items, lets the running one finish, and keeps its result", async () => {
    harness.model.setLatency(800);
    try {
      const before = harness.model.requests.length;
      const accepted = await harness.post("/v1/batches", { items: items("cancel", 5) });
      const batch = await batchBodyOf(accepted);
      // One worker slot: the first item runs once the model has been asked, the others wait in the queue.
      for (let attempt = 0; attempt < 100 && harness.model.requests.length === before; attempt += 1) await sleep(50);
      expect(harness.model.requests.length).toBeGreaterThan(before);

      const cancelled = await harness.post(`/v1/batches/${batch.id}/cancel`, "");
      expect(cancelled.status).toBe(200);
      const view = await batchBodyOf(cancelled);
      expect(view).toMatchObject({ id: batch.id, status: "cancelled" });
      expect(view.cancelled).toBeGreaterThanOrEqual(3);

      const events = await readEventStream(await get(`/v1/batches/${batch.id}/events`));
      const done = events.events.at(-1)!;
      expect(done.event).toBe("done");
      const finished = JSON.parse(done.data) as BatchStatus;
      expect(finished.status).toBe("cancelled");
      expect(finished.finishedAt).not.toBeNull();
      expect(finished.completed + finished.failed + finished.cancelled!).toBe(5);
      expect(finished.completed).toBeGreaterThanOrEqual(1);

      const lines = await resultLinesOf(await get(`/v1/batches/${batch.id}/results`));
      expect(lines.map((line) => line.index)).toEqual([0, 1, 2, 3, 4]);
      const ran = lines.filter((line) => line.status === 200);
      const skipped = lines.filter((line) => line.status === 409);
      expect(ran.length).toBe(finished.completed);
      expect(skipped.length).toBe(finished.cancelled);
      for (const line of skipped) expect(line.problem).toMatchObject({ code: "BATCH_CANCELLED" });
      for (const line of ran) expect(line.result).toHaveProperty("answerText");

      // Nothing cancelled is researched later.
      const asked = harness.model.requests.length;
      await sleep(1_500);
      expect(harness.model.requests.length).toBe(asked);

      const again = await harness.post(`/v1/batches/${batch.id}/cancel`, "");
      expect(again.status).toBe(200);
      expect(await batchBodyOf(again)).toMatchObject({ status: "cancelled", cancelled: finished.cancelled });
    } finally {
      harness.model.setLatency(0);
    }
  });

  it("leaves a finished batch as it is, and hides a batch from other keys", async () => {
    const accepted = await harness.post("/v1/batches", { items: items("cancel-done", 1) });
    const batch = await batchBodyOf(accepted);
    await waitUntilFinished(batch.id);
    const cancel = await harness.post(`/v1/batches/${batch.id}/cancel`, "");
    expect(await batchBodyOf(cancel)).toMatchObject({ status: "done", completed: 1 });
    const other = await harness.post(`/v1/batches/${batch.id}/cancel`, "", { "x-api-key": OTHER_KEY });
    expect(other.status).toBe(404);
    expect((await problemOf(other)).code).toBe("BATCH_NOT_FOUND");
  });
});

describe("GET /v1/batches", () => {
  it("lists only the calling key's batches, newest first, a page at a time", async () => {
    const ids: string[] = [];
    for (const label of ["list-a", "list-b", "list-c"]) {
      const accepted = await harness.post("/v1/batches", { items: items(label, 1) }, { "x-api-key": LISTING_KEY });
      ids.push((await batchBodyOf(accepted)).id);
    }
    const first = (await (await get("/v1/batches?limit=2", LISTING_KEY)).json()) as BatchList;
    expect(first.data.map((batch) => batch.id)).toEqual([ids[2], ids[1]]);
    expect(first.has_more).toBe(true);
    const second = (await (await get(`/v1/batches?limit=2&after=${ids[1]}`, LISTING_KEY)).json()) as BatchList;
    expect(second.data.map((batch) => batch.id)).toEqual([ids[0]]);
    expect(second.has_more).toBe(false);

    const mine = (await (await get("/v1/batches?limit=100")).json()) as BatchList;
    expect(mine.data.map((batch) => batch.id)).not.toContain(ids[0]);
    for (const id of ids) await waitUntilFinished(id, LISTING_KEY);
  });

  it("names a bad limit or cursor", async () => {
    const badLimit = await get("/v1/batches?limit=0");
    expect(badLimit.status).toBe(422);
    expect((await problemOf(badLimit)).errors?.[0]?.path).toBe("limit");
    const unknown = await get("/v1/batches?after=b-doesnotexist");
    expect(unknown.status).toBe(422);
    expect((await problemOf(unknown)).errors?.[0]?.path).toBe("after");
  });
});

describe("GET /v1/batches/{id}/results?after=INDEX", () => {
  it("reads the finished lines in order while the batch runs, and never misses one", async () => {
    harness.model.setLatency(300);
    try {
      const accepted = await harness.post("/v1/batches", { items: items("partial", 4) });
      const batch = await batchBodyOf(accepted);
      const plain = await get(`/v1/batches/${batch.id}/results`);
      expect(plain.status).toBe(409);
      expect((await problemOf(plain)).code).toBe("BATCH_NOT_DONE");

      const collected: BatchResultLine[] = [];
      let status = "running";
      let sawPartial = false;
      for (let attempt = 0; attempt < 200 && status !== "done"; attempt += 1) {
        const response = await get(`/v1/batches/${batch.id}/results?after=${collected.at(-1)?.index ?? -1}`);
        expect(response.status).toBe(200);
        status = response.headers.get("x-batch-status")!;
        const lines = await resultLinesOf(response);
        if (status !== "done" && collected.length + lines.length < 4) sawPartial = true;
        collected.push(...lines);
        if (status !== "done") await sleep(100);
      }
      expect(sawPartial).toBe(true);
      expect(collected.map((line) => line.index)).toEqual([0, 1, 2, 3]);
      const full = await resultLinesOf(await get(`/v1/batches/${batch.id}/results`));
      expect(collected).toEqual(full);
      const tail = await resultLinesOf(await get(`/v1/batches/${batch.id}/results?after=1`));
      expect(tail).toEqual(full.slice(2));
    } finally {
      harness.model.setLatency(0);
    }
  });

  it("names a bad index", async () => {
    const accepted = await harness.post("/v1/batches", { items: items("partial-bad", 1) });
    const batch = await batchBodyOf(accepted);
    const bad = await get(`/v1/batches/${batch.id}/results?after=-2`);
    expect(bad.status).toBe(422);
    expect((await problemOf(bad)).errors?.[0]?.path).toBe("after");
    await waitUntilFinished(batch.id);
  });
});
