import { type BatchResultLine, Dossier, DossierApiError, type JobEvent } from "@dossier/client";
import {
  companyRequest,
  type Harness,
  schemaExampleResponder,
  startHarness,
  startProxy,
  TEST_API_KEY,
  TEST_COMPANY,
  type TestProxy,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
let proxy: TestProxy;
let dossier: Dossier;

beforeAll(async () => {
  harness = await startHarness({ env: { BATCH_MAX_OPEN: "2" } });
  proxy = await startProxy(harness.stack.baseUrl);
  dossier = new Dossier({ baseUrl: proxy.url, apiKey: TEST_API_KEY, retryBaseDelayMs: 50 });
});
afterAll(async () => {
  await proxy?.close();
  await harness?.stop();
});

describe("research", () => {
  it("answers a company question with the gateway's body, typed", async () => {
    const request = companyRequest("Is the company SOC 2 Type II certified? (client)", { responseType: "BOOL" });
    const answer = await dossier.researchCompany(request);
    expect(answer).toMatchObject({ answerText: "true", answerNumber: 1 });
    expect(answer.sources.length).toBeGreaterThan(0);
    const raw = await harness.post("/v1/research/company", request);
    expect(answer).toEqual(await raw.json());
  });

  it("answers a person question with the enriched person", async () => {
    const answer = await dossier.researchPerson({
      question: "Client: what is her role?",
      person: { firstName: "Sarah", lastName: "Chen", company: TEST_COMPANY },
    });
    expect(answer.person).toMatchObject({ firstName: "Sarah", lastName: "Chen" });
  });

  it("reports each stage to onProgress and resolves with the answer", async () => {
    const seen: JobEvent[] = [];
    const answer = await dossier.researchCompany(companyRequest("Client: where is it based?"), {
      onProgress: (event) => seen.push(event),
    });
    expect(seen.map((event) => event.type)).toEqual(expect.arrayContaining(["searching", "reading", "done"]));
    const done = seen.at(-1)!;
    expect(done.type).toBe("done");
    if (done.type === "done") expect(done.data.result).toEqual(answer);
    expect(proxy.requests.at(-1)!.headers.accept).toBe("text/event-stream");
  });

  it("follows the same job from the last event when the stream drops before the answer", async () => {
    harness.model.setLatency(500);
    try {
      proxy.cutNextStreamAfter(2);
      const seen: JobEvent[] = [];
      const answer = await dossier.researchCompany(companyRequest("Client: does the stream come back?"), {
        onProgress: (event) => seen.push(event),
      });
      expect(answer).toHaveProperty("answerText");
      const types = seen.map((event) => event.type);
      expect(types.at(-1)).toBe("done");
      expect(new Set(seen.map((event) => event.id)).size).toBe(seen.length);
      // The stream was cut after the first events; the client went on from the last one it had.
      const resumed = proxy.requests.at(-1)!;
      expect(resumed.path).toMatch(/^\/v1\/jobs\/r-.+\/events$/);
      const resumedAfter = seen.findIndex((event) => event.id === resumed.headers["last-event-id"]);
      expect(resumedAfter).toBeGreaterThanOrEqual(0);
      expect(seen.length).toBeGreaterThan(resumedAfter + 1);
    } finally {
      harness.model.setLatency(0);
    }
  });

  it("throws a DossierApiError carrying the problem+json", async () => {
    const error = await dossier.researchCompany({ question: "", company: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DossierApiError);
    const apiError = error as DossierApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.code).toBe("REQUEST_VALIDATION_FAILED");
    expect(apiError.problem.errors?.map((entry) => entry.path)).toEqual(
      expect.arrayContaining(["question", "company"]),
    );

    const unauthorized = new Dossier({ baseUrl: harness.stack.baseUrl, apiKey: "wrong-key-000000000000" });
    await expect(unauthorized.getBatch("b-x")).rejects.toMatchObject({ status: 401, code: "AUTH_INVALID_KEY" });
  });

  it("fails with the research's problem when onProgress is given and the job fails", async () => {
    harness.model.setResponder(() => ({ kind: "status", status: 401, body: { error: { message: "no" } } }));
    try {
      const failure = dossier.researchCompany(companyRequest("Client: will this fail?"), { onProgress: () => {} });
      await expect(failure).rejects.toMatchObject({ code: "LLM_AUTH_FAILED" });
    } finally {
      harness.model.setResponder(schemaExampleResponder);
    }
  });
});

describe("retries", () => {
  it("tries again after a 503, waiting the Retry-After it was given", async () => {
    const before = proxy.requests.length;
    proxy.answerNext({ status: 503, headers: { "retry-after": "1" } });
    const answer = await dossier.researchCompany(companyRequest("Client: after a 503?"));
    expect(answer).toHaveProperty("confidence");
    const [refused, retried] = proxy.requests.slice(before);
    expect(retried!.path).toBe(refused!.path);
    expect(retried!.at - refused!.at).toBeGreaterThanOrEqual(990);
  });

  it("tries again after a 429 with backoff, and gives up with the problem after maxRetries", async () => {
    const before = proxy.requests.length;
    proxy.answerNext({ status: 429 }, { status: 429 });
    await expect(dossier.getBatch("b-unknown")).rejects.toMatchObject({ status: 404, code: "BATCH_NOT_FOUND" });
    expect(proxy.requests.length - before).toBe(3);

    proxy.answerNext({ status: 429, headers: { "retry-after": "0" } }, { status: 429 }, { status: 429 });
    const error = (await dossier.getBatch("b-unknown").catch((caught: unknown) => caught)) as DossierApiError;
    expect(error).toBeInstanceOf(DossierApiError);
    expect(error.status).toBe(429);
  });

  it("does not retry other statuses", async () => {
    const before = proxy.requests.length;
    proxy.answerNext({ status: 500 });
    await expect(dossier.getBatch("b-unknown")).rejects.toMatchObject({ status: 500 });
    expect(proxy.requests.length - before).toBe(1);
  });
});

describe("batches", () => {
  it("creates a batch, follows its events and results, and lists it", async () => {
    harness.model.setLatency(100);
    try {
      const created = await dossier.createBatch({
        items: [
          { type: "company", ref: "a", request: companyRequest("Client batch: question a?") },
          { type: "company", ref: "b", request: companyRequest("Client batch: question b?") },
          { type: "company", ref: "c", request: { question: "" } as never },
        ],
      });
      expect(created).toMatchObject({ total: 3 });
      expect(proxy.requests.at(-1)!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);

      const lines: BatchResultLine[] = [];
      for await (const line of dossier.batchResults(created.id, { follow: true, pollIntervalMs: 100 }))
        lines.push(line);
      expect(lines.map((line) => [line.ref, line.status])).toEqual([
        ["a", 200],
        ["b", 200],
        ["c", 422],
      ]);

      const events = [];
      for await (const event of dossier.events({ batchId: created.id })) events.push(event);
      expect(events.at(-1)).toMatchObject({ type: "done", data: { status: "done", completed: 2, failed: 1 } });

      const again: BatchResultLine[] = [];
      for await (const line of dossier.batchResults(created.id)) again.push(line);
      expect(again).toEqual(lines);
      expect(await dossier.batchResultsText(created.id, { format: "csv" })).toMatch(/^index,ref,status,/);

      const listed = await dossier.listBatches({ limit: 1 });
      expect(listed.data[0]!.id).toBe(created.id);
      expect(await dossier.getBatch(created.id)).toEqual(listed.data[0]);
    } finally {
      harness.model.setLatency(0);
    }
  });

  it("sends one Idempotency-Key through its own retries, so a 503 never makes two batches", async () => {
    const before = proxy.requests.length;
    proxy.answerNext({ status: 503, headers: { "retry-after": "0" } });
    const created = await dossier.createBatch({
      items: [{ type: "company", request: companyRequest("Client batch: once?") }],
    });
    const sent = proxy.requests.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers["idempotency-key"]).toBe(sent[1]!.headers["idempotency-key"]);
    const replay = await dossier.createBatch(
      { items: [{ type: "company", request: companyRequest("Client batch: once?") }] },
      { idempotencyKey: String(sent[0]!.headers["idempotency-key"]) },
    );
    expect(replay.id).toBe(created.id);
    for await (const _line of dossier.batchResults(created.id, { follow: true, pollIntervalMs: 100 })) {
      // read to the end
    }
  });

  it("cancels a batch, and reports BATCH_LIMIT_REACHED with its Retry-After when asked not to retry", async () => {
    harness.model.setLatency(1_000);
    try {
      const items = Array.from({ length: 30 }, (_, index) => ({
        type: "company" as const,
        request: companyRequest(`Client cancel: question ${index}?`),
      }));
      const first = await dossier.createBatch({ items });
      const second = await dossier.createBatch({ items: items.slice(0, 1) });
      const refused = await dossier.createBatch({ items }, { maxRetries: 0 }).catch((caught: unknown) => caught);
      expect(refused).toMatchObject({ status: 429, code: "BATCH_LIMIT_REACHED", retryAfterSeconds: 30 });

      const cancelled = await dossier.cancelBatch(first.id);
      expect(cancelled.status).toBe("cancelled");
      expect(cancelled.cancelled).toBeGreaterThan(0);
      await dossier.cancelBatch(second.id);
    } finally {
      harness.model.setLatency(0);
    }
  });
});

describe("job events", () => {
  it("replays a finished job's events after a given id", async () => {
    const response = await harness.post("/v1/research/company", companyRequest("Client: replay me?"), {
      prefer: "respond-async",
    });
    const { id } = (await response.json()) as { id: string };
    const all: JobEvent[] = [];
    for await (const event of dossier.events({ jobId: id })) all.push(event);
    expect(all.at(-1)!.type).toBe("done");
    const tail: JobEvent[] = [];
    const searching = all.find((event) => event.type === "searching")!;
    for await (const event of dossier.events({ jobId: id }, { lastEventId: searching.id })) tail.push(event);
    expect(tail).toEqual(all.slice(all.indexOf(searching) + 1));
    expect((await dossier.getJob(id)).status).toBe("done");
  });
});
