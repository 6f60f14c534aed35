import { request as httpRequest } from "node:http";
import { companyRequest, type Harness, startHarness, TEST_API_KEY } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Log lines of the gateway's processes with this message, parsed. */
function logLines(message: string): Array<Record<string, unknown>> {
  return harness.stack.gateway.lines
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === message);
}

/** A research call on a connection of its own, so that node:cluster may hand it to any process. */
function callOnNewConnection(question: string): Promise<number> {
  const body = JSON.stringify(companyRequest(question));
  const { port } = new URL(harness.stack.baseUrl);
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/v1/research/company",
        agent: false,
        headers: { "content-type": "application/json", "x-api-key": TEST_API_KEY, connection: "close" },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    call.on("error", reject);
    call.end(body);
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  harness = await startHarness({ gatewayEnv: { GATEWAY_PROCESSES: "2" } });
  const deadline = Date.now() + 15_000;
  while (logLines("gateway listening").length < 2 && Date.now() < deadline) await sleep(50);
});
afterAll(async () => harness?.stop());

describe("GATEWAY_PROCESSES=2", () => {
  it("serves one port from two processes, and /metrics totals the calls of both", async () => {
    const listening = logLines("gateway listening");
    expect(new Set(listening.map((line) => line.pid)).size).toBe(2);
    expect(new Set(listening.map((line) => line.port)).size).toBe(1);

    const statuses: number[] = [];
    for (let index = 0; index < 8; index += 1) statuses.push(await callOnNewConnection(`Two processes ${index}?`));
    expect(statuses).toEqual(Array(8).fill(200));
    const served = logLines("request").filter((line) => line.route === "/v1/research/company");
    expect(new Set(served.map((line) => line.pid)).size).toBe(2);

    for (let attempt = 0; attempt < 4; attempt += 1) {
      const text = await (await fetch(`${harness.stack.baseUrl}/metrics`, { headers: { connection: "close" } })).text();
      expect(text).toMatch(
        /dossier_http_requests_total\{method="POST",route="\/v1\/research\/company",status="200"\} 8\n/,
      );
      // Queue depth and fleet counters come from Redis once, not once per process.
      expect(text.match(/^dossier_queue_jobs\{state="waiting"\} /gm)).toHaveLength(1);
    }
  });

  it("stops every process on SIGTERM after the calls in flight are answered, and exits 0", async () => {
    const pids = logLines("gateway listening").map((line) => Number(line.pid));
    harness.model.setLatency(1_200);
    const pending = callOnNewConnection("Answered while the gateways stop?");
    const deadline = Date.now() + 10_000;
    while (harness.model.requests.length === 0 || !harness.model.requests.at(-1)?.userText.includes("stop?")) {
      if (Date.now() > deadline) throw new Error("the call did not reach the model");
      await sleep(25);
    }
    harness.stack.gateway.kill("SIGTERM");
    expect(await pending).toBe(200);
    expect(await harness.stack.gateway.exited).toBe(0);
    expect(pids.filter(isRunning)).toEqual([]);
  });
});
