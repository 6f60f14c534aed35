import { DossierError, unavailable } from "@dossier/contract";
import type { ApiKeyStore } from "@dossier/queue";
import type { NextFunction, Request, Response } from "express";

/**
 * Requires a known, unrevoked key in the `x-api-key` header (and only there). Sets
 * `response.locals.apiKey` to the key's identity, never to the secret.
 */
export function authenticate(keys: ApiKeyStore) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const presented = request.header("x-api-key");
    if (!presented) {
      throw new DossierError("AUTH_MISSING_KEY", { detail: "Send your API key in the x-api-key header." });
    }
    let identity: Awaited<ReturnType<ApiKeyStore["verify"]>>;
    try {
      identity = await keys.verify(presented.trim());
    } catch (error) {
      throw unavailable("The key store", error);
    }
    if (!identity)
      throw new DossierError("AUTH_INVALID_KEY", { detail: "The API key is not valid, or it was revoked." });
    response.locals.apiKey = identity;
    next();
  };
}
