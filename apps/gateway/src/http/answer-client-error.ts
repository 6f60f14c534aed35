import { randomUUID } from "node:crypto";
import { type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { DossierError } from "@dossier/contract";
import { PROBLEM_CONTENT_TYPE, problemBody } from "./problem.js";

/** The problem for an error of Node's HTTP parser or server, by its `code`, as Node's own answers map them. */
function problemFor(code: string | undefined): DossierError {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return new DossierError("REQUEST_HEADERS_TOO_LARGE", {
        detail: "The request line and header fields together are larger than the 16 KB the gateway reads.",
      });
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return new DossierError("REQUEST_TOO_LARGE", { detail: "The body's chunk extensions are too large." });
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new DossierError("REQUEST_TIMED_OUT", {
        detail: "The request did not arrive in full in time; send it again.",
        retryable: true,
      });
    default:
      return new DossierError("REQUEST_MALFORMED_HTTP", { detail: "The request is not well-formed HTTP/1.1." });
  }
}

/**
 * The server's `clientError` listener. Errors Node meets before a request reaches Express (header
 * fields too large, a malformed request line, a request that takes too long to arrive) are
 * answered with problem+json and an `X-Request-Id`, like every other error, instead of Node's bare
 * status line; then the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // Node's own rule: never write over an answer already begun on this connection.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const problem = problemFor(error.code);
  const requestId = randomUUID();
  const body = JSON.stringify(problemBody(problem, requestId));
  socket.end(
    [
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}`,
      `Content-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Request-Id: ${requestId}`,
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );
}
