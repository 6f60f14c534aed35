import { DossierError } from "@dossier/contract";
import express, { type NextFunction, type Request, type Response } from "express";

/** Largest accepted request body, in bytes (1 MB). */
export const BODY_LIMIT_BYTES = 1_048_576;

/** Requires `application/json` (415 otherwise) and parses it, refusing bodies over `limitBytes` (413; default 1 MB). */
export function jsonBody(limitBytes: number = BODY_LIMIT_BYTES) {
  const parse = express.json({ limit: limitBytes, strict: false, type: () => true });
  return (request: Request, response: Response, next: NextFunction): void => {
    const hasBody =
      request.header("transfer-encoding") !== undefined || Number(request.header("content-length") ?? 0) > 0;
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
    parse(request, response, next);
  };
}
