import * as z from "zod";
import { metadataSchema } from "./metadata.js";
import { problemSchema } from "./problem.js";
import { apiRegistry } from "./registry.js";
import { companyResearchResponseSchema, personResearchResponseSchema } from "./research-response.js";

export const jobStatusSchema = z
  .object({
    id: z.string().describe("The job id, as in the `Location` and `X-Job-Id` headers."),
    status: z.enum(["queued", "running", "done", "failed"]).describe("Where the job is."),
    metadata: metadataSchema
      .optional()
      .describe(
        "The request's `metadata` while there is no `result` (queued, running or failed); once done it is in `result`.",
      ),
    result: z
      .union([personResearchResponseSchema, companyResearchResponseSchema])
      .optional()
      .describe("When done: exactly the body the synchronous call returns."),
    problem: problemSchema.optional().describe("When failed: the problem the synchronous call would have answered."),
  })
  .register(apiRegistry, {
    id: "JobStatus",
    description: "A research job accepted with `Prefer: respond-async` (or one that outlived its synchronous call).",
  });

export type JobStatus = z.infer<typeof jobStatusSchema>;
