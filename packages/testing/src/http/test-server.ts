import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** A loopback HTTP server for the fetcher's tests, with counters a test can assert on. */
export interface TestServer {
  /** The port it listens on, on 127.0.0.1. */
  port: number;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Paths requested so far, in order, with their query. */
  requests: Array<{ path: string; host: string | undefined; userAgent: string | undefined }>;
  /** Most connections that were open at the same time. */
  maxOpenConnections: number;
  /** Stops listening and drops every connection. */
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1, port 0. Used only by tests. */
export async function startTestServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void | Promise<void>,
): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    state.requests.push({
      path: request.url ?? "",
      host: request.headers.host,
      userAgent: request.headers["user-agent"],
    });
    Promise.resolve(handler(request, response)).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    state.maxOpenConnections = Math.max(state.maxOpenConnections, sockets.size);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const state: TestServer = {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests: [],
    maxOpenConnections: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
}

/** The `DossierError` code a promise rejects with, or "no error"; any other rejection is rethrown. */
export async function errorCodeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const code = (error as { code?: unknown; name?: unknown }).code;
    if ((error as { name?: unknown }).name === "DossierError" && typeof code === "string") return code;
    throw error;
  }
  return "no error";
}
