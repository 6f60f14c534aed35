import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { BatchStatus, JobStatus } from "@dossier/contract";
import type { BatchCallbackBody } from "@dossier/queue";
import {
  companyRequest,
  type Harness,
  jobBodyOf,
  problemOf,
  researchBodyOf,
  resultLinesOf,
  startHarness,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
beforeAll(async () => {
  // The callback receiver listens on loopback.
  harness = await startHarness({ env: { FETCH_ALLOW_PRIVATE: "1" } });
});
afterAll(async () => harness?.stop());

function get(path: string): Promise<Response> {
  return fetch(`${harness.stack.baseUrl}${path}`, { headers: { "x-api-key": TEST_API_KEY } });
}

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("gave up waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pollDone = (location: string) =>
  waitFor(async () => {
    const view = await jobBodyOf(await get(location));
    return view.status === "done" ? view : undefined;
  });

describe("metadata on a research call", () => {
  it("refuses a key a plain object cannot hold (__proto__, constructor) with 422 naming it, on a call and on a batch", async () => {
    // Written as text: an object literal would take "__proto__" for its prototype.
    const request = `{"question":"Metadata: reserved?","company":{"name":"Northwind Robotics"},"metadata":{"__proto__":{"x":"y"},"constructor":"c","row":"1"}}`;
    const response = await harness.post("/v1/research/company", request);
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors?.map((error) => error.path)).toEqual([
      "metadata.__proto__",
      "metadata.constructor",
    ]);
    const batch = await harness.post(
      "/v1/batches",
      `{"items":[{"type":"company","request":{"question":"Metadata: batch?","company":{"name":"Northwind Robotics"}}}],"metadata":{"__proto__":{"x":"y"}}}`,
    );
    expect(batch.status).toBe(422);
    expect((await problemOf(batch)).errors?.map((error) => error.path)).toEqual(["metadata.__proto__"]);
  });

  it("comes back untouched with the result, and a plain request's answer has none", async () => {
    const metadata = { crmId: "0061x00000AbCdE", row: "17", note: "  spaces and ünïcode kept  " };
    const response = await harness.post("/v1/research/company", companyRequest("Metadata: SOC 2?", { metadata }));
    expect(response.status).toBe(200);
    expect((await researchBodyOf(response)).metadata).toEqual(metadata);

    const plain = await researchBodyOf(await harness.post("/v1/research/company", companyRequest("Metadata: none?")));
    expect(plain).not.toHaveProperty("metadata");
  });

  it("gives identical requests with different metadata each its own, from one research run", async () => {
    const before = harness.model.requests.length;
    const request = companyRequest("Metadata: shared run?");
    const [first, second, bare] = await Promise.all([
      harness.post("/v1/research/company", { ...request, metadata: { lead: "a" } }),
      harness.post("/v1/research/company", { ...request, metadata: { lead: "b" } }),
      harness.post("/v1/research/company", request),
    ]);
    expect((await researchBodyOf(first)).metadata).toEqual({ lead: "a" });
    expect((await researchBodyOf(second)).metadata).toEqual({ lead: "b" });
    expect(await researchBodyOf(bare)).not.toHaveProperty("metadata");
    expect(harness.model.requests.length - before).toBe(1);
    // Each call has its own handle on the one job.
    const ids = [first, second, bare].map((response) => response.headers.get("x-job-id")!);
    expect(new Set(ids).size).toBe(3);
    expect(new Set(ids.map((id) => id.split(".")[0])).size).toBe(1);
  });

  it("is in the polled result of an async call, each handle with its own", async () => {
    const request = companyRequest("Metadata: async?");
    const locations = await Promise.all(
      ["x", "y"].map(async (lead) => {
        const accepted = await harness.post(
          "/v1/research/company",
          { ...request, metadata: { lead } },
          { prefer: "respond-async" },
        );
        expect(accepted.status).toBe(202);
        const body = (await accepted.json()) as JobStatus;
        expect(accepted.headers.get("location")).toBe(`/v1/jobs/${body.id}`);
        return accepted.headers.get("location")!;
      }),
    );
    const [x, y] = await Promise.all(locations.map(pollDone));
    expect(x!.result!.metadata).toEqual({ lead: "x" });
    expect(y!.result!.metadata).toEqual({ lead: "y" });
    // A handle whose metadata part was made up finds nothing.
    expect((await get(`${locations[0]}zz`)).status).toBe(404);
  });

  it.each([
    [{ metadata: Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`k${index}`, "v"])) }, "metadata", /16/],
    [{ metadata: { count: 3 } }, "metadata.count", /must be a string/],
    [{ metadata: { long: "x".repeat(513) } }, "metadata.long", /512/],
    [{ metadata: { ["k".repeat(65)]: "v" } }, `metadata.${"k".repeat(65)}`, /1 to 64/],
    [{ metadata: ["a"] }, "metadata", /object of string pairs/],
  ])("answers 422 naming the field for bad metadata (%#)", async (extra, path, message) => {
    const response = await harness.post("/v1/research/company", companyRequest("Metadata: bad?", extra));
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors).toEqual([{ path, message: expect.stringMatching(message) }]);
  });
});

describe("metadata in a batch", () => {
  it("is returned per item in the result lines and CSV, and the batch's own in its status and callback", async () => {
    const deliveries: string[] = [];
    const receiver = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        deliveries.push(Buffer.concat(chunks).toString("utf8"));
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const request = companyRequest("Metadata: batch item?");
      const created = await harness.post("/v1/batches", {
        items: [
          { type: "company", ref: "r1", request: { ...request, metadata: { contact: "1" } } },
          { type: "company", ref: "r2", request: { ...request, metadata: { contact: "2" } } },
          { type: "company", ref: "r3", request },
          { type: "company", ref: "r4", request: { question: "", company: {}, metadata: { contact: "4" } } },
        ],
        metadata: { import: "march-leads" },
        callbackUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      });
      expect(created.status).toBe(202);
      expect(((await created.json()) as BatchStatus).metadata).toEqual({ import: "march-leads" });
      const location = created.headers.get("location")!;
      const lines = await waitFor(async () => {
        const results = await get(`${location}/results`);
        return results.status === 200 ? resultLinesOf(results) : undefined;
      });
      expect(lines.map((line) => [line.ref, line.status])).toEqual([
        ["r1", 200],
        ["r2", 200],
        ["r3", 200],
        ["r4", 422],
      ]);
      expect(lines[0]!.result!.metadata).toEqual({ contact: "1" });
      expect(lines[1]!.result!.metadata).toEqual({ contact: "2" });
      expect(lines[2]!.result).not.toHaveProperty("metadata");
      expect(lines[3]).toMatchObject({ metadata: { contact: "4" }, problem: { code: "REQUEST_VALIDATION_FAILED" } });

      const csv = (await (await get(`${location}/results?format=csv`)).text()).split("\r\n");
      expect(csv[0]).toMatch(/,errorDetail,metadata$/);
      expect(csv[1]).toMatch(/,"\{""contact"":""1""\}"$/);

      const status = (await (await get(location)).json()) as BatchStatus;
      expect(status.metadata).toEqual({ import: "march-leads" });
      await waitFor(async () => (deliveries.length > 0 ? true : undefined));
      const callback = JSON.parse(deliveries[0]!) as BatchCallbackBody;
      expect(callback.batch.metadata).toEqual({ import: "march-leads" });
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
