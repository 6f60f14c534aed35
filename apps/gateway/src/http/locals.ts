import type { ApiKeyIdentity } from "@dossier/queue";
import type { Response } from "express";

declare global {
  namespace Express {
    /** What the gateway's middleware leaves on `response.locals` for the handlers after it. */
    interface Locals {
      /** The call's `X-Request-Id`, set by requestId() before anything else runs. */
      requestId: string;
      /** The calling key's identity (never its secret), set by authenticate() on routes that need a key. */
      apiKey?: ApiKeyIdentity;
    }
  }
}

/** The identity authenticate() found; calling it on a route without authentication is a bug. */
export function apiKeyOf(response: Response): ApiKeyIdentity {
  const identity = response.locals.apiKey;
  if (identity === undefined) throw new Error("apiKeyOf() on a route that does not authenticate");
  return identity;
}
