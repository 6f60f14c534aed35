import * as z from "zod";
import { apiRegistry } from "./registry.js";

export const problemSchema = z
  .object({
    type: z.string().describe("URI reference that identifies the problem type."),
    title: z.string().describe("Short summary of the problem type."),
    status: z.number().int().describe("The HTTP status code."),
    detail: z.string().describe("Explanation specific to this occurrence."),
    code: z.string().describe("Stable machine-readable code, e.g. `REQUEST_VALIDATION_FAILED`; see docs/errors.md."),
    instance: z.string().optional().describe("The request id of the call that failed."),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("For validation problems: every offending field, by dotted path."),
    jobId: z
      .string()
      .optional()
      .describe("For time-outs: the job that is still running; retry the same request or poll it."),
    resetsAt: z
      .string()
      .optional()
      .describe("For `QUOTA_EXCEEDED`: when the key's monthly limits start again (ISO 8601, UTC)."),
  })
  .register(apiRegistry, {
    id: "Problem",
    description: "An RFC 9457 problem details object (`application/problem+json`).",
  });

export type Problem = z.infer<typeof problemSchema>;
