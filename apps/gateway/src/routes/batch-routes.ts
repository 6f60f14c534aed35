import {
  batchEnvelopeSchema,
  type CallbackSecret,
  DossierError,
  type Effort,
  type FieldError,
  isDossierError,
  issuesToFieldErrors,
  type Metadata,
  metadataSchema,
  TYPICAL_RUN_TOKENS,
  validateResearchRequest,
} from "@dossier/contract";
import { type AddressPolicy, resolveOutboundTarget } from "@dossier/egress";
import type { RedisClient } from "@dossier/queue";
import {
  type BatchItemPlan,
  type BatchStore,
  type BatchSummary,
  CALLBACK_SIGNATURE_HEADER,
  IdempotencyKeys,
  isBatchFinished,
  researchJobId,
  stableStringify,
} from "@dossier/queue";
import type { Request, RequestHandler, Response } from "express";
import { apiKeyOf } from "../http/locals.js";
import { admitToQuota } from "../http/monthly-quota.js";
import { problemBody } from "../http/problem.js";
import { type Route, route } from "../http/route-table.js";
import { writeBatchResults } from "./batch-results.js";
import { batchView, findOwnBatch, storeProblem } from "./batch-view.js";
import { validationProblem } from "./research-routes.js";

export interface BatchRouteSettings {
  batches: BatchStore;
  /** The command connection and key prefix of the usage ledger. */
  redis: RedisClient;
  prefix: string;
  /** Items one batch may hold (`BATCH_MAX_ITEMS`). */
  maxItems: number;
  /** Open batches per key (`BATCH_MAX_OPEN`). */
  maxOpen: number;
  /** The address rules a callback URL must pass: the page fetcher's. */
  callbackPolicy: AddressPolicy;
  /** Authentication. */
  authenticate: RequestHandler[];
  /** The JSON body, with the batch body limit. */
  body: RequestHandler;
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

function itemProblem(errors: FieldError[], requestId: string): Record<string, unknown> {
  return problemBody(validationProblem(errors), requestId);
}

/** Plans one item: a job for a valid request, or the item's own 422 problem. */
function planItem(raw: unknown, keyId: string, requestId: string, now: number): BatchItemPlan {
  const item = (typeof raw === "object" && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const ref = typeof item.ref === "string" ? item.ref : undefined;
  const withRef = ref !== undefined ? { ref } : {};
  const envelopeErrors: FieldError[] = [];
  if (item.type !== "person" && item.type !== "company")
    envelopeErrors.push({ path: "type", message: 'must be "person" or "company"' });
  if (item.ref !== undefined && (typeof item.ref !== "string" || item.ref.length > 200))
    envelopeErrors.push({ path: "ref", message: "must be a string of at most 200 characters" });
  for (const key of Object.keys(item)) {
    if (!["type", "request", "ref"].includes(key))
      envelopeErrors.push({ path: key, message: "is not a known field (names are case-sensitive)" });
  }
  if (envelopeErrors.length > 0) return { ...withRef, problem: itemProblem(envelopeErrors, requestId) };
  const kind = item.type as "person" | "company";
  const validation = validateResearchRequest(kind, item.request);
  if (!validation.ok) {
    // A bad item keeps its metadata when that part was valid, so its failure line can be matched up.
    const metadata = validMetadata(item.request);
    return { ...withRef, ...(metadata ? { metadata } : {}), problem: itemProblem(validation.errors, requestId) };
  }
  const jobId = researchJobId(keyId, validation.request);
  return {
    ...withRef,
    ...(validation.metadata ? { metadata: validation.metadata } : {}),
    kind,
    jobId,
    data: { request: validation.request, requestId, keyId, enqueuedAt: now, origin: "batch" },
  };
}

/** The metadata of an item's request when it is valid on its own, else undefined. */
function validMetadata(request: unknown): Metadata | undefined {
  const raw =
    typeof request === "object" && request !== null ? (request as Record<string, unknown>).metadata : undefined;
  const parsed = metadataSchema.safeParse(raw);
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : undefined;
}

/** `POST /v1/batches`, `GET /v1/batches/{id}`, `GET /v1/batches/{id}/results`, `GET /v1/callback-secret`. */
export function batchRoutes(settings: BatchRouteSettings): Route[] {
  const routes: Route[] = [];
  const { batches } = settings;

  const ownBatch = (request: Request, response: Response): Promise<BatchSummary> =>
    findOwnBatch(batches, String(request.params.id), apiKeyOf(response).id);

  /** Checks the callback URL and the key's open batches, then records the batch. */
  const createBatch = async (
    identity: ReturnType<typeof apiKeyOf>,
    requestId: string,
    envelope: { items: unknown[]; callbackUrl?: string | undefined; metadata?: Metadata | null | undefined },
  ): Promise<BatchSummary> => {
    const { items, callbackUrl, metadata } = envelope;
    const keyId = identity.id;
    if (callbackUrl !== undefined) {
      try {
        await resolveOutboundTarget(callbackUrl, settings.callbackPolicy);
      } catch (error) {
        if (isDossierError(error)) {
          throw validationProblem([{ path: "callbackUrl", message: `is not usable: ${error.detail}` }]);
        }
        throw error;
      }
    }
    try {
      const open = await batches.countOpen(keyId);
      if (open >= settings.maxOpen) {
        throw new DossierError("BATCH_LIMIT_REACHED", {
          detail: `This key has ${open} open batches, the most allowed; wait for one to finish.`,
          retryable: true,
          retryAfterSeconds: 30,
        });
      }
      const now = Date.now();
      const plans = items.map((raw) => planItem(raw, keyId, requestId, now));
      const runs = plans.flatMap((plan): Effort[] => ("data" in plan ? [plan.data.request.effort ?? "standard"] : []));
      // The whole batch or nothing: a batch that would pass a monthly limit is refused before any item is queued.
      if (runs.length > 0) {
        const estimatedTokens = runs.reduce((sum, effort) => sum + TYPICAL_RUN_TOKENS[effort], 0);
        const perRun = Math.round(estimatedTokens / runs.length);
        const count = runs.length.toLocaleString("en-US");
        await admitToQuota(settings.redis, settings.prefix, identity, {
          count: runs.length,
          estimatedTokens,
          estimate: `the batch's ${count} items, at about ${perRun.toLocaleString("en-US")} tokens a run for their effort, would spend about ${estimatedTokens.toLocaleString("en-US")}`,
        });
      }
      return await batches.create(
        keyId,
        plans,
        callbackUrl ?? null,
        metadata && Object.keys(metadata).length > 0 ? metadata : null,
      );
    } catch (error) {
      throw storeProblem(error);
    }
  };

  routes.push(
    route(
      "POST",
      "/v1/batches",
      ...settings.authenticate,
      settings.body,
      async (request: Request, response: Response) => {
        const identity = apiKeyOf(response);
        const requestId = response.locals.requestId;
        const idempotencyKey = idempotencyKeyOf(request);
        const envelope = batchEnvelopeSchema.safeParse(request.body);
        if (!envelope.success) throw validationProblem(issuesToFieldErrors(envelope.error.issues));
        const { items } = envelope.data;
        if (items.length > settings.maxItems) {
          throw validationProblem([
            { path: "items", message: `holds ${items.length} items; a batch may hold at most ${settings.maxItems}` },
          ]);
        }
        const fingerprint = idempotencyKey && IdempotencyKeys.fingerprint(stableStringify(request.body));
        if (idempotencyKey && fingerprint) {
          const claim = await settings.idempotency.claim(identity.id, idempotencyKey, fingerprint).catch((error) => {
            throw storeProblem(error);
          });
          if (claim.status === "replay") {
            const summary = await findOwnBatch(batches, claim.batchId, identity.id);
            response.setHeader("Location", `/v1/batches/${summary.id}`);
            response.setHeader("Idempotent-Replayed", "true");
            response.status(202).json(batchView(summary));
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
        }
        try {
          const summary = await createBatch(identity, requestId, envelope.data);
          if (idempotencyKey && fingerprint)
            await settings.idempotency.complete(identity.id, idempotencyKey, fingerprint, summary.id);
          response.setHeader("Location", `/v1/batches/${summary.id}`);
          response.status(202).json(batchView(summary));
        } catch (error) {
          if (idempotencyKey) await settings.idempotency.release(identity.id, idempotencyKey).catch(() => {});
          throw error;
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
