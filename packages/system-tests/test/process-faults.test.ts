import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
import { companyRequest, problemOf, researchBodyOf, startHarness, statedAnswerResponder } from "@dossier/testing";
import { describe, expect, it } from "vitest";

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(25);
  }
}

function hasRedisServer(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("a worker killed mid-job", () => {
  it("loses nothing: another worker takes the job over and the client still gets its 200", async () => {
    const harness = await startHarness();
    try {
      let calls = 0;
      harness.model.setResponder((request) => (++calls === 1 ? { kind: "hang" } : statedAnswerResponder(request)));
      const pending = harness.post(
        "/v1/research/company",
        companyRequest("Is the company SOC 2 Type II certified? (survives SIGKILL)", { responseType: "BOOL" }),
      );
      await until(() => calls === 1);
      harness.stack.workers[0]!.kill("SIGKILL");
      await harness.stack.workers[0]!.exited;
      await harness.stack.startWorker();
      const response = await pending;
      expect(response.status).toBe(200);
      expect((await researchBodyOf(response)).answerText).toBe("true");
      expect(calls).toBe(2);
    } finally {
      await harness.stop();
    }
  });
});

describe("graceful stops", () => {
  it("SIGTERM to a worker finishes its running job before it exits", async () => {
    const harness = await startHarness({ modelLatencyMs: 1_200 });
    try {
      const pending = harness.post("/v1/research/company", companyRequest("Finishes on SIGTERM?"));
      await until(() => harness.model.requests.length === 1);
      harness.stack.workers[0]!.kill("SIGTERM");
      const response = await pending;
      expect(response.status).toBe(200);
      expect(await harness.stack.workers[0]!.exited).toBe(0);
    } finally {
      await harness.stop();
    }
  });

  it("SIGTERM to a worker whose job outlasts the grace period hands the job back, and another worker answers it", async () => {
    // Locks last a minute here: only the hand-back can get the job to the second worker in time.
    const harness = await startHarness({ env: { JOB_LOCK_MS: "60000", SHUTDOWN_GRACE_MS: "300" } });
    try {
      let calls = 0;
      harness.model.setResponder((request) => (++calls === 1 ? { kind: "hang" } : statedAnswerResponder(request)));
      const pending = harness.post(
        "/v1/research/company",
        companyRequest("Is the company SOC 2 Type II certified? (handed back on SIGTERM)", { responseType: "BOOL" }),
      );
      await until(() => calls === 1);
      const first = harness.stack.workers[0]!;
      first.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      expect(first.lines.some((line) => line.includes('"handedBack":1'))).toBe(true);
      await harness.stack.startWorker();
      const response = await pending;
      expect(response.status).toBe(200);
      expect((await researchBodyOf(response)).answerText).toBe("true");
    } finally {
      await harness.stop();
    }
  });

  it("SIGTERM to the gateway finishes calls in flight, then refuses new ones and exits 0", async () => {
    const harness = await startHarness({ modelLatencyMs: 1_200 });
    try {
      const pending = harness.post("/v1/research/company", companyRequest("Gateway drains?"));
      await until(() => harness.model.requests.length === 1);
      harness.stack.gateway.kill("SIGTERM");
      await sleep(100);
      await expect(fetch(`${harness.stack.baseUrl}/healthz`)).rejects.toThrow();
      const response = await pending;
      expect(response.status).toBe(200);
      expect(await harness.stack.gateway.exited).toBe(0);
    } finally {
      await harness.stop();
    }
  });
});

describe.skipIf(!hasRedisServer())("Redis going away", () => {
  it("answers 503 with Retry-After, not 500, and the gateway keeps running", async () => {
    const port = await freePort();
    const redis = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    await sleep(300);
    const harness = await startHarness({ redisUrl: `redis://127.0.0.1:${port}` });
    try {
      expect((await harness.post("/v1/research/company", companyRequest("Before the outage?"))).status).toBe(200);
      redis.kill("SIGKILL");
      await new Promise((resolve) => redis.once("exit", resolve));
      await sleep(200);

      const response = await harness.post("/v1/research/company", companyRequest("During the outage?"));
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await problemOf(response)).code).toBe("QUEUE_UNAVAILABLE");

      expect((await fetch(`${harness.stack.baseUrl}/readyz`)).status).toBe(503);
      expect((await fetch(`${harness.stack.baseUrl}/healthz`)).status).toBe(200);
      expect(harness.stack.gateway.child.exitCode).toBeNull();
    } finally {
      redis.kill("SIGKILL");
      await harness.stop();
    }
  });
});

describe.skipIf(!hasRedisServer())("a stop while Redis is gone", () => {
  it("SIGTERM still ends the worker: its queues get the grace period and a bound, not forever", async () => {
    const port = await freePort();
    const redis = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    await sleep(300);
    const harness = await startHarness({ redisUrl: `redis://127.0.0.1:${port}`, env: { SHUTDOWN_GRACE_MS: "300" } });
    try {
      expect((await harness.post("/v1/research/company", companyRequest("Before the outage?"))).status).toBe(200);
      redis.kill("SIGKILL");
      await new Promise((resolve) => redis.once("exit", resolve));
      await sleep(200);

      const worker = harness.stack.workers[0]!;
      worker.kill("SIGTERM");
      const stillRunning = sleep(30_000).then(() => "still running after 30 s");
      expect(await Promise.race([worker.exited, stillRunning])).toBe(0);
      expect(worker.lines.some((line) => line.includes("Redis did not answer the stop's last writes"))).toBe(true);
    } finally {
      redis.kill("SIGKILL");
      await harness.stop();
    }
  });
});
