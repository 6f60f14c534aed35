import {
  batchRequestSchema,
  batchResultLineSchema,
  batchStatusSchema,
  companyResearchRequestSchema,
  companyResearchResponseSchema,
  listItemSchema,
  listRequestSchema,
  listStatusSchema,
  personResearchRequestSchema,
  personResearchResponseSchema,
} from "@dossier/contract";
import * as z from "zod";

/** A JSON Schema of an object, as MCP's `inputSchema` and `outputSchema` take it. */
export type ObjectJsonSchema = { type: "object"; [keyword: string]: unknown };

/**
 * Drops `additionalProperties: false` everywhere: an answer from a newer gateway, with fields this
 * contract does not know yet, must still pass a client's check of the output schema.
 */
function allowNewFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(allowNewFields);
  if (typeof value !== "object" || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === "additionalProperties" && inner === false) continue;
    result[key] = allowNewFields(inner);
  }
  return result;
}

/** The JSON Schema of a contract schema: what a caller may send (`input`) or what the API answers (`output`). */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): ObjectJsonSchema {
  const { $schema: _dialect, ...generated } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return (io === "output" ? allowNewFields(generated) : generated) as ObjectJsonSchema;
}

const batchIdField = batchStatusSchema.shape.id.describe("The batch id (`b-...`) that submit_batch answered.");

/** The arguments of batch_status. */
export const batchStatusArgumentsSchema = z.object({ id: batchIdField });

/** The arguments of batch_results. */
export const batchResultsArgumentsSchema = z.object({
  id: batchIdField,
  after: z
    .number()
    .int()
    .min(-1)
    .optional()
    .describe(
      "Only the lines past this item index; give the last index received to read on. Default -1 (from the first).",
    ),
  limit: z.number().int().min(1).max(500).optional().describe("Lines to answer at most. Default 50."),
});

/** The arguments of submit_batch: the batch request, and whether to wait for it. */
export const submitBatchArgumentsSchema = batchRequestSchema.extend({
  wait: z
    .boolean()
    .optional()
    .describe("Wait until the batch is finished, reporting progress, instead of answering at once. Default false."),
});

/** What batch_results answers. */
export const batchResultsOutputSchema = z.object({
  batch: batchStatusSchema,
  lines: z.array(batchResultLineSchema).describe("The finished result lines past `after`, in item order."),
  next_after: z.number().int().nullable().describe("Pass as `after` to read on; null when every line has been read."),
});

/** The arguments of find_all: the list request, and whether to wait for it. */
export const findAllArgumentsSchema = listRequestSchema.extend({
  wait: z
    .boolean()
    .optional()
    .describe("Wait until the list is finished, reporting progress, and answer its matches. Default true."),
});

/** The arguments of list_items. */
export const listItemsArgumentsSchema = z.object({
  id: listStatusSchema.shape.id.describe("The list id (`l-...`) that find_all answered."),
  status: z
    .enum(["matched", "unmatched", "unclear"])
    .optional()
    .describe("Only items of this status. Default matched."),
  after: z.number().int().min(-1).optional().describe("Only the items past this index. Default -1 (from the first)."),
  limit: z.number().int().min(1).max(500).optional().describe("Items to answer at most. Default 50."),
});

/** What find_all and list_items answer. */
export const listItemsOutputSchema = z.object({
  list: listStatusSchema,
  items: z.array(listItemSchema).describe("The items (find_all: the matches), in the order they were decided."),
  next_after: z
    .number()
    .int()
    .nullable()
    .describe("Pass as `after` to list_items to read on; null when none follow now."),
});

/** Input and output JSON Schemas of every tool, generated from the API's zod contract. */
export const toolSchemas = {
  research_company: {
    input: jsonSchemaOf(companyResearchRequestSchema, "input"),
    output: jsonSchemaOf(companyResearchResponseSchema, "output"),
  },
  research_person: {
    input: jsonSchemaOf(personResearchRequestSchema, "input"),
    output: jsonSchemaOf(personResearchResponseSchema, "output"),
  },
  submit_batch: {
    input: jsonSchemaOf(submitBatchArgumentsSchema, "input"),
    output: jsonSchemaOf(batchStatusSchema, "output"),
  },
  batch_status: {
    input: jsonSchemaOf(batchStatusArgumentsSchema, "input"),
    output: jsonSchemaOf(batchStatusSchema, "output"),
  },
  batch_results: {
    input: jsonSchemaOf(batchResultsArgumentsSchema, "input"),
    output: jsonSchemaOf(batchResultsOutputSchema, "output"),
  },
  find_all: {
    input: jsonSchemaOf(findAllArgumentsSchema, "input"),
    output: jsonSchemaOf(listItemsOutputSchema, "output"),
  },
  list_items: {
    input: jsonSchemaOf(listItemsArgumentsSchema, "input"),
    output: jsonSchemaOf(listItemsOutputSchema, "output"),
  },
} as const satisfies Record<string, { input: ObjectJsonSchema; output: ObjectJsonSchema }>;
