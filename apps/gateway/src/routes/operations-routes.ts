import { DossierError } from "@dossier/contract";
import { countLiveWorkers } from "@dossier/queue";
import { Router } from "express";
import type { Redis } from "ioredis";
import type { GatewayMetrics } from "../metrics.js";
import { type OpenApiView, renderDocsPage } from "./docs-page.js";

export interface OperationsRouteSettings {
  redis: Redis;
  prefix: string;
  metrics: GatewayMetrics;
  openApiDocument: Record<string, unknown>;
}

/** Health, readiness, metrics and the API description. None of them needs a key. */
export function operationsRoutes(settings: OperationsRouteSettings): Router {
  const router = Router();
  const openApiText = JSON.stringify(settings.openApiDocument, null, 2);
  // The document comes from buildOpenApiDocument; the page reads only the parts OpenApiView names.
  const docsPage = renderDocsPage(settings.openApiDocument as unknown as OpenApiView);

  router.get("/healthz", (_request, response) => {
    response.json({ status: "ok" });
  });

  router.get("/readyz", async (_request, response) => {
    let workers: number;
    try {
      await settings.redis.ping();
      workers = await countLiveWorkers(settings.redis, settings.prefix);
    } catch (error) {
      throw new DossierError("QUEUE_UNAVAILABLE", {
        detail: "Redis is unreachable.",
        retryable: true,
        retryAfterSeconds: 5,
        cause: error,
      });
    }
    if (workers === 0) {
      throw new DossierError("QUEUE_UNAVAILABLE", {
        detail: "No worker has been seen in the last 30 seconds; start one with `pnpm start:worker`.",
        retryable: true,
        retryAfterSeconds: 5,
      });
    }
    response.json({ status: "ready", redis: "ok", workers });
  });

  router.get("/metrics", async (_request, response) => {
    response.type("text/plain; version=0.0.4").send(await settings.metrics.render());
  });

  router.get("/openapi.json", (_request, response) => {
    response.type("application/json").send(openApiText);
  });

  router.get("/docs", (_request, response) => {
    response.type("text/html").send(docsPage);
  });

  return router;
}
