import type { IncomingMessage, ServerResponse } from "node:http";
import { DossierError } from "@dossier/contract";
import express, { type NextFunction, type Request, type Response } from "express";
import { exceedsJsonDepth } from "./exceeds-json-depth.js";
import { BODY_LIMIT_BYTES, MAX_JSON_DEPTH } from "./json-body-limits.js";
import { type BodyBlocks, readBodyBlocks, undecodable } from "./read-body-blocks.js";

export { BODY_LIMIT_BYTES, MAX_JSON_DEPTH };

/**
 * Requires `application/json` (415 otherwise) and parses it, refusing bodies over `limitBytes` (413; default 1 MB;
 * a declared `Content-Length` over it is refused before any of the body is read, and the connection closed)
 * and bodies nested deeper than {@link MAX_JSON_DEPTH} (400 `REQUEST_TOO_DEEPLY_NESTED`). A body sent with
 * `Content-Encoding: gzip`, `br` or `deflate` is decompressed first; one that does not decompress is 400
 * `REQUEST_MALFORMED_ENCODING`.
 */
export function jsonBody(limitBytes: number = BODY_LIMIT_BYTES) {
  const parse = express.json({ limit: limitBytes, strict: false, type: () => true, verify: refuseDeepNesting });
  return (request: Request, response: Response, next: NextFunction): void => {
    const declaredBytes = Number(request.header("content-length") ?? 0);
    if (declaredBytes > limitBytes) {
      // Reading a body declared as 2 GB to its end would hold the connection for as long as the
      // caller cares to send it, or not: answer from the header and close the connection instead.
      response.setHeader("Connection", "close");
      throw new DossierError("REQUEST_TOO_LARGE", {
        detail: `The body is declared as ${declaredBytes} bytes, more than the limit of ${limitBytes} bytes.`,
      });
    }
    const hasBody = request.header("transfer-encoding") !== undefined || declaredBytes > 0;
    if (!hasBody) {
      request.body = undefined;
      next();
      return;
    }
    if (!request.is("application/json") && !request.is("application/*+json")) {
      throw new DossierError("REQUEST_UNSUPPORTED_MEDIA_TYPE", {
        detail: `Send the body as JSON with Content-Type: application/json (got ${request.header("content-type") ?? "none"}).`,
      });
    }
    parse(request, response, (error?: unknown) => {
      next(isDecompressionFailure(error, request) ? undecodable(error) : error);
    });
  };
}

/** A JSON body as read, not yet parsed (see {@link rawJsonBody}). */
export interface RawJsonBody extends BodyBlocks {
  /** The charset its Content-Type names (`utf-8` by default); always a `utf-*` one. */
  charset: string;
}

/**
 * Like {@link jsonBody}, with the same refusals of size, media type and encoding, but leaves parsing
 * to the route: `request.body` is a {@link RawJsonBody} (or undefined without a body), its bytes in
 * blocks never joined on the event loop. For bodies too large to parse on the event loop
 * (`POST /v1/batches`).
 */
export function rawJsonBody(limitBytes: number) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const declaredBytes = Number(request.header("content-length") ?? 0);
    if (declaredBytes > limitBytes) {
      response.setHeader("Connection", "close");
      throw new DossierError("REQUEST_TOO_LARGE", {
        detail: `The body is declared as ${declaredBytes} bytes, more than the limit of ${limitBytes} bytes.`,
      });
    }
    const hasBody = request.header("transfer-encoding") !== undefined || declaredBytes > 0;
    if (!hasBody) {
      request.body = undefined;
      next();
      return;
    }
    if (!request.is("application/json") && !request.is("application/*+json")) {
      throw new DossierError("REQUEST_UNSUPPORTED_MEDIA_TYPE", {
        detail: `Send the body as JSON with Content-Type: application/json (got ${request.header("content-type") ?? "none"}).`,
      });
    }
    const charset = (
      /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.header("content-type") ?? "")?.[1] ?? "utf-8"
    ).toLowerCase();
    if (!charset.startsWith("utf-")) {
      throw new DossierError("REQUEST_UNSUPPORTED_MEDIA_TYPE", { detail: "The body must be UTF-8 JSON." });
    }
    readBodyBlocks(request, limitBytes).then(
      (body) => {
        request.body = { ...body, charset } satisfies RawJsonBody;
        next();
      },
      (error: unknown) => next(error),
    );
  };
}

/**
 * Runs on the raw (decompressed) body before `JSON.parse`, which would otherwise spend seconds
 * building millions of nested arrays while the event loop serves nobody else.
 */
function refuseDeepNesting(_request: IncomingMessage, _response: ServerResponse, body: Buffer, charset: string): void {
  const bytes = /^utf-?8$/i.test(charset) ? body : utf8Of(body, charset);
  if (exceedsJsonDepth(bytes, MAX_JSON_DEPTH)) {
    throw new DossierError("REQUEST_TOO_DEEPLY_NESTED", {
      detail: `The body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels, the most accepted.`,
    });
  }
}

/** The body re-encoded as UTF-8, so that the depth scan reads whole characters. */
function utf8Of(body: Buffer, charset: string): Buffer {
  let text: string;
  try {
    text = new TextDecoder(charset).decode(body);
  } catch (error) {
    throw new DossierError("REQUEST_UNSUPPORTED_MEDIA_TYPE", { detail: "The body must be UTF-8 JSON.", cause: error });
  }
  return Buffer.from(text, "utf8");
}

/**
 * The body parser gives each of its own failures a `type`; an error without one is the
 * decompression stream's (zlib or brotli refusing the bytes, or the data ending early).
 */
function isDecompressionFailure(error: unknown, request: Request): error is Error {
  const encoding = (request.header("content-encoding") ?? "identity").trim().toLowerCase();
  return encoding !== "identity" && error instanceof Error && !("type" in error);
}
