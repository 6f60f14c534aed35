import type { OpenApiOperation } from "./build-openapi.js";

type JsonObject = Record<string, unknown>;

const ref = (id: string): JsonObject => ({ $ref: `#/components/schemas/${id}` });

const problem = (description: string): JsonObject => ({
  description,
  content: { "application/problem+json": { schema: ref("Problem") } },
});

const day = (name: string, description: string): JsonObject => ({
  name,
  in: "query",
  required: false,
  description,
  schema: { type: "string", format: "date" },
});

/** `GET /v1/usage`. */
export function usageOperations(): OpenApiOperation[] {
  return [
    {
      method: "get",
      path: "/v1/usage",
      operation: {
        operationId: "getUsage",
        summary: "The calling key's usage",
        description:
          "Daily totals of the calling key (UTC days): calls accepted, research runs, model calls and tokens, searches and pages, " +
          "with the current month's standing against the key's limits (`dossier keys create --monthly-calls N --monthly-tokens N`). " +
          "At most 366 days at once.",
        security: [{ apiKey: [] }],
        parameters: [
          day("from", "First day, `YYYY-MM-DD`. Default: the first day of the current month."),
          day("to", "Last day, `YYYY-MM-DD`. Default: today."),
        ],
        responses: {
          "200": { description: "The report.", content: { "application/json": { schema: ref("UsageReport") } } },
          "401": problem("The `x-api-key` header is missing, or the key is unknown or revoked."),
          "422": problem("`from` or `to` is not a day, `from` is after `to`, or the period is longer than 366 days."),
        },
      },
    },
  ];
}
