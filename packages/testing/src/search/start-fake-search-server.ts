import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "../read-body.js";
import {
  type FakeSearchProviderName,
  type FakeSearchResult,
  isWireRejection,
  restrictToDomains,
  searchWires,
} from "./fake-search-wire.js";

/**
 * How the fake answers the next requests:
 * - `ok`: the vendor's normal JSON answer built from `search`.
 * - `status-500`: 500 with a short text body.
 * - `status-429`: 429 with `Retry-After: 7`.
 * - `garbage`: 200 `application/json` whose body is not JSON (an HTML error page).
 * - `wrong-shape`: 200 with valid JSON that is not the vendor's shape.
 * - `unauthorized`: 401, whatever credential was sent.
 * - `hang`: reads the request and never answers (until `close()`).
 */
export type FakeSearchBehaviour =
  | "ok"
  | "status-500"
  | "status-429"
  | "garbage"
  | "wrong-shape"
  | "unauthorized"
  | "hang";

/** The `Retry-After` value, in seconds, sent with the `status-429` behaviour. */
export const FAKE_SEARCH_RETRY_AFTER_SECONDS = 7;

export interface FakeSearchServerOptions {
  /** Which vendor's wire protocol to speak. */
  provider: FakeSearchProviderName;
  /**
   * Produces the results for one query. `limit` is the count the client asked for, or the
   * vendor's page size when its protocol has none (SearXNG: 20). The fake returns at most
   * `limit` of them.
   */
  search: (query: string, limit: number) => FakeSearchResult[];
  /** Delay before every answer, in milliseconds. Default 0. */
  latencyMs?: number;
  /**
   * The credential the fake accepts, checked where the vendor expects it (Brave:
   * `X-Subscription-Token`, Tavily: `Authorization: Bearer`, Serper: `X-API-KEY`); anything
   * else gets a 401. Ignored for SearXNG, which has no credential. Default: no check.
   */
  apiKey?: string;
}

/** One request that reached the vendor's search route. */
export interface FakeSearchRequest {
  /** The query as the fake decoded it from the wire. */
  query: string;
  /** The result count the client asked for; null when the protocol has none (SearXNG). */
  limit: number | null;
  /** The query without the domain operators the vendor reads: what `search` was asked. */
  terms: string;
  /** Domains the results were restricted to (operators or the vendor's parameter). */
  includeDomains: string[];
  /** Domains the results were kept off. */
  excludeDomains: string[];
}

export interface FakeSearchServer {
  /** Base URL to give the adapter, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  /** Every request that reached the search route and could be parsed, in arrival order. */
  requests: FakeSearchRequest[];
  /** How many times `GET /healthz` was asked (SearXNG only). */
  readonly healthChecks: number;
  /** Changes how the following requests are answered. */
  setBehaviour(behaviour: FakeSearchBehaviour): void;
  /** Stops the server, dropping any request left hanging. */
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const isText = typeof body === "string";
  response.writeHead(status, {
    "content-type": isText ? "text/plain; charset=utf-8" : "application/json",
    ...headers,
  });
  response.end(isText ? body : JSON.stringify(body));
}

/**
 * Starts a real HTTP server on 127.0.0.1 (a free port) that speaks one search vendor's wire
 * protocol: same method, path, parameters, credential header and response fields. Shared by
 * the adapters' tests, the evaluation and the benchmarks.
 */
export async function startFakeSearchServer(options: FakeSearchServerOptions): Promise<FakeSearchServer> {
  const wire = searchWires[options.provider];
  const checksCredential = options.apiKey !== undefined && options.provider !== "searxng";
  const requests: FakeSearchRequest[] = [];
  let behaviour: FakeSearchBehaviour = "ok";
  let healthChecks = 0;

  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const body = await readBody(request);
    // SearXNG's health endpoint, which Dossier's workers check instead of searching.
    if (options.provider === "searxng" && request.method === "GET" && url.pathname === "/healthz") {
      healthChecks += 1;
      send(response, 200, "OK");
      return;
    }
    if (url.pathname !== wire.path) {
      send(response, 404, { message: "Not Found" });
      return;
    }
    if (request.method !== wire.method) {
      send(response, 405, { message: "Method Not Allowed" });
      return;
    }
    const parsed = wire.parse(url, body);
    if (isWireRejection(parsed)) {
      send(response, parsed.status, parsed.body);
      return;
    }
    requests.push(parsed);

    if (behaviour === "hang") return;
    if (options.latencyMs !== undefined && options.latencyMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    }
    if (behaviour === "unauthorized" || (checksCredential && wire.readCredential(request) !== options.apiKey)) {
      send(response, 401, wire.unauthorizedBody);
      return;
    }
    switch (behaviour) {
      case "status-500":
        send(response, 500, "Internal Server Error");
        return;
      case "status-429":
        send(
          response,
          429,
          { message: "Too Many Requests" },
          { "retry-after": String(FAKE_SEARCH_RETRY_AFTER_SECONDS) },
        );
        return;
      case "garbage":
        response.writeHead(200, { "content-type": "application/json" });
        response.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
        return;
      case "wrong-shape":
        send(response, 200, { results: "not a list", organic: 42, web: { results: { url: 1 } } });
        return;
      case "ok": {
        // Like the real services, the fake searches the terms and keeps to the domains it was given.
        const limit = parsed.limit ?? wire.defaultLimit;
        const restricted = parsed.includeDomains.length > 0 || parsed.excludeDomains.length > 0;
        const found = options.search(parsed.terms, restricted ? Math.max(limit * 5, 50) : limit);
        const results = (restricted ? restrictToDomains(found, parsed) : found).slice(0, limit);
        send(response, 200, wire.render(parsed, results));
        return;
      }
    }
  };

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, `fake search server error: ${String(error)}`);
      else response.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get healthChecks() {
      return healthChecks;
    },
    setBehaviour(next) {
      behaviour = next;
    },
    close() {
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
