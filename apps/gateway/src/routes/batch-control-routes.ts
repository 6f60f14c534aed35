import { MAX_BATCH_PAGE } from "@dossier/contract";
import type { BatchStore, ResearchJobData } from "@dossier/queue";
import type { Queue } from "bullmq";
import type { Request, RequestHandler, Response } from "express";
import { apiKeyOf } from "../http/locals.js";
import { type Route, route } from "../http/route-table.js";
import { batchView, findOwnBatch, storeProblem } from "./batch-view.js";
import { validationProblem } from "./research-routes.js";

export interface BatchControlRouteSettings {
  batches: BatchStore;
  /** The research queue: cancelling takes a batch's queued jobs out of it. */
  queue: Queue<ResearchJobData>;
  /** Authentication. */
  authenticate: RequestHandler[];
}

/** Batches one page holds unless `limit` says otherwise. */
const DEFAULT_PAGE = 20;

function pageOf(request: Request): { limit: number; after?: string } {
  const { limit: rawLimit, after } = request.query;
  const errors = [];
  let limit = DEFAULT_PAGE;
  if (rawLimit !== undefined) {
    limit = typeof rawLimit === "string" && /^\d{1,4}$/.test(rawLimit) ? Number(rawLimit) : 0;
    if (limit < 1 || limit > MAX_BATCH_PAGE)
      errors.push({ path: "limit", message: `must be a whole number from 1 to ${MAX_BATCH_PAGE}` });
  }
  if (after !== undefined && (typeof after !== "string" || !/^b-[A-Za-z0-9_-]{1,64}$/.test(after)))
    errors.push({ path: "after", message: "must be a batch id (b-...) from a previous page" });
  if (errors.length > 0) throw validationProblem(errors);
  return { limit, ...(typeof after === "string" ? { after } : {}) };
}

/** `GET /v1/batches` (the calling key's batches, newest first) and `POST /v1/batches/{id}/cancel`. */
export function batchControlRoutes(settings: BatchControlRouteSettings): Route[] {
  const { batches } = settings;
  return [
    route("GET", "/v1/batches", ...settings.authenticate, async (request: Request, response: Response) => {
      const page = pageOf(request);
      const listed = await batches.list(apiKeyOf(response).id, page).catch((error: unknown) => {
        throw storeProblem(error);
      });
      if (listed === null)
        throw validationProblem([{ path: "after", message: "is not a batch of this key (or it expired)" }]);
      response.setHeader("Cache-Control", "no-store");
      response.status(200).json({ data: listed.batches.map(batchView), has_more: listed.hasMore });
    }),
    route("POST", "/v1/batches/:id/cancel", ...settings.authenticate, async (request: Request, response: Response) => {
      const identity = apiKeyOf(response);
      const summary = await findOwnBatch(batches, String(request.params.id), identity.id);
      const after = await batches.cancel(summary.id, settings.queue).catch((error: unknown) => {
        throw storeProblem(error);
      });
      response.setHeader("Cache-Control", "no-store");
      response.status(200).json(batchView(after ?? summary));
    }),
  ];
}
