import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes a sane incoming X-Request-Id or makes one, and sets it on every response. */
export function requestId() {
  return (request: Request, response: Response, next: NextFunction): void => {
    const incoming = request.header("x-request-id");
    const id = incoming && ACCEPTABLE.test(incoming) ? incoming : randomUUID();
    response.locals.requestId = id;
    response.setHeader("X-Request-Id", id);
    next();
  };
}
