import { DossierError, isDossierError, problemType } from "@dossier/contract";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** The RFC 9457 body of an error; `instance` is the request id of the call it belongs to. */
export function problemBody(error: DossierError, instance?: string): Record<string, unknown> {
  return {
    type: problemType(error.code),
    title: error.title,
    status: error.status,
    detail: error.detail,
    code: error.code,
    ...(instance !== undefined ? { instance } : {}),
    ...(error.errors ? { errors: error.errors } : {}),
    ...(error.extensions ?? {}),
  };
}

/** Writes an error as RFC 9457 problem+json. */
export function sendProblem(response: Response, error: DossierError): void {
  const body = problemBody(error, response.locals.requestId);
  if (error.retryAfterSeconds !== undefined) response.setHeader("Retry-After", String(error.retryAfterSeconds));
  response.status(error.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
}

/** Maps the errors of Express's router and of the JSON body parser to our codes. */
function fromFramework(error: BodyParserError): DossierError | null {
  // The router throws this when a path parameter holds a bad percent-escape; its message quotes
  // the parameter, which may be an e-mail address or a key, so it is neither shown nor logged.
  if (error instanceof URIError && error.status === 400) {
    return new DossierError("REQUEST_MALFORMED_PATH", {
      detail: "The path holds a malformed percent-escape: % must be followed by two hexadecimal digits.",
    });
  }
  switch (error.type) {
    case "entity.parse.failed":
      return new DossierError("REQUEST_MALFORMED_JSON", { detail: `The body is not valid JSON: ${error.message}.` });
    case "entity.too.large":
      return new DossierError("REQUEST_TOO_LARGE", {
        detail: `The body is larger than the limit of ${error.limit ?? 1_048_576} bytes.`,
      });
    case "encoding.unsupported":
      return new DossierError("REQUEST_UNSUPPORTED_MEDIA_TYPE", {
        detail: "That Content-Encoding is not supported; send the body uncompressed, or as gzip, br or deflate.",
      });
    case "charset.unsupported":
      return new DossierError("REQUEST_UNSUPPORTED_MEDIA_TYPE", { detail: "The body must be UTF-8 JSON." });
    case "request.aborted":
    case "stream.encoding.set":
    case "request.size.invalid":
      return new DossierError("REQUEST_MALFORMED_JSON", { detail: "The body could not be read completely." });
    default:
      return null;
  }
}

/**
 * The one error handler. Known errors keep their status; anything else is a 500 whose message and
 * stack go to the log only.
 */
export function problemHandler(logger: Logger) {
  return (error: unknown, request: Request, response: Response, _next: NextFunction): void => {
    const known = isDossierError(error) ? error : fromFramework(error as BodyParserError);
    if (known) {
      if (known.status >= 500) {
        logger.warn(
          { requestId: response.locals.requestId, code: known.code, cause: describeCause(known.cause) },
          known.detail,
        );
      }
      sendProblem(response, known);
      return;
    }
    logger.error({ requestId: response.locals.requestId, route: request.route?.path, err: error }, "unexpected error");
    sendProblem(
      response,
      new DossierError("INTERNAL_ERROR", {
        detail: "Something went wrong on our side. The request id identifies it in our logs.",
      }),
    );
  };
}

function describeCause(cause: unknown): string | undefined {
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : undefined;
}
