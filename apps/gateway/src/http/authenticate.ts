import { DossierError, unavailable } from "@dossier/contract";
import type { ApiKeyStore } from "@dossier/queue";
import type { NextFunction, Request, Response } from "express";

/** How to get a key, for the 401s: the CLI makes one (a first `pnpm start` made and printed one). */
const GET_A_KEY =
  "Make one with `pnpm dossier keys create --name NAME` (in the image: `node /app/dist/main.js keys create --name NAME`), " +
  "or set API_KEYS on the gateway; a first `pnpm start` with no key configured prints one.";

/**
 * Requires a known, unrevoked key in the `x-api-key` header (and only there). Sets
 * `response.locals.apiKey` to the key's identity, never to the secret.
 */
export function authenticate(keys: ApiKeyStore) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const presented = request.header("x-api-key");
    if (!presented) {
      throw new DossierError("AUTH_MISSING_KEY", { detail: `Send your API key in the x-api-key header. ${GET_A_KEY}` });
    }
    let identity: Awaited<ReturnType<ApiKeyStore["verify"]>>;
    try {
      identity = await keys.verify(presented.trim());
    } catch (error) {
      throw unavailable("The key store", error);
    }
    if (!identity)
      throw new DossierError("AUTH_INVALID_KEY", {
        detail: `The API key is not valid, or it was revoked. ${GET_A_KEY}`,
      });
    response.locals.apiKey = identity;
    next();
  };
}
