import { DossierError } from "@dossier/contract";
import { parseJobHandle, type ResearchQueue, withMetadata } from "@dossier/queue";
import type { Request, RequestHandler, Response } from "express";
import { apiKeyOf } from "../http/locals.js";
import { problemBody } from "../http/problem.js";
import { type Route, route } from "../http/route-table.js";

export interface JobRouteSettings {
  queue: ResearchQueue;
  /** Authentication. */
  guard: RequestHandler[];
}

/**
 * `GET /v1/jobs/{id}`: a job as its owner sees it; any other key gets 404. The id may be a handle
 * with metadata (`<jobId>.<digest>`): the shared job, with that handle's metadata in its result (or
 * beside the status or problem while there is no result).
 */
export function jobRoutes(settings: JobRouteSettings): Route[] {
  const routes: Route[] = [];
  routes.push(
    route("GET", "/v1/jobs/:id", ...settings.guard, async (request: Request, response: Response) => {
      const identity = apiKeyOf(response);
      const handle = String(request.params.id);
      const { jobId, withMetadata: hasMetadata } = parseJobHandle(handle);
      const notFound = () =>
        new DossierError("JOB_NOT_FOUND", { detail: `There is no job ${handle} for this API key.` });
      const view = await settings.queue.view(jobId, identity.id);
      if (!view) throw notFound();
      const metadata = hasMetadata ? await settings.queue.readMetadata(handle) : null;
      if (hasMetadata && metadata === null) throw notFound();
      const beside = metadata === null ? {} : { metadata };
      response.setHeader("Cache-Control", "no-store");
      switch (view.status) {
        case "done":
          // The stored body is spliced in as it is, so `result` is byte for byte the synchronous answer.
          response
            .status(200)
            .type("application/json")
            .send(`{"id":${JSON.stringify(handle)},"status":"done","result":${withMetadata(view.body, metadata)}}`);
          return;
        case "failed":
          response.status(200).json({ id: handle, status: "failed", ...beside, problem: problemBody(view.error) });
          return;
        default:
          response.status(200).json({ id: handle, status: view.status, ...beside });
      }
    }),
  );
  return routes;
}
