import * as z from "zod";
import { metadataSchema } from "./metadata.js";
import { problemSchema } from "./problem.js";
import { apiRegistry } from "./registry.js";
import { companyResearchRequestSchema, personResearchRequestSchema } from "./research-request.js";
import { companyResearchResponseSchema, personResearchResponseSchema } from "./research-response.js";

/** Most items one batch may hold unless the server is configured lower (`BATCH_MAX_ITEMS`). */
export const MAX_BATCH_ITEMS = 10_000;

/**
 * One item as the batch schema describes it for documentation. The gateway checks each item on
 * its own (so one bad item fails alone), so `request` is validated later, not by this schema.
 */
export const batchItemSchema = z
  .strictObject({
    type: z.enum(["person", "company"]).describe("Which research the item is: the same as `POST /v1/research/{type}`."),
    request: z
      .union([personResearchRequestSchema, companyResearchRequestSchema])
      .describe("The body the synchronous call would take."),
    ref: z.string().max(200).optional().describe("Your own identifier for the item (a row id); echoed in its result."),
  })
  .register(apiRegistry, { id: "BatchItem", description: "One research request inside a batch." });

export const batchRequestSchema = z
  .strictObject({
    items: z
      .array(batchItemSchema)
      .min(1)
      .max(MAX_BATCH_ITEMS)
      .describe("The requests, up to 10,000 (or the server's `BATCH_MAX_ITEMS`)."),
    callbackUrl: z
      .string()
      .url()
      .optional()
      .describe(
        "Called with a signed POST when the batch is done (see docs/batches.md). Must be a public http(s) URL.",
      ),
    metadata: metadataSchema
      .optional()
      .describe("Your own string pairs for the whole batch, returned in its status and in the completion callback."),
  })
  .register(apiRegistry, { id: "BatchRequest", description: "A list of research requests to run in the background." });

/** The envelope checked before items are looked at one by one; unknown fields are refused, as in a request. */
export const batchEnvelopeSchema = z.strictObject({
  items: z.array(z.unknown()).min(1),
  callbackUrl: z.string().optional(),
  metadata: metadataSchema.nullish(),
});

export const batchStatusSchema = z
  .object({
    id: z.string().describe("The batch id, `b-...`."),
    status: z
      .enum(["queued", "running", "done", "cancelled"])
      .describe(
        "`queued` until an item finishes, `running` until all have, then `done`; `cancelled` once cancelled (items already running still finish).",
      ),
    total: z.number().int().describe("Number of items."),
    completed: z.number().int().describe("Items answered (HTTP status 200)."),
    failed: z.number().int().describe("Items that failed, invalid ones included; each has its problem in the results."),
    cancelled: z
      .number()
      .int()
      .optional()
      .describe(
        "Items cancelled before they ran (`POST /v1/batches/{id}/cancel`); their result lines carry `BATCH_CANCELLED`.",
      ),
    createdAt: z.string().describe("When the batch was accepted (ISO 8601)."),
    finishedAt: z
      .string()
      .nullable()
      .describe(
        "When the last item finished (ISO 8601), or null. A cancelled batch finishes when its running items have.",
      ),
    metadata: metadataSchema.optional().describe("The batch's `metadata`, when it was given one."),
  })
  .register(apiRegistry, { id: "BatchStatus", description: "Progress of a batch." });

/** Most batches one page of `GET /v1/batches` holds. */
export const MAX_BATCH_PAGE = 100;

export const batchListSchema = z
  .object({
    data: z.array(batchStatusSchema).describe("The key's batches, newest first."),
    has_more: z
      .boolean()
      .describe("Whether older batches follow: ask again with `after` set to the id of the last batch of this page."),
  })
  .register(apiRegistry, { id: "BatchList", description: "One page of the calling key's batches." });

export const batchResultLineSchema = z
  .object({
    index: z.number().int().describe("0-based position of the item in the submitted list."),
    ref: z.string().optional().describe("The item's `ref`, when it had one."),
    status: z.number().int().describe("The HTTP status the item would have had as a synchronous call."),
    metadata: metadataSchema
      .optional()
      .describe(
        "A failed item's `metadata`; an answered item's is in its `result`, as the synchronous call returns it.",
      ),
    result: z
      .union([personResearchResponseSchema, companyResearchResponseSchema])
      .optional()
      .describe("The body the synchronous call would have returned (status 200)."),
    problem: problemSchema.optional().describe("Why the item failed (any other status)."),
  })
  .register(apiRegistry, {
    id: "BatchResultLine",
    description: "One line of `GET /v1/batches/{id}/results` (NDJSON), in item order.",
  });

export const callbackSecretSchema = z
  .object({
    secret: z.string().describe("The HMAC-SHA256 secret that signs this key's batch callbacks."),
    header: z
      .literal("Dossier-Signature")
      .describe('The header that carries the signature: `t=<unix seconds>,v1=<hex HMAC of "<t>.<body>">`.'),
  })
  .register(apiRegistry, { id: "CallbackSecret", description: "The secret to verify batch callbacks with." });

export type BatchRequest = z.infer<typeof batchRequestSchema>;
export type BatchStatus = z.infer<typeof batchStatusSchema>;
export type BatchList = z.infer<typeof batchListSchema>;
export type BatchResultLine = z.infer<typeof batchResultLineSchema>;
export type CallbackSecret = z.infer<typeof callbackSecretSchema>;
