import { DossierError, unavailable } from "@dossier/contract";
import type { ApiKeyStore, AuthFailureLimiter, AuthFailureStanding } from "@dossier/queue";
import type { NextFunction, Request, Response } from "express";
import { clientAddressOf } from "./client-address.js";

/** How to get a key, for the 401s: the CLI makes one (a first `pnpm start` made and printed one). */
const GET_A_KEY =
  "Make one with `pnpm dossier keys create --name NAME` (in the image: `node /app/dist/main.js keys create --name NAME`), " +
  "or set API_KEYS on the gateway; a first `pnpm start` with no key configured prints one.";

/** The standing of an address whose failures could not be read: the throttle does not hold calls back when Redis cannot say. */
const UNKNOWN_STANDING: AuthFailureStanding = { throttled: false, known: true, retryAfterSeconds: 60 };

/**
 * Requires a known, unrevoked key in the `x-api-key` header (and only there). Sets
 * `response.locals.apiKey` to the key's identity, never to the secret. Unknown and revoked keys
 * count against the client address (`RATE_LIMIT_AUTH_FAILURES_PER_MINUTE`); past its allowance the
 * address is answered 429 `AUTH_TOO_MANY_FAILURES`, except with a key it has used before.
 */
export function authenticate(keys: ApiKeyStore, failures: AuthFailureLimiter) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const presented = request.header("x-api-key");
    if (!presented) {
      throw new DossierError("AUTH_MISSING_KEY", { detail: `Send your API key in the x-api-key header. ${GET_A_KEY}` });
    }
    const key = presented.trim();
    const address = clientAddressOf(request);
    // Both at once, so that a valid key waits for no extra round trip.
    const [identity, standing] = await Promise.all([
      keys.verify(key).catch((error: unknown) => {
        throw unavailable("The key store", error);
      }),
      failures.standing(address, key).catch(() => UNKNOWN_STANDING),
    ]);
    // Refused whatever the key: answering a throttled address's valid keys would let it go on guessing.
    if (standing.throttled) throw tooManyFailures(standing);
    if (!identity) {
      const counted = await failures.countFailure(address).catch(() => UNKNOWN_STANDING);
      if (counted.throttled) throw tooManyFailures(counted);
      throw new DossierError("AUTH_INVALID_KEY", {
        detail: `The API key is not valid, or it was revoked. ${GET_A_KEY}`,
      });
    }
    // Written once a day per address and key, not awaited: a call is never slowed by it.
    if (!standing.known) failures.remember(address, key).catch(() => {});
    response.locals.apiKey = identity;
    next();
  };
}

function tooManyFailures(standing: AuthFailureStanding): DossierError {
  return new DossierError("AUTH_TOO_MANY_FAILURES", {
    detail:
      `Too many invalid or revoked API keys were sent from this address; try again in ${standing.retryAfterSeconds} s. ` +
      "A key this address has used before is still accepted.",
    retryable: true,
    retryAfterSeconds: standing.retryAfterSeconds,
  });
}
