import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

/** A response read whole from the simulated web. */
export interface PageResponse {
  /** HTTP status code. */
  status: number;
  /** Response headers, names in lower case. */
  headers: IncomingHttpHeaders;
  /** The body bytes. */
  body: Buffer;
}

/** Options of {@link requestPage}. */
export interface RequestPageOptions {
  /** Aborts the request. */
  signal?: AbortSignal;
  /** Largest body read, in bytes; the request is aborted past it. Default 10 MiB. */
  maxBytes?: number;
  /** Headers sent besides `host`, e.g. `if-none-match`. */
  headers?: Record<string, string>;
}

/**
 * GETs an `http://<host>/<path>` URL of the simulated web by connecting to its loopback port and
 * sending the host in the Host header, as a fetcher with `FETCH_CONNECT_TO` does. Redirects are
 * not followed.
 */
export function requestPage(port: number, url: string, options: RequestPageOptions = {}): Promise<PageResponse> {
  const target = new URL(url);
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: `${target.pathname}${target.search}`,
        headers: { ...options.headers, host: target.host },
        signal: options.signal,
        // A connection of its own: Node's global agent keeps sockets alive, and one reused just as
        // the server closes it for idleness (after its keep-alive timeout) fails with ECONNRESET.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy(new Error(`Response from ${url} is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("error", reject);
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}
