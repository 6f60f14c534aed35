import type { OpenApiOperation } from "./build-openapi.js";

type JsonObject = Record<string, unknown>;

const ref = (id: string): JsonObject => ({ $ref: `#/components/schemas/${id}` });

const problem = (description: string): JsonObject => ({
  description,
  content: { "application/problem+json": { schema: ref("Problem") } },
});

const lastEventId: JsonObject = {
  name: "Last-Event-ID",
  in: "header",
  required: false,
  description:
    "The id of the last event received: the stream resumes after it. EventSource sends it on its own when it reconnects.",
  schema: { type: "string" },
};

/** The `text/event-stream` body of the job events, as a documentation schema: one of the named payloads. */
export const jobEventStreamContent: JsonObject = {
  "text/event-stream": {
    schema: {
      description:
        "Server-Sent Events. Each event has an `id` (resume with `Last-Event-ID`), an `event` name and a JSON `data` payload: " +
        "`queued`, `searching`, `reading` (with `pages`), `answering`, `verifying`, then `done` (with `result`) or `failed` (with `problem`), " +
        "after which the stream ends. A comment line (`: heartbeat`) arrives every 15 s.",
      oneOf: [
        ref("JobQueuedEvent"),
        ref("JobSearchingEvent"),
        ref("JobReadingEvent"),
        ref("JobAnsweringEvent"),
        ref("JobVerifyingEvent"),
        ref("JobDoneEvent"),
        ref("JobFailedEvent"),
      ],
    },
    example:
      'id: 1732291200000-0\nevent: searching\ndata: {"jobId":"r-3f...","at":"2024-11-22T16:00:00.000Z"}\n\n' +
      'id: 1732291200840-0\nevent: reading\ndata: {"pages":7,"jobId":"r-3f...","at":"2024-11-22T16:00:00.840Z"}\n\n',
  },
};

/** `GET /v1/jobs/{id}/events` and `GET /v1/batches/{id}/events`. */
export function eventOperations(): OpenApiOperation[] {
  return [
    {
      method: "get",
      path: "/v1/jobs/{id}/events",
      operation: {
        operationId: "getJobEvents",
        summary: "Follow a research job's progress (Server-Sent Events)",
        description:
          "Streams the job's events: those already past (after `Last-Event-ID` when given), then each new one, until `done` or `failed`. " +
          "A client that sends the id of the final event gets 204 (which stops EventSource from reconnecting). Any gateway serves any job: " +
          "events travel through Redis. Only the key that created the job can follow it.",
        security: [{ apiKey: [] }],
        parameters: [
          { name: "id", in: "path", required: true, description: "The job id.", schema: { type: "string" } },
          lastEventId,
        ],
        responses: {
          "200": { description: "The event stream.", content: jobEventStreamContent },
          "204": { description: "The client already received the final event." },
          "401": problem("The `x-api-key` header is missing, or the key is unknown or revoked."),
          "404": problem("No such job for this key (`JOB_NOT_FOUND`)."),
          "503": problem("Redis is unreachable."),
        },
      },
    },
    {
      method: "get",
      path: "/v1/batches/{id}/events",
      operation: {
        operationId: "getBatchEvents",
        summary: "Follow a batch's progress (Server-Sent Events)",
        description:
          "Streams `progress` events (the batch's counts: at once, then whenever they change, at most twice a second) and `done` when " +
          "the batch finishes or is cancelled, after which the stream ends. The counts are a snapshot, so a resumed stream starts from the " +
          "current one; resuming after `done` (`Last-Event-ID: done`) gets 204. A comment line (`: heartbeat`) arrives every 15 s.",
        security: [{ apiKey: [] }],
        parameters: [
          { name: "id", in: "path", required: true, description: "The batch id.", schema: { type: "string" } },
          lastEventId,
        ],
        responses: {
          "200": {
            description: "The event stream.",
            content: {
              "text/event-stream": {
                schema: {
                  description: "`progress` and `done` events, each with a `BatchStatus` payload.",
                  ...ref("BatchStatus"),
                },
                example:
                  'id: p-3\nevent: progress\ndata: {"id":"b-...","status":"running","total":10,"completed":3,"failed":0,"createdAt":"...","finishedAt":null}\n\n',
              },
            },
          },
          "204": { description: "The client already received `done`." },
          "401": problem("The `x-api-key` header is missing, or the key is unknown or revoked."),
          "404": problem("No such batch for this key (`BATCH_NOT_FOUND`)."),
          "503": problem("Redis is unreachable."),
        },
      },
    },
  ];
}
