import { DossierError } from "@dossier/contract";
import { parseJobHandle } from "@dossier/queue";
import type { Request, RequestHandler, Response } from "express";
import { type BatchEventSource, type JobEventSource, streamBatchEvents, streamJobEvents } from "../events/index.js";
import { apiKeyOf } from "../http/locals.js";
import { type Route, route } from "../http/route-table.js";
import { findOwnBatch } from "./batch-view.js";

export interface EventRouteSettings {
  jobs: JobEventSource;
  batches: BatchEventSource;
  /** Authentication. */
  guard: RequestHandler[];
}

/** The `Last-Event-ID` a reconnecting client sends, if any. */
export function lastEventIdOf(request: Request): string | undefined {
  const value = request.header("last-event-id")?.trim();
  return value ? value : undefined;
}

/** `GET /v1/jobs/{id}/events` and `GET /v1/batches/{id}/events`: Server-Sent Events, for the owner only. */
export function eventRoutes(settings: EventRouteSettings): Route[] {
  return [
    route("GET", "/v1/jobs/:id/events", ...settings.guard, async (request: Request, response: Response) => {
      const identity = apiKeyOf(response);
      // The id may be a handle with metadata (`<jobId>.<digest>`), as `GET /v1/jobs/{id}` takes it.
      const handle = String(request.params.id);
      const { jobId, withMetadata: hasMetadata } = parseJobHandle(handle);
      const notFound = () =>
        new DossierError("JOB_NOT_FOUND", { detail: `There is no job ${handle} for this API key.` });
      const view = await settings.jobs.queue.view(jobId, identity.id);
      if (!view) throw notFound();
      const metadata = hasMetadata ? await settings.jobs.queue.readMetadata(handle) : null;
      if (hasMetadata && metadata === null) throw notFound();
      await streamJobEvents(settings.jobs, response, { jobId, handle, metadata }, identity.id, lastEventIdOf(request));
    }),
    route("GET", "/v1/batches/:id/events", ...settings.guard, async (request: Request, response: Response) => {
      const identity = apiKeyOf(response);
      const summary = await findOwnBatch(settings.batches.batches, String(request.params.id), identity.id);
      await streamBatchEvents(settings.batches, response, summary, lastEventIdOf(request));
    }),
  ];
}
