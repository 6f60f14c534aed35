import { DossierError } from "@dossier/contract";
import { type ApiKeyIdentity, countKeyCall } from "@dossier/queue";
import type { NextFunction, Request, Response } from "express";
import type { Redis } from "ioredis";

/**
 * Counts each research call against its key's allowance per minute and sets the `RateLimit-*`
 * headers (IETF draft names: Limit, Remaining, Reset in seconds). Over the allowance the call is
 * 429 `RATE_LIMITED` with `Retry-After`. A limit of 0 turns the check off.
 */
export function callRateLimit(redis: Redis, prefix: string, callsPerMinute: number) {
  return async (_request: Request, response: Response, next: NextFunction): Promise<void> => {
    if (callsPerMinute <= 0) {
      next();
      return;
    }
    const identity = response.locals.apiKey as ApiKeyIdentity;
    let allowance: Awaited<ReturnType<typeof countKeyCall>>;
    try {
      allowance = await countKeyCall(redis, prefix, identity.id, callsPerMinute);
    } catch (error) {
      throw new DossierError("QUEUE_UNAVAILABLE", {
        detail: "The rate limiter (Redis) is unreachable; try again shortly.",
        retryable: true,
        retryAfterSeconds: 5,
        cause: error,
      });
    }
    response.setHeader("RateLimit-Limit", String(allowance.limit));
    response.setHeader("RateLimit-Remaining", String(allowance.remaining));
    response.setHeader("RateLimit-Reset", String(allowance.resetSeconds));
    if (!allowance.allowed) {
      throw new DossierError("RATE_LIMITED", {
        detail: `This key may make ${allowance.limit} research calls per minute; try again in ${allowance.resetSeconds} s, or submit a batch.`,
        retryable: true,
        retryAfterSeconds: allowance.resetSeconds,
      });
    }
    next();
  };
}
