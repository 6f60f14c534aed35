import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { companyRequest, type Harness, problemOf, startHarness, TEST_API_KEY } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.stop());

function expectProblem(response: Response, status: number): void {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
}

describe("nesting depth", () => {
  it("refuses a deeply nested batch with 400 while /healthz keeps answering", async () => {
    const depth = 15_000_000;
    const body = `{"items":[${"[".repeat(depth)}${"]".repeat(depth)}]}`;
    const [deep, health] = await Promise.all([
      harness.post("/v1/batches", body),
      fetch(`${harness.stack.baseUrl}/healthz`),
    ]);
    expect(health.status).toBe(200);
    expectProblem(deep, 400);
    const problem = await problemOf(deep);
    expect(problem.code).toBe("REQUEST_TOO_DEEPLY_NESTED");
    expect(problem.detail).toContain("64");
  });

  it("refuses a research body nested past the limit, and counts no brackets inside strings", async () => {
    let nested: unknown = "x";
    for (let level = 0; level < 100; level += 1) nested = [nested];
    const deep = await harness.post("/v1/research/company", { ...companyRequest("Deep?"), context: nested });
    expectProblem(deep, 400);
    expect((await problemOf(deep)).code).toBe("REQUEST_TOO_DEEPLY_NESTED");

    const brackets = await harness.post("/v1/research/company", companyRequest(`Brackets ${"[{".repeat(200)}?`));
    expect(brackets.status).toBe(200);
  });

  it("rejects an unknown top-level field of a batch with 422 naming it", async () => {
    const response = await harness.post("/v1/batches", {
      items: [{ type: "company", request: companyRequest("Envelope?") }],
      callbakUrl: "https://hooks.example.com/dossier",
    });
    expectProblem(response, 422);
    expect((await problemOf(response)).errors).toEqual([
      { path: "callbakUrl", message: "is not a known field (names are case-sensitive)" },
    ]);
  });
});

describe("compressed bodies", () => {
  const body = Buffer.from(JSON.stringify(companyRequest("Compressed?")));

  it.each([
    ["gzip", Buffer.from("this is not gzip at all")],
    ["gzip", gzipSync(body).subarray(0, 20)],
    ["br", Buffer.from("this is not brotli at all")],
    ["deflate", Buffer.from("this is not deflate at all")],
  ])("a %s body that does not decompress is 400", async (encoding, bytes) => {
    const response = await fetch(`${harness.stack.baseUrl}/v1/research/company`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": encoding, "x-api-key": TEST_API_KEY },
      body: bytes,
    });
    expectProblem(response, 400);
    expect((await problemOf(response)).code).toBe("REQUEST_MALFORMED_ENCODING");
  });

  it("an encoding the gateway does not decompress is 415", async () => {
    const response = await fetch(`${harness.stack.baseUrl}/v1/research/company`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "compress", "x-api-key": TEST_API_KEY },
      body,
    });
    expectProblem(response, 415);
    expect((await problemOf(response)).detail).toContain("gzip, br or deflate");
  });

  it.each([
    ["gzip", gzipSync(body)],
    ["br", brotliCompressSync(body)],
    ["deflate", deflateSync(body)],
  ])("a %s body that decompresses is read", async (encoding, bytes) => {
    const response = await fetch(`${harness.stack.baseUrl}/v1/research/company`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": encoding, "x-api-key": TEST_API_KEY },
      body: bytes,
    });
    expect(response.status).toBe(200);
  });
});

describe("malformed paths", () => {
  const secret = "jane.doe%40private-mail.test";

  it.each(["/v1/jobs/%ZZ", "/v1/batches/%ZZ", "/v1/batches/%ZZ/results"])(
    "%s is 400 with a key and without, and no log line holds the path",
    async (template) => {
      const path = template.replace("%ZZ", `${secret}%ZZ`);
      const withAndWithoutKey: Array<Record<string, string>> = [{ "x-api-key": TEST_API_KEY }, {}];
      for (const headers of withAndWithoutKey) {
        const response = await fetch(`${harness.stack.baseUrl}${path}`, { headers });
        expectProblem(response, 400);
        expect((await problemOf(response)).code).toBe("REQUEST_MALFORMED_PATH");
      }
      const text = harness.stack.logLines().join("\n");
      expect(text).not.toContain("jane.doe");
      expect(text).not.toContain("private-mail");
      expect(text).not.toContain("%ZZ");
    },
  );
});
