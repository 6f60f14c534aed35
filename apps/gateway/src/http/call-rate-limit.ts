import { DossierError, unavailable } from "@dossier/contract";
import { countKeyCall, type RedisClient } from "@dossier/queue";
import type { NextFunction, Request, Response } from "express";
import { apiKeyOf } from "./locals.js";

/**
 * Counts each research call (and each batch submission) against its key's allowance per minute and sets the `RateLimit-*`
 * headers (IETF draft names: Limit, Remaining, Reset in seconds). Over the allowance the call is
 * 429 `RATE_LIMITED` with `Retry-After`. A limit of 0 turns the check off.
 */
export function callRateLimit(redis: RedisClient, prefix: string, callsPerMinute: number) {
  return async (_request: Request, response: Response, next: NextFunction): Promise<void> => {
    if (callsPerMinute <= 0) {
      next();
      return;
    }
    const identity = apiKeyOf(response);
    let allowance: Awaited<ReturnType<typeof countKeyCall>>;
    try {
      allowance = await countKeyCall(redis, prefix, identity.id, callsPerMinute);
    } catch (error) {
      throw unavailable("The rate limiter", error);
    }
    response.setHeader("RateLimit-Limit", String(allowance.limit));
    response.setHeader("RateLimit-Remaining", String(allowance.remaining));
    response.setHeader("RateLimit-Reset", String(allowance.resetSeconds));
    if (!allowance.allowed) {
      throw new DossierError("RATE_LIMITED", {
        detail: `This key may make ${allowance.limit} research calls per minute (a batch submission counts as one); try again in ${allowance.resetSeconds} s, or submit a batch.`,
        retryable: true,
        retryAfterSeconds: allowance.resetSeconds,
      });
    }
    next();
  };
}
