import { batchEnvelopeSchema, type CallbackSecret, DossierError, issuesToFieldErrors } from "@dossier/contract";
import type { AddressPolicy } from "@dossier/egress";
import type { BatchReservation, RedisClient } from "@dossier/queue";
import {
  type BatchStore,
  type BatchSummary,
  CALLBACK_SIGNATURE_HEADER,
  countBatchItems,
  IDEMPOTENCY_LEASE_MS,
  type IdempotencyKeys,
  isBatchFinished,
  packedCount,
} from "@dossier/queue";
import type { Request, RequestHandler, Response } from "express";
import type { BatchPlanner } from "../batches/batch-planner.js";
import { type PlannedBatch, plannedProblemError } from "../batches/plan-batch.js";
import { checkCallbackUrl } from "../http/check-callback-url.js";
import type { RawJsonBody } from "../http/json-body.js";
import { apiKeyOf } from "../http/locals.js";
import { admitToQuota } from "../http/monthly-quota.js";
import { type Route, route } from "../http/route-table.js";
import { validationProblem } from "../http/validation-problem.js";
import { writeBatchResults } from "./batch-results.js";
import { batchView, findOwnBatch, storeProblem } from "./batch-view.js";

export interface BatchRouteSettings {
  batches: BatchStore;
  /** The command connection and key prefix of the usage ledger and the rate limits. */
  redis: RedisClient;
  prefix: string;
  /** Items one batch may hold (`BATCH_MAX_ITEMS`). */
  maxItems: number;
  /** Open batches per key (`BATCH_MAX_OPEN`). */
  maxOpen: number;
  /** Batch items per key per minute (`RATE_LIMIT_BATCH_ITEMS_PER_MINUTE`); 0: no limit. */
  itemsPerMinute: number;
  /** Items of a key's batches kept at once (`BATCH_MAX_KEPT_ITEMS`); 0: no limit. */
  maxKeptItems: number;
  /** The address rules a callback URL must pass: the page fetcher's. */
  callbackPolicy: AddressPolicy;
  /** Authentication. */
  authenticate: RequestHandler[];
  /** Counts a submission against the key's calls per minute (`RATE_LIMIT_CALLS_PER_MINUTE`). */
  rateLimit: RequestHandler;
  /** The body as read, with the batch body limit ({@link RawJsonBody}); parsed by `planner`. */
  body: RequestHandler;
  /** Parses, checks and encodes batch bodies, large ones off the event loop. */
  planner: BatchPlanner;
  /** `Idempotency-Key` bookkeeping. */
  idempotency: IdempotencyKeys;
}

/** The `Idempotency-Key` header: 1 to 255 visible ASCII characters. */
function idempotencyKeyOf(request: Request): string | undefined {
  const value = request.header("idempotency-key");
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw validationProblem([
      { path: "Idempotency-Key", message: "must be 1 to 255 visible ASCII characters (a UUID is a good choice)" },
    ]);
  }
  return value;
}

/** `?after=INDEX` of the results: an item index, or -1 for "from the first line". */
function resultsAfterOf(request: Request): number | undefined {
  const value = request.query.after;
  if (value === undefined) return undefined;
  const after = typeof value === "string" && /^-?\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(after) || after < -1) {
    throw validationProblem([
      { path: "after", message: "must be an item index (0 or more), or -1 to start at the first line" },
    ]);
  }
  return after;
}

/** The 422 of a batch none of whose items is valid: nothing is stored, and the first bad items are named. */
function allItemsInvalid(planned: PlannedBatch): DossierError {
  const total = packedCount(planned.prepared.items);
  const listed = planned.invalidItemErrors;
  return new DossierError("REQUEST_VALIDATION_FAILED", {
    detail: `${total === 1 ? "The batch's only item is" : `All ${total.toLocaleString("en-US")} items of the batch are`} invalid, so nothing was stored${total > listed.length ? `; the first ${listed.length} are listed` : ""}: ${listed.map((error) => error.path.replace(/\..*$/, "")).join(", ")}. Each item's own problem names its fields.`,
    errors: listed,
  });
}

/** `POST /v1/batches`, `GET /v1/batches/{id}`, `GET /v1/batches/{id}/results`, `GET /v1/callback-secret`. */
export function batchRoutes(settings: BatchRouteSettings): Route[] {
  const routes: Route[] = [];
  const { batches } = settings;

  const ownBatch = (request: Request, response: Response): Promise<BatchSummary> =>
    findOwnBatch(batches, String(request.params.id), apiKeyOf(response).id);

  /**
   * Checks the callback URL, the key's open batches, its batch items per minute, the room its kept
   * batches leave and its monthly quota, then records the batch. Nothing is stored when one refuses.
   */
  const createBatch = async (
    identity: ReturnType<typeof apiKeyOf>,
    planned: PlannedBatch,
    onNamed?: (batchId: string) => Promise<void>,
  ): Promise<BatchSummary> => {
    const { callbackUrl, metadata, prepared, runs } = planned;
    const keyId = identity.id;
    if (callbackUrl !== undefined) await checkCallbackUrl(callbackUrl, settings.callbackPolicy);
    let reservation: BatchReservation | undefined;
    try {
      const open = await batches.countOpen(keyId);
      if (open >= settings.maxOpen) {
        throw new DossierError("BATCH_LIMIT_REACHED", {
          detail: `This key has ${open} open batches, the most allowed; wait for one to finish.`,
          retryable: true,
          retryAfterSeconds: 30,
        });
      }
      const total = packedCount(prepared.items);
      const allowance = await countBatchItems(settings.redis, settings.prefix, keyId, total, settings.itemsPerMinute);
      if (!allowance.allowed) {
        throw new DossierError("RATE_LIMITED", {
          detail: `This key may submit ${allowance.limit.toLocaleString("en-US")} batch items per minute and has submitted ${allowance.used.toLocaleString("en-US")} in this one; these ${total.toLocaleString("en-US")} would pass it. Nothing was stored. Try again in ${allowance.resetSeconds} s.`,
          retryable: true,
          retryAfterSeconds: allowance.resetSeconds,
        });
      }
      reservation = await batches.reserve(keyId, total, settings.maxKeptItems);
      await onNamed?.(reservation.batchId);
      // The whole batch or nothing: a batch that would pass a monthly limit is refused before any item is queued.
      if (runs.count > 0) {
        const perRun = Math.round(runs.estimatedTokens / runs.count);
        const count = runs.count.toLocaleString("en-US");
        await admitToQuota(settings.redis, settings.prefix, identity, {
          count: runs.count,
          estimatedTokens: runs.estimatedTokens,
          estimate: `the batch's ${count} items, at about ${perRun.toLocaleString("en-US")} tokens a run for their effort, would spend about ${runs.estimatedTokens.toLocaleString("en-US")}`,
        });
      }
      return await batches.create(keyId, prepared, callbackUrl ?? null, metadata, { reservation });
    } catch (error) {
      if (reservation) await batches.release(reservation).catch(() => {});
      throw storeProblem(error);
    }
  };

  routes.push(
    route(
      "POST",
      "/v1/batches",
      ...settings.authenticate,
      settings.rateLimit,
      settings.body,
      async (request: Request, response: Response) => {
        const identity = apiKeyOf(response);
        const requestId = response.locals.requestId;
        const idempotencyKey = idempotencyKeyOf(request);
        const raw = request.body as RawJsonBody | undefined;
        if (!raw) {
          const envelope = batchEnvelopeSchema.safeParse(undefined);
          throw validationProblem(envelope.success ? [] : issuesToFieldErrors(envelope.error.issues));
        }
        const outcome = await settings.planner.plan({
          blocks: raw.blocks,
          byteLength: raw.byteLength,
          charset: raw.charset,
          keyId: identity.id,
          requestId,
          now: Date.now(),
          maxItems: settings.maxItems,
        });
        if (!outcome.ok) throw plannedProblemError(outcome.problem);
        const planned = outcome.batch;
        if (planned.runs.count === 0) throw allItemsInvalid(planned);
        const { fingerprint } = planned;
        const replay = (summary: BatchSummary) => {
          response.setHeader("Location", `/v1/batches/${summary.id}`);
          response.setHeader("Idempotent-Replayed", "true");
          response.status(202).json(batchView(summary));
        };
        let lease: NodeJS.Timeout | undefined;
        if (idempotencyKey) {
          const claim = await settings.idempotency.claim(identity.id, idempotencyKey, fingerprint).catch((error) => {
            throw storeProblem(error);
          });
          if (claim.status === "replay") {
            replay(await findOwnBatch(batches, claim.batchId, identity.id));
            return;
          }
          if (claim.status !== "claimed") {
            throw new DossierError("BATCH_IDEMPOTENCY_CONFLICT", {
              detail:
                claim.status === "conflict"
                  ? "This Idempotency-Key was used in the last 24 hours with another body; use a new key for a new batch."
                  : "A request with this Idempotency-Key is still being processed; retry shortly.",
              retryable: claim.status === "in-progress",
              ...(claim.status === "in-progress" ? { retryAfterSeconds: 1 } : {}),
            });
          }
          // The request that held the key stopped (its gateway died) after naming its batch: answer
          // that batch when it was made.
          const abandoned = claim.abandonedBatchId && (await batches.get(claim.abandonedBatchId).catch(() => null));
          if (abandoned && abandoned.keyId === identity.id) {
            await settings.idempotency.complete(identity.id, idempotencyKey, fingerprint, abandoned.id).catch(() => {});
            replay(abandoned);
            return;
          }
          // Held by a lease renewed while the batch is made: a gateway that dies gives the key up
          // within IDEMPOTENCY_LEASE_MS instead of leaving every retry a 409 for a day.
          lease = setInterval(
            () => void settings.idempotency.renew(identity.id, idempotencyKey, claim.lease).catch(() => {}),
            IDEMPOTENCY_LEASE_MS / 3,
          );
          lease.unref();
        }
        try {
          const summary = await createBatch(
            identity,
            planned,
            idempotencyKey
              ? (batchId) => settings.idempotency.note(identity.id, idempotencyKey, fingerprint, batchId)
              : undefined,
          );
          if (idempotencyKey) await settings.idempotency.complete(identity.id, idempotencyKey, fingerprint, summary.id);
          response.setHeader("Location", `/v1/batches/${summary.id}`);
          response.status(202).json(batchView(summary));
        } catch (error) {
          if (idempotencyKey) await settings.idempotency.release(identity.id, idempotencyKey).catch(() => {});
          throw error;
        } finally {
          clearInterval(lease);
        }
      },
    ),
  );

  routes.push(
    route("GET", "/v1/batches/:id", ...settings.authenticate, async (request: Request, response: Response) => {
      const summary = await ownBatch(request, response);
      response.setHeader("Cache-Control", "no-store");
      response.status(200).json(batchView(summary));
    }),
  );

  routes.push(
    route("GET", "/v1/batches/:id/results", ...settings.authenticate, async (request: Request, response: Response) => {
      const after = resultsAfterOf(request);
      const summary = await ownBatch(request, response);
      // Without `after` the answer stays what it always was: all of it, once the batch is finished.
      if (after === undefined && !isBatchFinished(summary)) {
        throw new DossierError("BATCH_NOT_DONE", {
          detail: `The batch has ${summary.completed + summary.failed} of ${summary.total} items finished; results are served once all are, or read the finished ones with ?after=-1.`,
          retryable: true,
          retryAfterSeconds: 5,
        });
      }
      const format = request.query.format === "csv" ? "csv" : "ndjson";
      await writeBatchResults(response, batches, summary, format, after);
    }),
  );

  routes.push(
    route("GET", "/v1/callback-secret", ...settings.authenticate, async (_request: Request, response: Response) => {
      const identity = apiKeyOf(response);
      const secret = await batches.callbackSecret(identity.id).catch((error: unknown) => {
        throw storeProblem(error);
      });
      response.setHeader("Cache-Control", "no-store");
      const body: CallbackSecret = { secret, header: CALLBACK_SIGNATURE_HEADER };
      response.status(200).json(body);
    }),
  );
  return routes;
}
