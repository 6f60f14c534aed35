import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { checkModelEndpoint } from "./check-model-endpoint.js";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A real HTTP server that answers GET /v1/models with `status`. */
async function endpoint(status: number): Promise<string> {
  server = createServer((_request, response) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify({ data: [] }));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

describe("checkModelEndpoint", () => {
  it("takes a server that answers but lists no models as reachable, with a warning", async () => {
    const result = await checkModelEndpoint({ baseUrl: await endpoint(404), apiKey: undefined, model: "m" });
    expect(result.status.state).toBe("warning");
  });

  it("fails on a refused key and on a server error", async () => {
    expect((await checkModelEndpoint({ baseUrl: await endpoint(401), apiKey: "k", model: "m" })).status.state).toBe(
      "failing",
    );
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    expect(
      (await checkModelEndpoint({ baseUrl: await endpoint(500), apiKey: undefined, model: "m" })).status.state,
    ).toBe("failing");
  });
});
