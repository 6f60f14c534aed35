import * as z from "zod";
import { batchStatusSchema } from "./batch-schemas.js";
import { problemSchema } from "./problem.js";
import { apiRegistry } from "./registry.js";
import { companyResearchResponseSchema, personResearchResponseSchema } from "./research-response.js";

const jobId = z.string().describe("The job the event belongs to.");
const at = z.string().describe("When it happened (ISO 8601).");

/** The payloads (`data`) of the events of `GET /v1/jobs/{id}/events`, by event name. */
export const jobEventDataSchemas = {
  queued: z
    .object({ jobId, at })
    .register(apiRegistry, { id: "JobQueuedEvent", description: "`queued`: the job waits for a worker." }),
  searching: z.object({ jobId, at }).register(apiRegistry, {
    id: "JobSearchingEvent",
    description: "`searching`: a worker searches the web and the subject's own site.",
  }),
  reading: z
    .object({ jobId, at, pages: z.number().int().nonnegative().describe("Pages fetched and read.") })
    .register(apiRegistry, { id: "JobReadingEvent", description: "`reading`: the pages found are read and ranked." }),
  answering: z.object({ jobId, at }).register(apiRegistry, {
    id: "JobAnsweringEvent",
    description: "`answering`: the model answers from the best passages.",
  }),
  verifying: z.object({ jobId, at }).register(apiRegistry, {
    id: "JobVerifyingEvent",
    description: "`verifying`: every quote of the answer is checked against its page.",
  }),
  done: z
    .object({
      jobId,
      at,
      result: z
        .union([personResearchResponseSchema, companyResearchResponseSchema])
        .describe("Exactly the body the synchronous call returns."),
    })
    .register(apiRegistry, { id: "JobDoneEvent", description: "`done`: the answer. The stream ends after it." }),
  failed: z
    .object({ jobId, at, problem: problemSchema.describe("The problem the synchronous call would have answered.") })
    .register(apiRegistry, {
      id: "JobFailedEvent",
      description: "`failed`: why the job failed. The stream ends after it.",
    }),
} as const;

/** The payloads of the events of `GET /v1/batches/{id}/events`, by event name. */
export const batchEventDataSchemas = {
  progress: batchStatusSchema.describe(
    "`progress`: the batch's counts, sent when they change, at most twice a second.",
  ),
  done: batchStatusSchema.describe("`done`: the batch finished (or was cancelled). The stream ends after it."),
} as const;

/** The name of a job event. */
export type JobEventType = keyof typeof jobEventDataSchemas;

/** The name of a batch event. */
export type BatchEventType = keyof typeof batchEventDataSchemas;

/** One event of a job's stream: its name, its id (for `Last-Event-ID`) and its payload. */
export type JobEvent = {
  [Name in JobEventType]: { type: Name; id: string; data: z.infer<(typeof jobEventDataSchemas)[Name]> };
}[JobEventType];

/** One event of a batch's stream. */
export type BatchEvent = {
  [Name in BatchEventType]: { type: Name; id: string; data: z.infer<(typeof batchEventDataSchemas)[Name]> };
}[BatchEventType];

/** The job events after which the stream ends. */
export const TERMINAL_JOB_EVENT_TYPES: readonly JobEventType[] = ["done", "failed"];
