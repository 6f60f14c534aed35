import { Client } from "undici";
import { type ClosedLoopResult, runClosedLoop } from "./run-closed-loop.js";

/** One HTTP request of a load run. */
export interface LoadRequest {
  method: "GET" | "POST";
  /** Path with query, e.g. `/v1/research/company`. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Settings of {@link runHttpLoad}. */
export interface HttpLoadOptions {
  /** Origin of the server under test, e.g. `http://127.0.0.1:8080`. */
  origin: string;
  /** Keep-alive connections, one request in flight on each. */
  connections: number;
  /** Length of the measured window, in milliseconds. */
  durationMs: number;
  /** Unmeasured warm-up before the window, in milliseconds. Default 0. */
  warmupMs?: number;
  /** Requests that must have finished before the window opens (see {@link runClosedLoop}). Default 0. */
  warmupRequests?: number;
  /** Stops after this many requests (warm-up included). Default: no limit. */
  maxRequests?: number;
  /** Builds request number `index` (0-based over the whole run). */
  request: (index: number) => LoadRequest;
  /** Awaited before each request is sent, outside its measured latency (e.g. to empty a cache). */
  beforeEach?: (index: number) => Promise<void>;
  /** Time-out of one request, headers and body, in milliseconds. Default 120000. */
  requestTimeoutMs?: number;
  /** Given each response's status and body text, outside the measured latency's bookkeeping (e.g. to read `usage`). */
  onResponse?: (status: number, body: string) => void;
}

/**
 * Closed-loop HTTP load with undici: exactly `connections` sockets, each sending its next request
 * once the previous answer has been read. Outcomes are the HTTP status codes.
 */
export async function runHttpLoad(options: HttpLoadOptions): Promise<ClosedLoopResult> {
  const timeout = options.requestTimeoutMs ?? 120_000;
  const clients = Array.from(
    { length: options.connections },
    () =>
      new Client(options.origin, {
        pipelining: 1,
        keepAliveTimeout: 60_000,
        headersTimeout: timeout,
        bodyTimeout: timeout,
      }),
  );
  try {
    return await runClosedLoop({
      concurrency: options.connections,
      durationMs: options.durationMs,
      warmupMs: options.warmupMs,
      warmupOperations: options.warmupRequests,
      maxOperations: options.maxRequests,
      prepare: options.beforeEach,
      operation: async (index, lane) => {
        const spec = options.request(index);
        const response = await clients[lane]!.request({
          method: spec.method,
          path: spec.path,
          headers: spec.body === undefined ? spec.headers : { "content-type": "application/json", ...spec.headers },
          body: spec.body,
        });
        if (options.onResponse) options.onResponse(response.statusCode, await response.body.text());
        else await response.body.arrayBuffer();
        return String(response.statusCode);
      },
    });
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
  }
}
