import { Router, type Request, type RequestHandler, type Response } from "express";
import { DossierError, validateResearchRequest, type ResearchKind } from "@dossier/contract";
import { researchJobId, type ApiKeyIdentity, type ResearchQueue } from "@dossier/queue";

export interface ResearchRouteSettings {
  queue: ResearchQueue;
  /** How long a synchronous call waits for its job, in milliseconds. */
  timeoutMs: number;
  /** Run before each research route: authentication, then the JSON body. */
  guard: RequestHandler[];
}

/** `POST /v1/research/person` and `POST /v1/research/company`: validate, enqueue, wait, answer. */
export function researchRoutes(settings: ResearchRouteSettings): Router {
  const router = Router();
  const handle = (kind: ResearchKind) => async (request: Request, response: Response) => {
    const validation = validateResearchRequest(kind, request.body);
    if (!validation.ok) {
      throw new DossierError("REQUEST_VALIDATION_FAILED", {
        detail: `The request has ${validation.errors.length} invalid field${validation.errors.length === 1 ? "" : "s"}: ${[...new Set(validation.errors.map((error) => error.path))].join(", ")}.`,
        errors: validation.errors,
      });
    }
    const identity = response.locals.apiKey as ApiKeyIdentity;
    const jobId = researchJobId(identity.id, validation.request);
    response.setHeader("X-Job-Id", jobId);
    const outcome = await settings.queue.run(
      kind,
      jobId,
      { request: validation.request, requestId: response.locals.requestId as string, keyId: identity.id, enqueuedAt: Date.now() },
      { timeoutMs: settings.timeoutMs },
    );
    switch (outcome.status) {
      case "completed":
        response.status(200).type("application/json").send(outcome.body);
        return;
      case "failed":
        throw outcome.error;
      case "timeout":
        throw new DossierError("RESEARCH_TIMEOUT", {
          detail: `The research did not finish within ${settings.timeoutMs} ms. It goes on: send the same request again to get its result.`,
          retryable: true,
          retryAfterSeconds: 10,
          extensions: { jobId },
        });
    }
  };
  router.post("/v1/research/person", ...settings.guard, handle("person"));
  router.post("/v1/research/company", ...settings.guard, handle("company"));
  return router;
}
