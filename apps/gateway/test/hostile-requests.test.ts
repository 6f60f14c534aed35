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
