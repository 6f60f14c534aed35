import * as z from "zod";

/** Metadata attached to the API's named schemas; `id` becomes the OpenAPI component name. */
export interface ApiSchemaMeta {
  id?: string;
  description?: string;
  examples?: unknown[];
  [key: string]: unknown;
}

/** The registry of every named API schema; the OpenAPI document is generated from it. */
export const apiRegistry = z.registry<ApiSchemaMeta>();
