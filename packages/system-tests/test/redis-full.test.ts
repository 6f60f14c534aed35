import type { BatchStatus } from "@dossier/contract";
import {
  batchBodyOf,
  companyRequest,
  type FakeChatRequest,
  hasRedisServer,
  problemOf,
  type RedisServerProcess,
  redisCommand,
  resultLinesOf,
  startHarness,
  startScratchRedisServer,
  statedAnswerResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { describe, expect, it } from "vitest";

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function until<T>(look: () => T | Promise<T>, what: string, timeoutMs = 30_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await look();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`${what}: not seen within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/**
 * Model calls whose question holds a marker `(run name)` wait until `release(marker)`; every other call is answered
 * at once. A research run that started is thereby kept in flight while the test fills Redis.
 */
function gatedResponder() {
  const open = new Set<string>();
  const waiting: Array<{ marker: string; go: () => void }> = [];
  const markerOf = (request: FakeChatRequest) => /\(run [a-z]+\)/.exec(request.userText)?.[0];
  return {
    responder: async (request: FakeChatRequest) => {
      const marker = markerOf(request);
      if (marker && !open.has(marker)) await new Promise<void>((go) => waiting.push({ marker, go }));
      return statedAnswerResponder(request);
    },
    release(...markers: string[]) {
      for (const marker of markers) open.add(marker);
      for (const entry of waiting.splice(0)) {
        if (open.has(entry.marker)) entry.go();
        else waiting.push(entry);
      }
    },
  };
}

describe.skipIf(!(await hasRedisServer()))("a full Redis (maxmemory with noeviction)", () => {
  it("fails nothing for good: answers already computed are kept and stored once Redis has room, callers get 200 or a 503 that says Redis is full, and cancelling works", async () => {
    const server: RedisServerProcess = await startScratchRedisServer(["--maxmemory-policy", "noeviction"]);
    const port = server.port;
    const harness = await startHarness({
      redisUrl: `redis://127.0.0.1:${port}`,
      env: { WORKER_CONCURRENCY: "10", BATCH_FEED_AHEAD: "10", RETRY_BACKOFF_MS: "100" },
      gatewayEnv: { RESEARCH_TIMEOUT_MS: "15000" },
    });
    const gate = gatedResponder();
    harness.model.setResponder(gate.responder);
    const get = (path: string) => fetch(`${harness.stack.baseUrl}${path}`, { headers: { "x-api-key": TEST_API_KEY } });
    const callsAbout = (marker: string) =>
      harness.model.requests.filter((request) => request.userText.includes(marker)).length;
    try {
      // How many model calls one run of such a question makes, researched with Redis healthy.
      const control = await harness.post(
        "/v1/research/company",
        companyRequest("Is the company SOC 2 Type II certified? (control run)", { responseType: "BOOL" }),
      );
      expect(control.status).toBe(200);
      const callsPerRun = callsAbout("(control run)");
      expect(callsPerRun).toBeGreaterThan(0);

      const question = (marker: string) => `Is the company SOC 2 Type II certified? (run ${marker})`;
      const batchMarkers = ["alpha", "bravo", "charlie", "delta"];
      const batch = await harness.post("/v1/batches", {
        items: batchMarkers.map((marker) => ({
          type: "company",
          request: companyRequest(question(marker), { responseType: "BOOL" }),
        })),
      });
      expect(batch.status).toBe(202);
      const batchLocation = batch.headers.get("location")!;
      const toCancel = await harness.post("/v1/batches", {
        items: [{ type: "company", request: companyRequest(question("echo"), { responseType: "BOOL" }) }],
      });
      const cancelLocation = toCancel.headers.get("location")!;
      const answered = harness.post(
        "/v1/research/company",
        companyRequest(question("foxtrot"), { responseType: "BOOL" }),
      );
      const timedOut = harness.post("/v1/research/company", companyRequest(question("golf"), { responseType: "BOOL" }));
      // Awaited below; a failed test must not leave them to reject unobserved.
      for (const call of [answered, timedOut]) call.catch(() => {});
      const inFlight = [...batchMarkers, "echo", "foxtrot", "golf"].map((marker) => `(run ${marker})`);
      await until(() => inFlight.every((marker) => callsAbout(marker) > 0), "every run waiting on the model");

      // Redis fills up: it refuses every write that may grow memory.
      await redisCommand(port, "CONFIG", "SET", "maxmemory", "1");

      const ready = await get("/readyz");
      expect(ready.status).toBe(503);
      expect((await problemOf(ready)).detail).toContain("Redis is full");

      const refused = await harness.post("/v1/research/company", companyRequest("A new question while Redis is full?"));
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      const refusal = await problemOf(refused);
      expect(refusal.code).toBe("QUEUE_UNAVAILABLE");
      expect(refusal.detail).toContain("Redis is full");
      expect(refusal.detail).not.toContain("unreachable");

      const cancelled = await harness.post(`${cancelLocation}/cancel`, "");
      expect(cancelled.status).toBe(200);
      expect(((await cancelled.json()) as BatchStatus).status).toBe("cancelled");

      // The runs finish while Redis is full: their answers cannot be stored.
      gate.release(...[...batchMarkers, "echo", "foxtrot"].map((marker) => `(run ${marker})`));
      const firstAnswer = await answered;
      expect(firstAnswer.status).toBe(200);
      const firstBody = (await firstAnswer.json()) as { answerText: string };
      expect(firstBody.answerText, JSON.stringify(firstBody)).toBe("true");
      await until(
        () =>
          harness.stack.logLines().filter((line) => line.includes('"msg":"outcome kept: Redis is full')).length >= 6,
        "the worker keeping six outcomes",
      );

      // A caller whose wait runs out while Redis is full is told so, retryable, with its job to poll.
      const late = await timedOut;
      expect(late.status).toBe(503);
      expect(late.headers.get("retry-after")).toMatch(/^\d+$/);
      const lateProblem = await problemOf(late);
      expect(lateProblem.detail).toContain("Redis is full");
      expect(lateProblem.jobId).toEqual(expect.stringMatching(/^r-/));

      // Memory is freed: what was kept is stored, nothing failed, nothing was researched twice.
      await redisCommand(port, "CONFIG", "SET", "maxmemory", "0");
      gate.release("(run golf)");
      const done = await until(async () => {
        const body = await batchBodyOf(await get(batchLocation));
        return body.status === "done" ? body : null;
      }, "the batch finishing");
      expect(done).toMatchObject({ total: 4, completed: 4, failed: 0 });
      const lines = await resultLinesOf(await get(`${batchLocation}/results`));
      expect(lines.map((line) => line.status)).toEqual([200, 200, 200, 200]);
      const cancelledBatch = await until(async () => {
        const body = await batchBodyOf(await get(cancelLocation));
        return body.finishedAt ? body : null;
      }, "the cancelled batch finishing");
      expect(cancelledBatch).toMatchObject({ status: "cancelled", completed: 1, failed: 0 });
      const again = await harness.post(
        "/v1/research/company",
        companyRequest(question("golf"), { responseType: "BOOL" }),
      );
      expect(again.status).toBe(200);
      for (const marker of [...batchMarkers, "echo", "foxtrot", "golf"])
        expect(callsAbout(`(run ${marker})`), marker).toBe(callsPerRun);
      expect((await get("/readyz")).status).toBe(200);

      // The worker logged the refusals as Redis being full, never as a bug, and without the contents
      // of the refused writes (answers, quotes, questions).
      const workerLines = harness.stack.workers.flatMap((worker) => worker.lines);
      expect(workerLines.some((line) => line.includes("unexpected research error"))).toBe(false);
      expect(workerLines.filter((line) => line.includes("(run ") || line.includes("SOC 2"))).toEqual([]);
      const kept = workerLines.find((line) => line.includes('"msg":"outcome kept: Redis is full'))!;
      expect(JSON.parse(kept).err.command).toEqual({ name: "evalsha", key: expect.stringContaining(":result:r-") });
    } finally {
      await harness.stop();
      await server.stop("SIGKILL");
    }
  });
});
