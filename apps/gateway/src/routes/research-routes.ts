import { DossierError, type ResearchKind, validateResearchRequest } from "@dossier/contract";
import {
  hasMonthlyLimits,
  jobHandle,
  type ResearchQueue,
  researchJobId,
  SYNC_PRIORITY,
  withMetadata,
} from "@dossier/queue";
import type { Request, RequestHandler, Response } from "express";
import { type JobEventSource, streamJobEvents } from "../events/index.js";
import { apiKeyOf } from "../http/locals.js";
import { admitToQuota } from "../http/monthly-quota.js";
import { type Route, route } from "../http/route-table.js";
import { validationProblem } from "../http/validation-problem.js";

export interface ResearchRouteSettings {
  queue: ResearchQueue;
  /** Prefix of every Redis key (`REDIS_PREFIX`), for the usage ledger. */
  prefix: string;
  /** How long a synchronous call waits for its job, in milliseconds. */
  timeoutMs: number;
  /** Run before each research route: authentication, the per-key call limit, then the JSON body. */
  guard: RequestHandler[];
  /** Where a call sent with `Accept: text/event-stream` follows its job's events. */
  events: JobEventSource;
}

export { validationProblem } from "../http/validation-problem.js";

/** True when a `Prefer` header asks for `respond-async` (RFC 7240). */
export function prefersAsync(request: Request): boolean {
  const prefer = request.header("prefer");
  if (!prefer) return false;
  return prefer.split(",").some((preference) => preference.split(";")[0]!.trim().toLowerCase() === "respond-async");
}

/** True when the request's `Cache-Control` carries `no-cache`: nothing cached may answer it (RFC 9111 5.2.1.4). */
export function forbidsCache(request: Request): boolean {
  const header = request.header("cache-control");
  if (!header) return false;
  return header.split(",").some((directive) => directive.split("=")[0]!.trim().toLowerCase() === "no-cache");
}

/** True when the `Accept` header names `text/event-stream` (a wildcard alone does not ask for events). */
export function acceptsEventStream(request: Request): boolean {
  const accept = request.header("accept");
  if (!accept) return false;
  return accept.split(",").some((type) => type.split(";")[0]!.trim().toLowerCase() === "text/event-stream");
}

/**
 * `POST /v1/research/person` and `POST /v1/research/company`: validate, enqueue, wait, answer; or,
 * with `Prefer: respond-async`, answer 202 with `Location: /v1/jobs/{id}` at once; or, with
 * `Accept: text/event-stream`, stream the job's events until `done` or `failed`.
 */
export function researchRoutes(settings: ResearchRouteSettings): Route[] {
  const routes: Route[] = [];
  const handle = (kind: ResearchKind) => async (request: Request, response: Response) => {
    const validation = validateResearchRequest(kind, request.body);
    if (!validation.ok) throw validationProblem(validation.errors);
    const identity = apiKeyOf(response);
    // `Cache-Control: no-cache` is `maxAgeSeconds: 0`, so both name the same job.
    const researched = forbidsCache(request) ? { ...validation.request, maxAgeSeconds: 0 } : validation.request;
    const freshness = researched.maxAgeSeconds === undefined ? {} : { maxAgeSeconds: researched.maxAgeSeconds };
    // A waiting call of a key without monthly limits has nothing to refuse: the script that claims its
    // job counts it, one round trip instead of two.
    const waits = !prefersAsync(request) && !acceptsEventStream(request);
    const countInClaim = waits && !hasMonthlyLimits(identity.limits);
    if (!countInClaim) await admitToQuota(settings.queue.redis, settings.prefix, identity, { count: 1 });
    const jobId = researchJobId(identity.id, researched);
    // Metadata is not part of the research: the caller's handle names the shared job and its own metadata.
    const { metadata } = validation;
    const handle = jobHandle(jobId, metadata);
    if (metadata !== null) await settings.queue.rememberMetadata(handle, metadata);
    response.setHeader("X-Job-Id", handle);
    const data = {
      request: researched,
      requestId: response.locals.requestId,
      keyId: identity.id,
      enqueuedAt: Date.now(),
    };
    if (prefersAsync(request)) {
      await settings.queue.submit(kind, jobId, { ...data, origin: "async" }, freshness);
      const view = await settings.queue.view(jobId, identity.id);
      response.setHeader("Location", `/v1/jobs/${handle}`);
      response.setHeader("Preference-Applied", "respond-async");
      response.status(202).json({ id: handle, status: view?.status ?? "queued" });
      return;
    }
    if (acceptsEventStream(request)) {
      await settings.queue.submit(kind, jobId, { ...data, origin: "sync" }, { ...freshness, priority: SYNC_PRIORITY });
      await streamJobEvents(settings.events, response, { jobId, handle, metadata }, identity.id, undefined);
      return;
    }
    const outcome = await settings.queue.run(kind, jobId, data, {
      timeoutMs: settings.timeoutMs,
      ...freshness,
      countCall: countInClaim,
    });
    switch (outcome.status) {
      case "completed":
        // A stored result served again: its age, as an HTTP cache would say it (RFC 9111).
        if (outcome.storedAt !== undefined)
          response.setHeader("Age", String(Math.max(0, Math.floor((Date.now() - outcome.storedAt) / 1000))));
        response.status(200).type("application/json").send(withMetadata(outcome.body, metadata));
        return;
      case "failed":
        throw outcome.error;
      case "unavailable":
        throw new DossierError("QUEUE_UNAVAILABLE", {
          detail: `${outcome.error.detail} The research goes on: send the same request again, or poll /v1/jobs/${handle}.`,
          retryable: true,
          retryAfterSeconds: outcome.error.retryAfterSeconds ?? 5,
          extensions: { jobId: handle },
          cause: outcome.error.cause,
        });
      case "timeout":
        throw new DossierError("RESEARCH_TIMEOUT", {
          detail: `The research did not finish within ${settings.timeoutMs} ms. It goes on: send the same request again, or poll /v1/jobs/${handle}.`,
          retryable: true,
          retryAfterSeconds: 10,
          extensions: { jobId: handle },
        });
    }
  };
  routes.push(route("POST", "/v1/research/person", ...settings.guard, handle("person")));
  routes.push(route("POST", "/v1/research/company", ...settings.guard, handle("company")));
  return routes;
}
