import express, { type Express, type Request, type Response, type NextFunction } from "express";
import type { Logger } from "pino";
import { DossierError } from "@dossier/contract";
import type { ApiKeyStore, ResearchQueue } from "@dossier/queue";
import { requestId } from "./http/request-id.js";
import { authenticate } from "./http/authenticate.js";
import { jsonBody } from "./http/json-body.js";
import { problemHandler } from "./http/problem.js";
import { researchRoutes } from "./routes/research-routes.js";
import { operationsRoutes } from "./routes/operations-routes.js";
import type { GatewayMetrics } from "./metrics.js";

export interface GatewayDependencies {
  logger: Logger;
  queue: ResearchQueue;
  keys: ApiKeyStore;
  metrics: GatewayMetrics;
  prefix: string;
  researchTimeoutMs: number;
  openApiDocument: Record<string, unknown>;
}

/** Paths the gateway serves, with their methods, so that a wrong method is a 405 rather than a 404. */
const KNOWN_PATHS: Record<string, string[]> = {
  "/v1/research/person": ["POST"],
  "/v1/research/company": ["POST"],
  "/healthz": ["GET"],
  "/readyz": ["GET"],
  "/metrics": ["GET"],
  "/openapi.json": ["GET"],
  "/docs": ["GET"],
};

/** The Express app: request ids, access logs and metrics, auth on /v1, problem+json for every error. */
export function createApp(dependencies: GatewayDependencies): Express {
  const { logger, metrics } = dependencies;
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("query parser", "simple");

  app.use(requestId());
  app.use((request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    response.on("finish", () => {
      const route = request.route?.path ?? (KNOWN_PATHS[request.path] ? request.path : "unmatched");
      const seconds = (performance.now() - started) / 1000;
      metrics.requests.inc({ method: request.method, route, status: String(response.statusCode) });
      metrics.requestDuration.observe({ route }, seconds);
      if (route !== "/metrics" && route !== "/healthz" && route !== "/readyz") {
        logger.info(
          {
            requestId: response.locals.requestId,
            method: request.method,
            route,
            status: response.statusCode,
            durationMs: Math.round(seconds * 1000),
            keyId: response.locals.apiKey?.id,
            jobId: response.getHeader("x-job-id"),
          },
          "request",
        );
      }
    });
    next();
  });

  app.use(operationsRoutes({ redis: dependencies.queue.redis, prefix: dependencies.prefix, metrics, openApiDocument: dependencies.openApiDocument }));
  const guard = [authenticate(dependencies.keys), jsonBody()];
  app.use(researchRoutes({ queue: dependencies.queue, timeoutMs: dependencies.researchTimeoutMs, guard }));

  app.use((request: Request, response: Response) => {
    const allowed = KNOWN_PATHS[request.path];
    if (allowed) {
      response.setHeader("Allow", allowed.join(", "));
      throw new DossierError("METHOD_NOT_ALLOWED", { detail: `${request.method} is not allowed on ${request.path}; use ${allowed.join(" or ")}.` });
    }
    throw new DossierError("ROUTE_NOT_FOUND", { detail: `There is no ${request.method} ${request.path}. See /docs for the API.` });
  });
  app.use(problemHandler(logger));
  return app;
}
