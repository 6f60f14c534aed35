import { DossierError, unavailable } from "@dossier/contract";
import { fleetStatus, probeRedisWrites, type RedisClient, readLiveWorkers } from "@dossier/queue";
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
      const notReady = (
        code: "QUEUE_UNAVAILABLE" | "LLM_UNREACHABLE" | "LLM_AUTH_FAILED",
        detail: string,
        report: Record<string, unknown>,
        cause?: unknown,
      ) => new DossierError(code, { detail, retryable: true, retryAfterSeconds: 5, extensions: report, cause });
      let workers: Awaited<ReturnType<typeof readLiveWorkers>>;
      try {
        await settings.redis.ping();
        workers = await readLiveWorkers(settings.redis, settings.prefix);
      } catch (error) {
        throw notReady(
          "QUEUE_UNAVAILABLE",
          "The job queue (Redis) is unreachable; try again shortly.",
          { redis: "unreachable", workers: "unknown", model: "unknown", search: "unknown" },
          error,
        );
      }
      await checkRedisTakesWrites(settings.redis, settings.prefix);
      if (workers.length === 0) {
        throw notReady(
          "QUEUE_UNAVAILABLE",
          "No worker has been seen in the last 30 seconds; start one with `pnpm start:worker`.",
          { redis: "ok", workers: 0, model: "unknown (no worker)", search: "unknown (no worker)" },
        );
      }
      // What the workers last found (they check every 30 s, every 5 s while something fails): no
      // outside call is made here, however often this is asked.
      const model = fleetStatus(workers.map((worker) => worker.checks?.model));
      const search = fleetStatus(workers.map((worker) => worker.checks?.search));
      const report = { redis: "ok", workers: workers.length, model: model.text, search: search.text };
      // Without the model nothing can be answered; without search the subjects' own sites still can.
      if (model.state === "failing") {
        const refused = model.text.startsWith("refused the key");
        throw notReady(
          refused ? "LLM_AUTH_FAILED" : "LLM_UNREACHABLE",
          model.text === "not checked yet"
            ? "No worker has checked the model endpoint yet; try again in a few seconds."
            : `The workers cannot use the model endpoint (${model.text}); ${
                refused ? "set OPENAI_API_KEY to a key it accepts" : "set OPENAI_BASE_URL and LLM_MODEL"
              }. The worker's log says more.`,
          report,
        );
      }
      response.json({ status: "ready", ...report });
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
