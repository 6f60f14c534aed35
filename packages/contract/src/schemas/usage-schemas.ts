import * as z from "zod";
import { apiRegistry } from "./registry.js";

const count = (description: string) => z.number().int().min(0).describe(description);

/** What one research run spent, as every research response reports it. */
export const runUsageSchema = z
  .object({
    modelCalls: count("Model calls the run made (an answer repaired after a schema failure counts twice)."),
    promptTokens: count("Prompt tokens of those calls, as the model endpoint reported them."),
    completionTokens: count("Completion tokens of those calls, as the model endpoint reported them."),
    searches: count("Search queries the run made, including those answered from the search cache."),
    pagesFetched: count(
      "Pages (and sitemaps) read from the web, or from the shared page cache where it held them for another key.",
    ),
    pagesFromCache: count("Pages this key read before, taken from the page cache instead of the web."),
    pagesNotModified: count(
      "Of `pagesFetched`, the pages whose cached copy was too old and whose site answered 304 Not Modified to the " +
        "copy's `ETag` or `Last-Modified`: the copy was read again for a round trip, without downloading the page.",
    ),
    durationMs: count("How long the run took in the worker, in milliseconds (queueing not included)."),
  })
  .register(apiRegistry, {
    id: "Usage",
    description:
      "What the research run behind this result spent. A result served again from the stored result (an identical request within " +
      "`RESULT_TTL_SECONDS`) reports the original run's usage unchanged; its `Age` header says how old it is.",
  });

export type RunUsage = z.infer<typeof runUsageSchema>;

/** The counters of one key's usage over one UTC day (or a sum of days). */
const usageCountersShape = {
  calls: count(
    "Research calls accepted (synchronous, async and batch items), including those answered from a stored result.",
  ),
  runs: count("Research runs that ran for these calls; identical calls share one run, stored results need none."),
  modelCalls: count("Model calls of those runs."),
  promptTokens: count("Prompt tokens of those runs."),
  completionTokens: count("Completion tokens of those runs."),
  searches: count("Search queries of those runs."),
  pagesFetched: count("Pages those runs read from the web, or from the page cache where it held them for another key."),
  pagesFromCache: count("Pages those runs took from the page cache that this key had read before."),
  pagesNotModified: count(
    "Of `pagesFetched`, the pages whose site answered 304 Not Modified: the cached copy was still good.",
  ),
};

export const usageDaySchema = z
  .object({ date: z.string().describe("The UTC day, `YYYY-MM-DD`."), ...usageCountersShape })
  .register(apiRegistry, { id: "UsageDay", description: "One key's usage over one UTC day." });

export const usageQuotaSchema = z
  .object({
    month: z.string().describe("The UTC month the figures are for, `YYYY-MM`."),
    calls: count("Calls counted against the monthly limit so far."),
    tokens: count("Model tokens (prompt and completion) spent this month so far."),
    monthlyCalls: z.number().int().nullable().describe("The key's monthly call limit; null when it has none."),
    monthlyTokens: z.number().int().nullable().describe("The key's monthly token limit; null when it has none."),
    resetsAt: z
      .string()
      .describe("When the monthly counters start again (ISO 8601, the first of next month, 00:00 UTC)."),
  })
  .register(apiRegistry, {
    id: "UsageQuota",
    description: "The calling key's monthly limits and how much of them is used.",
  });

export const usageReportSchema = z
  .object({
    from: z.string().describe("First day of the report, `YYYY-MM-DD` (UTC)."),
    to: z.string().describe("Last day of the report, `YYYY-MM-DD` (UTC)."),
    days: z.array(usageDaySchema).describe("Every day from `from` to `to`, in order; days without use are zeros."),
    total: z.object(usageCountersShape).describe("The days summed."),
    quota: usageQuotaSchema,
  })
  .register(apiRegistry, { id: "UsageReport", description: "The calling key's daily usage (`GET /v1/usage`)." });

export type UsageCounters = z.infer<typeof usageReportSchema>["total"];
export type UsageDay = z.infer<typeof usageDaySchema>;
export type UsageQuota = z.infer<typeof usageQuotaSchema>;
export type UsageReport = z.infer<typeof usageReportSchema>;

/** The counter names of {@link UsageCounters}, in report order. */
export const usageCounterNames = Object.keys(usageCountersShape) as Array<keyof UsageCounters>;

/** Longest period `GET /v1/usage` reports at once, in days. */
export const MAX_USAGE_REPORT_DAYS = 366;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` day that exists on the calendar. */
export function isCalendarDay(value: string): boolean {
  if (!dayPattern.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const daySchema = z.string().refine(isCalendarDay, "must be a day as YYYY-MM-DD (UTC), such as 2025-03-01").optional();

/** The query of `GET /v1/usage`: both days optional, `from` not after `to`, at most a year apart. */
export const usageQuerySchema = z
  .strictObject({
    from: daySchema.describe("First day, `YYYY-MM-DD` (UTC). Default: the first day of the current month."),
    to: daySchema.describe("Last day, `YYYY-MM-DD` (UTC). Default: today."),
  })
  .register(apiRegistry, { id: "UsageQuery", description: "The period of a usage report." });
