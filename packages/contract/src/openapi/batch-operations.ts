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
        parameters: [
          {
            name: "Idempotency-Key",
            in: "header",
            required: false,
            description:
              "Any 1 to 255 visible ASCII characters (a UUID). The same key and body within 24 hours answer the same batch " +
              "(with `Idempotent-Replayed: true`) instead of making another; the same key with another body is 409 " +
              "`BATCH_IDEMPOTENCY_CONFLICT`. Keys are scoped to the API key.",
            schema: { type: "string", minLength: 1, maxLength: 255 },
          },
        ],
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
          "409": problem(
            "The `Idempotency-Key` was used with another body, or a request with it is still being processed (`BATCH_IDEMPOTENCY_CONFLICT`).",
          ),
          "413": problem("The body is larger than the batch body limit (32 MB)."),
          "415": problem("The body is not `application/json`."),
          "422": problem(
            "The body is not a list of items, has too many, has a field other than `items`, `callbackUrl` and `metadata`, " +
              "the callback URL is not allowed, or every item is invalid (`errors` names the first 20; nothing is stored).",
          ),
          "429": problem(
            "This key has too many open batches (`BATCH_LIMIT_REACHED`), submitted too many calls or batch items this " +
              "minute (`RATE_LIMITED`: a submission counts as a call, its items against `RATE_LIMIT_BATCH_ITEMS_PER_MINUTE`), " +
              "keeps too many batch items (`BATCH_STORAGE_LIMIT_REACHED`), or reached a monthly limit (`QUOTA_EXCEEDED`). Nothing is stored.",
            retryAfter,
          ),
          "503": problem("The queue (Redis) is unreachable, or full.", retryAfter),
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
        summary: "Read a batch's results",
        description:
          "One line per item in item order, streamed as NDJSON (`application/x-ndjson`), or as CSV with `?format=csv` (columns index, ref, " +
          "status, answerText, answerNumber, confidence, details, sources, errorCode, errorDetail, then answerObject as JSON when an item " +
          "asked for an outputSchema and metadata as JSON when items carried some; a cell that a spreadsheet would read as a formula, " +
          "starting with =, +, -, @, tab or carriage return, gets a leading ', plain numbers excepted). Without `after` it answers 409 " +
          "`BATCH_NOT_DONE` until the batch is finished. With `?after=INDEX` it may be read while the batch runs: the lines past that " +
          "index that are finished, in order, up to the first item still running (so asking again with the last index received never " +
          "misses a line); `after=-1` starts at the first line. `X-Batch-Status` tells whether more will come.",
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
          {
            name: "after",
            in: "query",
            required: false,
            description: "An item index: only the finished lines past it, in order (-1: from the first line).",
            schema: { type: "integer", minimum: -1 },
          },
        ],
        responses: {
          "200": {
            description: "The results.",
            headers: {
              "X-Batch-Status": {
                description: "The batch's status when the results were read: more lines come while it is `running`.",
                schema: { type: "string" },
              },
            },
            content: {
              "application/x-ndjson": { schema: ref("BatchResultLine") },
              "text/csv": { schema: { type: "string" } },
            },
          },
          "401": unauthorized,
          "404": problem("No such batch for this key (`BATCH_NOT_FOUND`)."),
          "409": problem(
            "Without `after`: the batch is not finished yet (`BATCH_NOT_DONE`); poll `GET /v1/batches/{id}`.",
          ),
          "422": problem("`after` is not an item index."),
        },
      },
    },
    {
      method: "get",
      path: "/v1/batches",
      operation: {
        operationId: "listBatches",
        summary: "List this key's batches",
        description:
          "The calling key's batches (only its own), newest first, a page at a time: ask for the next page with `after` set to the id of " +
          "the last batch received, while `has_more` is true.",
        security: [{ apiKey: [] }],
        parameters: [
          {
            name: "limit",
            in: "query",
            required: false,
            description: "Batches per page, 1 to 100. Default 20.",
            schema: { type: "integer", minimum: 1, maximum: 100, default: 20 },
          },
          {
            name: "after",
            in: "query",
            required: false,
            description: "The id of the last batch of the previous page.",
            schema: { type: "string" },
          },
        ],
        responses: {
          "200": { description: "One page.", content: { "application/json": { schema: ref("BatchList") } } },
          "401": unauthorized,
          "422": problem("`limit` is out of range, or `after` is not one of this key's batches."),
        },
      },
    },
    {
      method: "post",
      path: "/v1/batches/{id}/cancel",
      operation: {
        operationId: "cancelBatch",
        summary: "Cancel a batch",
        description:
          "Items not started yet are cancelled (their result lines carry `BATCH_CANCELLED`); items already running finish and keep " +
          "their results. The status becomes `cancelled` at once; `finishedAt` is set when the running items have finished. " +
          "Cancelling again, or cancelling a batch that is done, changes nothing and answers the batch as it is. " +
          "Cancelling works while Redis is full.",
        security: [{ apiKey: [] }],
        parameters: [idParameter("The batch id.")],
        responses: {
          "200": {
            description: "The batch after cancelling.",
            content: { "application/json": { schema: ref("BatchStatus") } },
          },
          "401": unauthorized,
          "404": problem("No such batch for this key (`BATCH_NOT_FOUND`)."),
          "503": problem("The queue (Redis) is unreachable.", retryAfter),
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
