import type { JobStatus } from "@dossier/contract";
import {
  companyRequest,
  type Harness,
  jobBodyOf,
  problemOf,
  resultLinesOf,
  startHarness,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const OTHER_KEY = "other-key-fedcba9876543210";
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    env: {
      API_KEYS: `${TEST_API_KEY},${OTHER_KEY}`,
      BATCH_MAX_ITEMS: "50",
      BATCH_MAX_OPEN: "3",
      RATE_LIMIT_CALLS_PER_MINUTE: "1000",
    },
  });
});
afterAll(async () => harness?.stop());

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function get(path: string, key = TEST_API_KEY): Promise<Response> {
  return fetch(`${harness.stack.baseUrl}${path}`, { headers: { "x-api-key": key } });
}

async function waitUntilDone(location: string, key = TEST_API_KEY): Promise<JobStatus> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const response = await get(location, key);
    const body = await jobBodyOf(response);
    if (body.status === "done" || body.status === "failed") return body;
    await sleep(100);
  }
  throw new Error(`${location} did not finish`);
}

const ndjson = resultLinesOf;

describe("async calls", () => {
  it("answers 202 with a Location to poll, whose result is exactly the synchronous body", async () => {
    harness.model.setLatency(300);
    try {
      const request = companyRequest("Async: does it sell to hospitals?", { responseType: "BOOL" });
      const accepted = await harness.post("/v1/research/company", request, { prefer: "respond-async" });
      expect(accepted.status).toBe(202);
      expect(accepted.headers.get("preference-applied")).toBe("respond-async");
      const location = accepted.headers.get("location")!;
      expect(location).toMatch(/^\/v1\/jobs\/r-/);
      expect(await accepted.json()).toMatchObject({
        id: location.split("/").pop(),
        status: expect.stringMatching(/queued|running/),
      });

      const finished = await waitUntilDone(location);
      expect(finished.status).toBe("done");
      const before = harness.model.requests.length;
      const sync = await harness.post("/v1/research/company", request);
      expect(sync.status).toBe(200);
      expect(JSON.stringify(finished.result)).toBe(await sync.text());
      expect(harness.model.requests.length).toBe(before);
    } finally {
      harness.model.setLatency(0);
    }
  });

  it("answers 404 JOB_NOT_FOUND to any other key, and for unknown ids", async () => {
    const accepted = await harness.post("/v1/research/company", companyRequest("Async: whose job is this?"), {
      prefer: "respond-async",
    });
    const location = accepted.headers.get("location")!;
    const other = await get(location, OTHER_KEY);
    expect(other.status).toBe(404);
    expect((await problemOf(other)).code).toBe("JOB_NOT_FOUND");
    const unknown = await get("/v1/jobs/r-doesnotexist");
    expect(unknown.status).toBe(404);
    expect((await waitUntilDone(location)).status).toBe("done");
  });

  it("shows a failed job with its problem", async () => {
    harness.model.setResponder(() => ({
      kind: "status",
      status: 400,
      body: { error: { message: "bad", type: "invalid_request_error" } },
    }));
    try {
      const accepted = await harness.post("/v1/research/company", companyRequest("Async: will this fail?"), {
        prefer: "respond-async",
      });
      const finished = await waitUntilDone(accepted.headers.get("location")!);
      expect(finished.status).toBe("failed");
      expect(finished.problem).toMatchObject({
        status: expect.any(Number),
        code: expect.stringMatching(/^(LLM_|RESEARCH_)/),
        detail: expect.any(String),
      });
    } finally {
      const { statedAnswerResponder } = await import("@dossier/testing");
      harness.model.setResponder(statedAnswerResponder);
    }
  });
});

describe("batches", () => {
  it("runs good items, fails bad ones alone, researches identical items once, and streams results in order", async () => {
    harness.model.setLatency(200);
    try {
      const before = harness.model.requests.length;
      const good = companyRequest("Batch: is it profitable?", { responseType: "BOOL" });
      const items = [
        { type: "company", ref: "row-1", request: good },
        { type: "company", ref: "row-2", request: { question: "" } },
        { type: "company", ref: "row-3", request: good },
        { type: "robot", ref: "row-4", request: good },
        { type: "company", request: companyRequest("Batch: how many offices?", { responseType: "NUMBER" }) },
      ];
      const accepted = await harness.post("/v1/batches", { items });
      expect(accepted.status).toBe(202);
      const location = accepted.headers.get("location")!;
      expect(location).toMatch(/^\/v1\/batches\/b-/);
      expect(await accepted.json()).toMatchObject({ total: 5, status: expect.stringMatching(/queued|running/) });

      const early = await get(`${location}/results`);
      expect([200, 409]).toContain(early.status);
      if (early.status === 409) expect((await problemOf(early)).code).toBe("BATCH_NOT_DONE");
      else await early.text();

      const done = await waitUntilDone(location);
      expect(done).toMatchObject({ status: "done", total: 5, completed: 3, failed: 2 });
      const lines = await ndjson(await get(`${location}/results`));
      expect(lines.map((line) => [line.index, line.ref, line.status])).toEqual([
        [0, "row-1", 200],
        [1, "row-2", 422],
        [2, "row-3", 200],
        [3, "row-4", 422],
        [4, undefined, 200],
      ]);
      expect(lines[1]!.problem).toMatchObject({
        code: "REQUEST_VALIDATION_FAILED",
        errors: expect.arrayContaining([expect.objectContaining({ path: "question" })]),
      });
      expect(lines[3]?.problem?.errors).toEqual([{ path: "type", message: 'must be "person" or "company"' }]);
      expect(lines[0]?.result).toEqual(lines[2]?.result);
      expect(lines[0]!.result).toHaveProperty("answerText");
      // Two distinct questions: identical rows 1 and 3 were researched once.
      const sync = await harness.post("/v1/research/company", good);
      expect(lines[0]!.result).toEqual(await sync.json());
      const callsAbout = (question: string) =>
        harness.model.requests.slice(before).filter((request) => request.userText.includes(question)).length;
      expect(callsAbout("Batch: is it profitable?")).toBeGreaterThan(0);
      expect(callsAbout("Batch: is it profitable?")).toBe(callsAbout("Batch: how many offices?"));

      const csv = await get(`${location}/results?format=csv`);
      expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
      const rows = (await csv.text()).trim().split("\r\n");
      expect(rows[0]).toBe("index,ref,status,answerText,answerNumber,confidence,details,sources,errorCode,errorDetail");
      expect(rows).toHaveLength(6);
      expect(rows[2]).toMatch(/^1,row-2,422,.*REQUEST_VALIDATION_FAILED/);
    } finally {
      harness.model.setLatency(0);
    }
  });

  it("hides a batch from other keys", async () => {
    const accepted = await harness.post("/v1/batches", {
      items: [{ type: "company", request: companyRequest("Batch: private?") }],
    });
    const location = accepted.headers.get("location")!;
    for (const path of [location, `${location}/results`]) {
      const response = await get(path, OTHER_KEY);
      expect(response.status).toBe(404);
      expect((await problemOf(response)).code).toBe("BATCH_NOT_FOUND");
    }
    await waitUntilDone(location);
  });

  it("refuses an empty or oversized batch and a callback URL in a blocked range", async () => {
    const empty = await harness.post("/v1/batches", { items: [] });
    expect(empty.status).toBe(422);
    const tooMany = await harness.post("/v1/batches", {
      items: Array.from({ length: 51 }, () => ({ type: "company", request: companyRequest("x?") })),
    });
    expect(tooMany.status).toBe(422);
    expect((await problemOf(tooMany)).errors).toEqual([
      { path: "items", message: "holds 51 items; a batch may hold at most 50" },
    ]);
    for (const callbackUrl of [
      "http://127.0.0.1:9/hook",
      "http://localhost:9/hook",
      "http://[::1]/hook",
      "file:///etc/passwd",
    ]) {
      const refused = await harness.post("/v1/batches", {
        items: [{ type: "company", request: companyRequest("x?") }],
        callbackUrl,
      });
      expect(refused.status).toBe(422);
      expect((await problemOf(refused)).errors?.[0]?.path).toBe("callbackUrl");
    }
  });

  it("answers 429 BATCH_LIMIT_REACHED past the open batch limit", async () => {
    harness.model.setLatency(1_500);
    try {
      const locations: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const accepted = await harness.post("/v1/batches", {
          items: [{ type: "company", request: companyRequest(`Batch: limit ${index}?`) }],
        });
        expect(accepted.status).toBe(202);
        locations.push(accepted.headers.get("location")!);
      }
      const refused = await harness.post("/v1/batches", {
        items: [{ type: "company", request: companyRequest("Batch: one too many?") }],
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await problemOf(refused)).code).toBe("BATCH_LIMIT_REACHED");
      const otherKey = await harness.post(
        "/v1/batches",
        { items: [{ type: "company", request: companyRequest("Batch: other key?") }] },
        { "x-api-key": OTHER_KEY },
      );
      expect(otherKey.status).toBe(202);
      for (const location of locations) await waitUntilDone(location);
      await waitUntilDone(otherKey.headers.get("location")!, OTHER_KEY);
    } finally {
      harness.model.setLatency(0);
    }
  });
});
