import { join } from "node:path";
import {
  companyRequest,
  type Harness,
  problemOf,
  type ReceivedEvent,
  readEventStream,
  repositoryRoot,
  schemaExampleResponder,
  startHarness,
  startProcess,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const OTHER_KEY = "other-key-fedcba9876543210";
let harness: Harness;

beforeAll(async () => {
  // No worker at first: a test starts one once it has seen a job wait in the queue.
  harness = await startHarness({
    workers: 0,
    env: { API_KEYS: `${TEST_API_KEY},${OTHER_KEY}` },
    gatewayEnv: { EVENTS_HEARTBEAT_MS: "300" },
  });
});
afterAll(async () => harness?.stop());

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${harness.stack.baseUrl}${path}`, { headers: { "x-api-key": TEST_API_KEY, ...headers } });
}

const dataOf = (event: ReceivedEvent) => JSON.parse(event.data) as Record<string, unknown>;
/** The events' names, a repeat in a row counted once (a second look at more pages reports `reading` again). */
const namesOf = (events: ReceivedEvent[]) =>
  events.map((event) => event.event).filter((name, index, names) => index === 0 || names[index - 1] !== name);

async function submit(question: string): Promise<string> {
  const accepted = await harness.post("/v1/research/company", companyRequest(question), { prefer: "respond-async" });
  expect(accepted.status).toBe(202);
  return ((await accepted.json()) as { id: string }).id;
}

describe("GET /v1/jobs/{id}/events", () => {
  it("says the job is queued, then streams each stage live once a worker takes it, and ends with the result", async () => {
    const jobId = await submit("Events: where is the company based?");
    const response = await get(`/v1/jobs/${jobId}/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    let startedWorker = false;
    const stream = await readEventStream(response, {
      onEvent: (event) => {
        if (event.event === "queued" && !startedWorker) {
          startedWorker = true;
          void harness.stack.startWorker();
        }
      },
    });
    expect(namesOf(stream.events)).toEqual(["queued", "searching", "reading", "answering", "verifying", "done"]);
    expect(new Set(stream.events.map((event) => event.id)).size).toBe(stream.events.length);
    for (const event of stream.events) expect(dataOf(event)).toMatchObject({ jobId, at: expect.any(String) });
    for (const reading of stream.events.filter((event) => event.event === "reading"))
      expect(dataOf(reading).pages).toBeGreaterThan(0);

    const job = (await (await get(`/v1/jobs/${jobId}`)).json()) as { status: string; result: unknown };
    expect(job.status).toBe("done");
    expect(dataOf(stream.events.at(-1)!).result).toEqual(job.result);
  });

  it("resumes after Last-Event-ID, and answers 204 to a client that already has the final event", async () => {
    const jobId = await submit("Events: what does the company sell?");
    const first = await readEventStream(await get(`/v1/jobs/${jobId}/events`));
    const reading = first.events.findLast((event) => event.event === "reading")!;
    const done = first.events.at(-1)!;
    expect(done.event).toBe("done");

    const resumed = await readEventStream(await get(`/v1/jobs/${jobId}/events`, { "last-event-id": reading.id! }));
    expect(namesOf(resumed.events)).toEqual(["answering", "verifying", "done"]);
    expect(resumed.events.map((event) => event.id)).toEqual(first.events.slice(-3).map((event) => event.id));

    const after = await get(`/v1/jobs/${jobId}/events`, { "last-event-id": done.id! });
    expect(after.status).toBe(204);
  });

  it("sends a heartbeat comment while nothing happens", async () => {
    harness.model.setLatency(1_500);
    try {
      const jobId = await submit("Events: is anyone there?");
      const stream = await readEventStream(await get(`/v1/jobs/${jobId}/events`));
      expect(stream.comments).toContain("heartbeat");
      expect(stream.events.at(-1)!.event).toBe("done");
    } finally {
      harness.model.setLatency(0);
    }
  });

  it("ends with failed and the problem when the research fails", async () => {
    harness.model.setResponder(() => ({ kind: "status", status: 401, body: { error: { message: "no" } } }));
    try {
      const jobId = await submit("Events: will this one fail?");
      const stream = await readEventStream(await get(`/v1/jobs/${jobId}/events`));
      const last = stream.events.at(-1)!;
      expect(last.event).toBe("failed");
      expect(dataOf(last).problem).toMatchObject({ code: "LLM_AUTH_FAILED", status: 503, detail: expect.any(String) });
    } finally {
      harness.model.setResponder(schemaExampleResponder);
    }
  });

  it("answers 404 to another key and for an unknown job, like the job itself", async () => {
    const jobId = await submit("Events: whose stream is this?");
    const other = await get(`/v1/jobs/${jobId}/events`, { "x-api-key": OTHER_KEY });
    expect(other.status).toBe(404);
    expect((await problemOf(other)).code).toBe("JOB_NOT_FOUND");
    const unknown = await get("/v1/jobs/r-unknown/events");
    expect(unknown.status).toBe(404);
    const missingKey = await fetch(`${harness.stack.baseUrl}/v1/jobs/${jobId}/events`);
    expect(missingKey.status).toBe(401);
    await readEventStream(await get(`/v1/jobs/${jobId}/events`));
  });

  it("is served by any gateway: events reach a second gateway through Redis", async () => {
    const second = startProcess("gateway-2", join(repositoryRoot(), "apps/gateway/dist/main.js"), {
      ...harness.world.env,
      ...harness.stack.redisEnv,
      API_KEYS: `${TEST_API_KEY},${OTHER_KEY}`,
      RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: "100000",
      PORT: "0",
    });
    try {
      const listening = await second.waitForLog("gateway listening");
      harness.model.setLatency(400);
      const jobId = await submit("Events: which gateway answers?");
      const response = await fetch(`http://127.0.0.1:${listening.port as number}/v1/jobs/${jobId}/events`, {
        headers: { "x-api-key": TEST_API_KEY },
      });
      const stream = await readEventStream(response);
      expect(namesOf(stream.events)).toContain("answering");
      expect(stream.events.at(-1)!.event).toBe("done");
    } finally {
      harness.model.setLatency(0);
      second.kill("SIGKILL");
      await second.exited;
    }
  });
});

describe("POST /v1/research/{kind} with Accept: text/event-stream", () => {
  it("streams the call's own job and ends with exactly the synchronous answer", async () => {
    const request = companyRequest("Events: does it sell robots?", { responseType: "BOOL" });
    const response = await harness.post("/v1/research/company", request, { accept: "text/event-stream" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const jobId = response.headers.get("x-job-id");
    expect(jobId).toMatch(/^r-/);
    const stream = await readEventStream(response);
    expect(namesOf(stream.events)).toEqual(expect.arrayContaining(["searching", "answering", "done"]));
    const done = dataOf(stream.events.at(-1)!);
    expect(done.jobId).toBe(jobId);

    const sync = await harness.post("/v1/research/company", request);
    expect(done.result).toEqual(await sync.json());
  });

  it("still validates first: a bad body is a 422 problem, not a stream", async () => {
    const response = await harness.post("/v1/research/company", { question: "" }, { accept: "text/event-stream" });
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  });
});

describe("GET /v1/batches/{id}/events", () => {
  it("streams progress counts and ends with done; resuming after done is 204", async () => {
    harness.model.setLatency(150);
    try {
      const items = Array.from({ length: 6 }, (_, index) => ({
        type: "company",
        ref: `row-${index}`,
        request: companyRequest(`Events: batch question ${index}?`),
      }));
      items.push({ type: "company", ref: "bad", request: { question: "" } as never });
      const accepted = await harness.post("/v1/batches", { items });
      expect(accepted.status).toBe(202);
      const batch = (await accepted.json()) as { id: string };

      const response = await get(`/v1/batches/${batch.id}/events`);
      expect(response.status).toBe(200);
      const stream = await readEventStream(response);
      const progress = stream.events.filter((event) => event.event === "progress").map(dataOf);
      expect(progress.length).toBeGreaterThan(0);
      const finished = progress.map((data) => (data.completed as number) + (data.failed as number));
      expect(finished).toEqual([...finished].sort((a, b) => a - b));
      const last = stream.events.at(-1)!;
      expect(last.event).toBe("done");
      expect(dataOf(last)).toMatchObject({ id: batch.id, status: "done", total: 7, completed: 6, failed: 1 });

      const again = await get(`/v1/batches/${batch.id}/events`, { "last-event-id": last.id! });
      expect(again.status).toBe(204);
      const fresh = await readEventStream(await get(`/v1/batches/${batch.id}/events`));
      expect(namesOf(fresh.events)).toEqual(["done"]);
    } finally {
      harness.model.setLatency(0);
    }
  });

  it("answers 404 to another key", async () => {
    const accepted = await harness.post("/v1/batches", {
      items: [{ type: "company", request: companyRequest("Events: a private batch?") }],
    });
    const batch = (await accepted.json()) as { id: string };
    const other = await get(`/v1/batches/${batch.id}/events`, { "x-api-key": OTHER_KEY });
    expect(other.status).toBe(404);
    expect((await problemOf(other)).code).toBe("BATCH_NOT_FOUND");
    await readEventStream(await get(`/v1/batches/${batch.id}/events`));
  });
});
