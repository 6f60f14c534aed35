import { type FieldError, MAX_USAGE_REPORT_DAYS, unavailable, usageQuerySchema } from "@dossier/contract";
import type { RedisClient } from "@dossier/queue";
import { readUsageReport, utcDay, utcMonth } from "@dossier/queue";
import type { Request, RequestHandler, Response } from "express";
import { apiKeyOf } from "../http/locals.js";
import { type Route, route } from "../http/route-table.js";
import { validationProblem } from "./research-routes.js";

export interface UsageRouteSettings {
  redis: RedisClient;
  /** Prefix of every Redis key (`REDIS_PREFIX`). */
  prefix: string;
  /** Authentication. */
  guard: RequestHandler[];
}

/** The period a usage query asks for, or every problem with it. */
function usagePeriod(query: unknown, now: number): { from: string; to: string } | { errors: FieldError[] } {
  const parsed = usageQuerySchema.safeParse(query);
  if (!parsed.success) {
    return {
      errors: parsed.error.issues.flatMap((issue) =>
        issue.code === "unrecognized_keys"
          ? issue.keys.map((key) => ({ path: key, message: "is not a known parameter; use from and to" }))
          : [{ path: issue.path.map(String).join(".") || "(query)", message: issue.message }],
      ),
    };
  }
  const to = parsed.data.to ?? utcDay(now);
  const from = parsed.data.from ?? `${utcMonth(Date.parse(`${to}T00:00:00Z`))}-01`;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days < 1) return { errors: [{ path: "from", message: `must not be after to (${to})` }] };
  if (days > MAX_USAGE_REPORT_DAYS)
    return { errors: [{ path: "from", message: `must be at most ${MAX_USAGE_REPORT_DAYS} days before to` }] };
  return { from, to };
}

/** `GET /v1/usage?from=&to=`: the calling key's daily usage and its standing against its monthly limits. */
export function usageRoutes(settings: UsageRouteSettings): Route[] {
  return [
    route("GET", "/v1/usage", ...settings.guard, async (request: Request, response: Response) => {
      const identity = apiKeyOf(response);
      const period = usagePeriod(request.query, Date.now());
      if ("errors" in period) throw validationProblem(period.errors);
      const report = await readUsageReport(settings.redis, settings.prefix, identity.id, {
        ...period,
        limits: identity.limits,
      }).catch((error: unknown) => {
        throw unavailable("The usage ledger", error);
      });
      response.setHeader("Cache-Control", "no-store");
      response.status(200).json(report);
    }),
  ];
}
