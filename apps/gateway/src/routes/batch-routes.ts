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
  unavailable,
  validateResearchRequest,
} from "@dossier/contract";
import { type AddressPolicy, resolveOutboundTarget } from "@dossier/egress";
import {
  type BatchItemPlan,
  type BatchStore,
  type BatchSummary,
  CALLBACK_SIGNATURE_HEADER,
  researchJobId,
} from "@dossier/queue";
import type { Request, RequestHandler, Response } from "express";
import type { Redis } from "ioredis";
import { apiKeyOf } from "../http/locals.js";
import { admitToQuota } from "../http/monthly-quota.js";
import { problemBody } from "../http/problem.js";
import { type Route, route } from "../http/route-table.js";
import { writeBatchResults } from "./batch-results.js";
import { validationProblem } from "./research-routes.js";

export interface BatchRouteSettings {
  batches: BatchStore;
  /** The command connection and key prefix of the usage ledger. */
  redis: Redis;
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
}

/** A batch as `GET /v1/batches/{id}` answers it. */
export function batchView(summary: BatchSummary): Record<string, unknown> {
  const { id, status, total, completed, failed, createdAt, finishedAt, metadata } = summary;
  return { id, status, total, completed, failed, createdAt, finishedAt, ...(metadata ? { metadata } : {}) };
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

/** A known error as it is; anything else means the batch store could not be reached. */
function storeProblem(error: unknown): DossierError {
  return error instanceof DossierError ? error : unavailable("The batch store", error);
}

/** The batch with this id if the key owns it; any other batch, and an unknown id, is 404 BATCH_NOT_FOUND. */
export async function findOwnBatch(batches: BatchStore, id: string, keyId: string): Promise<BatchSummary> {
  const summary = await batches.get(id).catch((error: unknown) => {
    throw storeProblem(error);
  });
  if (!summary || summary.keyId !== keyId)
    throw new DossierError("BATCH_NOT_FOUND", { detail: `There is no batch ${id} for this API key.` });
  return summary;
}

/** `POST /v1/batches`, `GET /v1/batches/{id}`, `GET /v1/batches/{id}/results`, `GET /v1/callback-secret`. */
export function batchRoutes(settings: BatchRouteSettings): Route[] {
  const routes: Route[] = [];
  const { batches } = settings;

  const ownBatch = (request: Request, response: Response): Promise<BatchSummary> =>
    findOwnBatch(batches, String(request.params.id), apiKeyOf(response).id);

  routes.push(
    route(
      "POST",
      "/v1/batches",
      ...settings.authenticate,
      settings.body,
      async (request: Request, response: Response) => {
        const identity = apiKeyOf(response);
        const requestId = response.locals.requestId;
        const envelope = batchEnvelopeSchema.safeParse(request.body);
        if (!envelope.success) throw validationProblem(issuesToFieldErrors(envelope.error.issues));
        const { items, callbackUrl, metadata } = envelope.data;
        if (items.length > settings.maxItems) {
          throw validationProblem([
            { path: "items", message: `holds ${items.length} items; a batch may hold at most ${settings.maxItems}` },
          ]);
        }
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
          const open = await batches.countOpen(identity.id);
          if (open >= settings.maxOpen) {
            throw new DossierError("BATCH_LIMIT_REACHED", {
              detail: `This key has ${open} open batches, the most allowed; wait for one to finish.`,
              retryable: true,
              retryAfterSeconds: 30,
            });
          }
          const now = Date.now();
          const plans = items.map((raw) => planItem(raw, identity.id, requestId, now));
          const runs = plans.flatMap((plan): Effort[] =>
            "data" in plan ? [plan.data.request.effort ?? "standard"] : [],
          );
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
          const summary = await batches.create(
            identity.id,
            plans,
            callbackUrl ?? null,
            metadata && Object.keys(metadata).length > 0 ? metadata : null,
          );
          response.setHeader("Location", `/v1/batches/${summary.id}`);
          response.status(202).json(batchView(summary));
        } catch (error) {
          throw storeProblem(error);
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
      const summary = await ownBatch(request, response);
      if (summary.status !== "done") {
        throw new DossierError("BATCH_NOT_DONE", {
          detail: `The batch has ${summary.completed + summary.failed} of ${summary.total} items finished; results are served once all are.`,
          retryable: true,
          retryAfterSeconds: 5,
        });
      }
      const format = request.query.format === "csv" ? "csv" : "ndjson";
      await writeBatchResults(response, batches, summary, format);
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
