import { DossierError } from "@dossier/contract";
import type { ResearchQueue } from "@dossier/queue";
import type { Request, RequestHandler, Response } from "express";
import { apiKeyOf } from "../http/locals.js";
import { problemBody } from "../http/problem.js";
import { type Route, route } from "../http/route-table.js";

export interface JobRouteSettings {
  queue: ResearchQueue;
  /** Authentication. */
  guard: RequestHandler[];
}

/** `GET /v1/jobs/{id}`: a job as its owner sees it; any other key gets 404. */
export function jobRoutes(settings: JobRouteSettings): Route[] {
  const routes: Route[] = [];
  routes.push(
    route("GET", "/v1/jobs/:id", ...settings.guard, async (request: Request, response: Response) => {
      const identity = apiKeyOf(response);
      const jobId = String(request.params.id);
      const view = await settings.queue.view(jobId, identity.id);
      if (!view) throw new DossierError("JOB_NOT_FOUND", { detail: `There is no job ${jobId} for this API key.` });
      response.setHeader("Cache-Control", "no-store");
      switch (view.status) {
        case "done":
          // The stored body is spliced in as it is, so `result` is byte for byte the synchronous answer.
          response
            .status(200)
            .type("application/json")
            .send(`{"id":${JSON.stringify(view.id)},"status":"done","result":${view.body}}`);
          return;
        case "failed":
          response.status(200).json({ id: view.id, status: "failed", problem: problemBody(view.error) });
          return;
        default:
          response.status(200).json({ id: view.id, status: view.status });
      }
    }),
  );
  return routes;
}
