import { DossierError, unavailable } from "@dossier/contract";
import { countLiveWorkers, probeRedisWrites, type RedisClient } from "@dossier/queue";
import { type Route, route } from "../http/route-table.js";
import type { GatewayMetrics } from "../metrics.js";
import { DOCS_SECURITY_POLICY, type OpenApiView, renderDocsPage } from "./docs-page.js";

export interface OperationsRouteSettings {
  redis: RedisClient;
  prefix: string;
  metrics: GatewayMetrics;
  openApiDocument: Record<string, unknown>;
}

/**
 * Readiness needs a Redis that takes writes, not only one that answers PING: a full Redis (at
 * `maxmemory` with `noeviction`) answers reads and refuses every call's first write. Throws
 * QUEUE_UNAVAILABLE saying which ("Redis is full", or unreachable).
 */
async function checkRedisTakesWrites(redis: RedisClient, prefix: string): Promise<void> {
  try {
    await probeRedisWrites(redis, prefix);
  } catch (error) {
    throw unavailable("The job queue", error);
  }
}

/** Health, readiness, metrics and the API description. None of them needs a key. */
export function operationsRoutes(settings: OperationsRouteSettings): Route[] {
  const routes: Route[] = [];
  const openApiText = JSON.stringify(settings.openApiDocument, null, 2);
  // The document comes from buildOpenApiDocument; the page reads only the parts OpenApiView names.
  const docsPage = renderDocsPage(settings.openApiDocument as unknown as OpenApiView);

  routes.push(
    route("GET", "/healthz", (_request, response) => {
      response.json({ status: "ok" });
    }),
  );

  routes.push(
    route("GET", "/readyz", async (_request, response) => {
      let workers: number;
      try {
        await settings.redis.ping();
        workers = await countLiveWorkers(settings.redis, settings.prefix);
      } catch (error) {
        throw unavailable("The job queue", error);
      }
      await checkRedisTakesWrites(settings.redis, settings.prefix);
      if (workers === 0) {
        throw new DossierError("QUEUE_UNAVAILABLE", {
          detail: "No worker has been seen in the last 30 seconds; start one with `pnpm start:worker`.",
          retryable: true,
          retryAfterSeconds: 5,
        });
      }
      response.json({ status: "ready", redis: "ok", workers });
    }),
  );

  routes.push(
    route("GET", "/metrics", async (_request, response) => {
      response.type("text/plain; version=0.0.4").send(await settings.metrics.render());
    }),
  );

  routes.push(
    route("GET", "/openapi.json", (_request, response) => {
      response.type("application/json").send(openApiText);
    }),
  );

  routes.push(
    route("GET", "/docs", (_request, response) => {
      response.setHeader("Content-Security-Policy", DOCS_SECURITY_POLICY);
      response.setHeader("X-Content-Type-Options", "nosniff");
      response.setHeader("Referrer-Policy", "no-referrer");
      response.type("text/html").send(docsPage);
    }),
  );

  return routes;
}
