import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientError } from "./answer-client-error.js";

let server: Server;
beforeAll(async () => {
  server = createServer((_request, response) => response.end("ok"));
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends raw bytes and reads until the server closes the connection (failing after 10 s of nothing). */
function exchange(text: string): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("the server did not close the connection"));
    }, 10_000);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.write(text);
  });
}

describe("answerClientError", () => {
  it.each([
    [
      "header fields over 16 KB",
      `GET / HTTP/1.1\r\nHost: x\r\nX-Padding: ${"a".repeat(20_000)}\r\n\r\n`,
      431,
      "REQUEST_HEADERS_TOO_LARGE",
    ],
    ["a request line that is not HTTP", "HELLO THERE\r\n\r\n", 400, "REQUEST_MALFORMED_HTTP"],
    ["a header line without a colon", "GET / HTTP/1.1\r\nHost x\r\n\r\n", 400, "REQUEST_MALFORMED_HTTP"],
  ])("answers %s with problem+json and closes the connection", async (_name, request, status, code) => {
    const received = await exchange(request);
    const [head = "", body = ""] = received.split("\r\n\r\n");
    const lines = head.split("\r\n");
    expect(lines[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(lines).toEqual(
      expect.arrayContaining([
        "Content-Type: application/problem+json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Connection: close",
        expect.stringMatching(/^X-Request-Id: [0-9a-f-]{36}$/),
      ]),
    );
    const problem = JSON.parse(body) as Record<string, unknown>;
    expect(problem).toMatchObject({ status, code, type: expect.stringMatching(/^https:\/\//) });
    expect(head).toContain(`X-Request-Id: ${problem.instance as string}`);
  });

  it("leaves well-formed requests to the server", async () => {
    const received = await exchange("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(received).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(received.endsWith("\r\n\r\nok")).toBe(true);
  });
});
