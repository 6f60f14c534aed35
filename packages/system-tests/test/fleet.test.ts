import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BatchResultLine, BatchStatus } from "@dossier/contract";
import { type BatchCallbackBody, verifyCallbackSignature } from "@dossier/queue";
import {
  batchBodyOf,
  companyRequest,
  type FakeChatRequest,
  type Harness,
  resultLinesOf,
  startHarness,
  statedAnswerResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const OTHER_KEY = "other-key-fedcba9876543210";
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    env: {
      API_KEYS: `${TEST_API_KEY},${OTHER_KEY}`,
      FETCH_ALLOW_PRIVATE: "1",
      WORKER_CONCURRENCY: "1",
      BATCH_FEED_AHEAD: "1",
      CALLBACK_BACKOFF_MS: "100",
      RETRY_BACKOFF_MS: "100",
    },
  });
});
afterAll(async () => harness?.stop());

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function get(path: string, key = TEST_API_KEY): Promise<Response> {
  return fetch(`${harness.stack.baseUrl}${path}`, { headers: { "x-api-key": key } });
}

async function submit(questions: string[], key = TEST_API_KEY, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await harness.post(
    "/v1/batches",
    { items: questions.map((question) => ({ type: "company", request: companyRequest(question) })), ...extra },
    { "x-api-key": key },
  );
  expect(response.status).toBe(202);
  return response.headers.get("location")!;
}

async function waitUntilDone(location: string, key = TEST_API_KEY, timeoutMs = 50_000): Promise<BatchStatus> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const body = await batchBodyOf(await get(location, key));
    if (body.status === "done") return body;
    await sleep(100);
  }
  throw new Error(`${location} did not finish`);
}

async function results(location: string, key = TEST_API_KEY): Promise<BatchResultLine[]> {
  return resultLinesOf(await get(`${location}/results`, key));
}

/** The first model call's position for each question, in arrival order. */
function firstCallOrder(requests: FakeChatRequest[], questions: string[]): number[] {
  return questions.map((question) => requests.findIndex((request) => request.userText.includes(question)));
}

describe("fleet behaviour", () => {
  it("shares the queue fairly: a second key's small batch does not wait behind a large one", async () => {
    harness.model.setLatency(80);
    try {
      const before = harness.model.requests.length;
      const large = Array.from({ length: 10 }, (_, index) => `Fair A${index}: hiring?`);
      const small = ["Fair B0: hiring?", "Fair B1: hiring?"];
      const largeLocation = await submit(large);
      const smallLocation = await submit(small, OTHER_KEY);
      await waitUntilDone(smallLocation, OTHER_KEY);
      await waitUntilDone(largeLocation);
      const requests = harness.model.requests.slice(before);
      const largeOrder = firstCallOrder(requests, large).sort((a, b) => a - b);
      const smallOrder = firstCallOrder(requests, small);
      // In rotation, both of B's items start before A's sixth item (A had a head start of at most a few items).
      for (const position of smallOrder) expect(position).toBeLessThan(largeOrder[5]!);
    } finally {
      harness.model.setLatency(0);
    }
  });

  it("answers a synchronous call before the batch items queued ahead of it", async () => {
    harness.model.setLatency(150);
    try {
      const location = await submit(Array.from({ length: 8 }, (_, index) => `Priority ${index}: remote?`));
      await sleep(200);
      const response = await harness.post("/v1/research/company", companyRequest("Priority: the waiting caller?"));
      expect(response.status).toBe(200);
      const batch = await batchBodyOf(await get(location));
      expect(batch.status).not.toBe("done");
      expect(batch.completed).toBeLessThan(5);
      await waitUntilDone(location);
    } finally {
      harness.model.setLatency(0);
    }
  });

  it("slows down on a provider's 429 and still answers every item", async () => {
    let rateLimited = 0;
    harness.model.setResponder((request) => {
      if (rateLimited < 3) {
        rateLimited += 1;
        return { kind: "status", status: 429, headers: { "retry-after-ms": "300" } };
      }
      return statedAnswerResponder(request);
    });
    try {
      const location = await submit(["Throttled 1: on-call?", "Throttled 2: on-call?"]);
      const done = await waitUntilDone(location);
      expect(done).toMatchObject({ completed: 2, failed: 0 });
      expect(rateLimited).toBe(3);
      expect((await results(location)).map((line) => line.status)).toEqual([200, 200]);
    } finally {
      harness.model.setResponder(statedAnswerResponder);
    }
  });

  it("announces a finished batch with a signed callback, retried until the receiver accepts it", async () => {
    const deliveries: Array<{ body: string; signature: string | undefined; status: number }> = [];
    const receiver: Server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const status = deliveries.length < 2 ? 500 : 204;
        deliveries.push({
          body: Buffer.concat(chunks).toString("utf8"),
          signature: request.headers["dossier-signature"] as string | undefined,
          status,
        });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const location = await submit(["Callback: SOC 2?"], TEST_API_KEY, {
        callbackUrl: `http://127.0.0.1:${port}/hooks/dossier`,
      });
      await waitUntilDone(location);
      const deadline = Date.now() + 20_000;
      while (deliveries.length < 3 && Date.now() < deadline) await sleep(100);
      expect(deliveries.map((delivery) => delivery.status)).toEqual([500, 500, 204]);
      await sleep(500);
      expect(deliveries).toHaveLength(3);

      const { secret } = (await (await get("/v1/callback-secret")).json()) as { secret: string };
      for (const delivery of deliveries)
        expect(verifyCallbackSignature(secret, delivery.body, delivery.signature)).toBe(true);
      expect(verifyCallbackSignature(secret, `${deliveries[0]!.body} `, deliveries[0]!.signature)).toBe(false);
      const otherSecret = (await (await get("/v1/callback-secret", OTHER_KEY)).json()) as { secret: string };
      expect(verifyCallbackSignature(otherSecret.secret, deliveries[0]!.body, deliveries[0]!.signature)).toBe(false);
      const body = JSON.parse(deliveries[2]!.body) as BatchCallbackBody;
      expect(body).toMatchObject({
        type: "batch.completed",
        batch: { id: location.split("/").pop(), status: "done", total: 1, completed: 1 },
      });
      expect(body.resultsUrl).toBe(`${location}/results`);
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it("loses nothing when a worker is killed mid-batch: every item is answered exactly once", async () => {
    harness.model.setLatency(700);
    try {
      const questions = Array.from({ length: 5 }, (_, index) => `Killed ${index}: ISO 27001?`);
      const location = await submit(questions);
      const deadline = Date.now() + 10_000;
      while (!harness.model.requests.some((request) => request.userText.includes("Killed 0")) && Date.now() < deadline)
        await sleep(50);
      harness.stack.workers[0]!.kill("SIGKILL");
      await harness.stack.workers[0]!.exited;
      await harness.stack.startWorker();
      const done = await waitUntilDone(location);
      expect(done).toMatchObject({ total: 5, completed: 5, failed: 0 });
      const lines = await results(location);
      expect(lines.map((line) => line.index)).toEqual([0, 1, 2, 3, 4]);
      expect(lines.every((line) => line.status === 200 && line.result)).toBe(true);
    } finally {
      harness.model.setLatency(0);
    }
  });
});
