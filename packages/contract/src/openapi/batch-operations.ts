import type { OpenApiOperation } from "./build-openapi.js";

type JsonObject = Record<string, unknown>;

const ref = (id: string): JsonObject => ({ $ref: `#/components/schemas/${id}` });

const problem = (description: string, headers?: JsonObject): JsonObject => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/problem+json": { schema: ref("Problem") } },
});

const retryAfter = {
  "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } },
};
const location = (what: string) => ({
  Location: { description: `Where to poll the ${what}.`, schema: { type: "string" } },
});
const idParameter = (description: string): JsonObject => ({
  name: "id",
  in: "path",
  required: true,
  description,
  schema: { type: "string" },
});
const unauthorized = problem("The `x-api-key` header is missing, or the key is unknown or revoked.");

/** The async job, batch and callback-secret operations. */
export function batchOperations(): OpenApiOperation[] {
  return [
    {
      method: "get",
      path: "/v1/jobs/{id}",
      operation: {
        operationId: "getJob",
        summary: "Poll a research job",
        description:
          "The job a `Prefer: respond-async` call (or a synchronous call that timed out) created. `result` is exactly the synchronous body. " +
          "Only the key that created the job can read it; any other key gets 404.",
        security: [{ apiKey: [] }],
        parameters: [idParameter("The job id from `Location` or `X-Job-Id`.")],
        responses: {
          "200": { description: "The job.", content: { "application/json": { schema: ref("JobStatus") } } },
          "401": unauthorized,
          "404": problem("No such job for this key (`JOB_NOT_FOUND`)."),
        },
      },
    },
    {
      method: "post",
      path: "/v1/batches",
      operation: {
        operationId: "createBatch",
        summary: "Submit a batch",
        description:
          "Up to 10,000 research requests run in the background, fairly shared with other keys and after synchronous calls. Each item is " +
          "validated on its own: a bad item fails alone with its 422 problem. Identical items are researched once. With `callbackUrl`, a " +
          "signed POST announces completion (docs/batches.md).",
        security: [{ apiKey: [] }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: ref("BatchRequest"),
              example: {
                items: [
                  {
                    type: "company",
                    ref: "row-1",
                    request: {
                      question: "Is the company SOC 2 Type II certified?",
                      responseType: "BOOL",
                      company: { name: "Northwind Robotics", website: "northwind-robotics.com" },
                    },
                  },
                ],
                callbackUrl: "https://hooks.example.com/dossier",
              },
            },
          },
        },
        responses: {
          "202": {
            description: "Accepted.",
            headers: location("batch"),
            content: { "application/json": { schema: ref("BatchStatus") } },
          },
          "400": problem(
            "The body is not valid JSON, nests arrays and objects deeper than 64 levels, or does not decompress.",
          ),
          "401": unauthorized,
          "413": problem("The body is larger than the batch body limit (32 MB)."),
          "415": problem("The body is not `application/json`."),
          "422": problem(
            "The body is not a list of items, has too many, has a field other than `items` and `callbackUrl`, or the callback URL is not allowed.",
          ),
          "429": problem("This key has too many open batches (`BATCH_LIMIT_REACHED`).", retryAfter),
          "503": problem("The queue (Redis) is unreachable.", retryAfter),
        },
      },
    },
    {
      method: "get",
      path: "/v1/batches/{id}",
      operation: {
        operationId: "getBatch",
        summary: "Poll a batch",
        security: [{ apiKey: [] }],
        parameters: [idParameter("The batch id from `Location`.")],
        responses: {
          "200": {
            description: "The batch's progress.",
            content: { "application/json": { schema: ref("BatchStatus") } },
          },
          "401": unauthorized,
          "404": problem("No such batch for this key (`BATCH_NOT_FOUND`)."),
        },
      },
    },
    {
      method: "get",
      path: "/v1/batches/{id}/results",
      operation: {
        operationId: "getBatchResults",
        summary: "Read a finished batch's results",
        description:
          "One line per item in item order, streamed as NDJSON (`application/x-ndjson`), or as CSV with `?format=csv` (columns index, ref, " +
          "status, answerText, answerNumber, confidence, details, sources, errorCode, errorDetail; a cell that a spreadsheet would read as a formula, " +
          "starting with =, +, -, @, tab or carriage return, gets a leading ', plain numbers excepted). Answers 409 `BATCH_NOT_DONE` until the batch is done.",
        security: [{ apiKey: [] }],
        parameters: [
          idParameter("The batch id."),
          {
            name: "format",
            in: "query",
            required: false,
            description: "`ndjson` (default) or `csv`.",
            schema: { type: "string", enum: ["ndjson", "csv"] },
          },
        ],
        responses: {
          "200": {
            description: "The results.",
            content: {
              "application/x-ndjson": { schema: ref("BatchResultLine") },
              "text/csv": { schema: { type: "string" } },
            },
          },
          "401": unauthorized,
          "404": problem("No such batch for this key (`BATCH_NOT_FOUND`)."),
          "409": problem("The batch is not done yet (`BATCH_NOT_DONE`); poll `GET /v1/batches/{id}`."),
        },
      },
    },
    {
      method: "get",
      path: "/v1/callback-secret",
      operation: {
        operationId: "getCallbackSecret",
        summary: "The secret that signs this key's batch callbacks",
        security: [{ apiKey: [] }],
        responses: {
          "200": { description: "The secret.", content: { "application/json": { schema: ref("CallbackSecret") } } },
          "401": unauthorized,
        },
      },
    },
  ];
}
