import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { runHttpLoad } from "./run-http-load.js";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(
  handler: Parameters<typeof createServer>[1],
): Promise<{ origin: string; sockets: () => number; bodies: string[] }> {
  const bodies: string[] = [];
  const peers = new Set<number>();
  server = createServer((request, response) => {
    peers.add(request.socket.remotePort!);
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      bodies.push(body);
      handler!(request, response);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sockets: () => peers.size, bodies };
}

describe("runHttpLoad", () => {
  it("opens exactly the connections asked for and sends each request's body", async () => {
    const target = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"ok":true}');
    });
    const result = await runHttpLoad({
      origin: target.origin,
      connections: 5,
      durationMs: 60_000,
      maxRequests: 50,
      request: (index) => ({ method: "POST", path: "/v1/research/company", body: JSON.stringify({ index }) }),
    });
    expect(target.sockets()).toBe(5);
    expect(result.outcomes).toEqual({ "200": 50 });
    expect(target.bodies.map((body) => (JSON.parse(body) as { index: number }).index).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index),
    );
  });

  it("reports each status the server answered", async () => {
    let count = 0;
    const target = await serve((_request, response) => {
      count += 1;
      response.writeHead(count % 2 === 0 ? 503 : 200);
      response.end("x".repeat(100_000));
    });
    const result = await runHttpLoad({
      origin: target.origin,
      connections: 1,
      durationMs: 60_000,
      maxRequests: 6,
      request: () => ({ method: "GET", path: "/" }),
    });
    expect(result.outcomes).toEqual({ "200": 3, "503": 3 });
  });

  it("counts a refused connection as an error instead of failing the run", async () => {
    const target = await serve((_request, response) => response.end());
    const origin = target.origin;
    server!.close();
    server!.closeAllConnections();
    server = undefined;
    const result = await runHttpLoad({
      origin,
      connections: 2,
      durationMs: 60_000,
      maxRequests: 4,
      request: () => ({ method: "GET", path: "/" }),
    });
    expect(result.outcomes).toEqual({ error: 4 });
    expect(result.firstError).toBeTruthy();
  });
});
