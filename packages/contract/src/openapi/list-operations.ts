import type { OpenApiOperation } from "./build-openapi.js";

type JsonObject = Record<string, unknown>;

/**
 * One HTTP operation, declared once: the gateway's route table mounts it (`routePath`), the OpenAPI
 * document describes it and the client calls it, all from this declaration.
 */
export interface ApiOperation {
  /** Unique name: the OpenAPI `operationId` and the client's method name. */
  operationId: string;
  method: "GET" | "POST";
  /** The path in OpenAPI form, `/v1/lists/{id}`. */
  path: string;
  /** The OpenAPI operation object without `operationId` (it is added from the field above). */
  openApi: JsonObject;
}

/** An operation's path as Express and path-to-regexp write it: `/v1/lists/{id}` becomes `/v1/lists/:id`. */
export function routePath(operation: Pick<ApiOperation, "path">): string {
  return operation.path.replace(/\{(\w+)\}/g, ":$1");
}

/** An operation's path with its parameters filled in (each value URL-encoded). */
export function operationUrl(operation: Pick<ApiOperation, "path">, parameters: Record<string, string>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(parameters[name] ?? ""));
}

const ref = (id: string): JsonObject => ({ $ref: `#/components/schemas/${id}` });
const problem = (description: string, headers?: JsonObject): JsonObject => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/problem+json": { schema: ref("Problem") } },
});
const retryAfter = {
  "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } },
};
const listId: JsonObject = {
  name: "id",
  in: "path",
  required: true,
  description: "The list id from `Location`.",
  schema: { type: "string" },
};
const unauthorized = problem("The `x-api-key` header is missing, or the key is unknown or revoked.");
const notFound = problem("No such list for this key (`LIST_NOT_FOUND`): another key's list is not found either.");
const listStatus = (description: string): JsonObject => ({
  description,
  content: { "application/json": { schema: ref("ListStatus") } },
});

/** The operations of lists ("find all"). */
export const listOperations = {
  createList: {
    operationId: "createList",
    method: "POST",
    path: "/v1/lists",
    openApi: {
      summary: "Find all: start a list",
      description:
        "Finds every company or person the objective describes that meets every criterion: candidates come from search and from the " +
        "directory, member, portfolio and team pages it finds, split into entries; each criterion of each candidate is then checked by " +
        "research on the worker fleet (shared fairly with synchronous calls and batches), and an item is `matched` only when every " +
        "criterion is met with a verified quote. Without `criteria` they are derived from the objective. See docs/lists.md.",
      security: [{ apiKey: [] }],
      parameters: [
        {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "Any 1 to 255 visible ASCII characters. The same key and body within 24 hours answer the list the first request made " +
            "(`Idempotent-Replayed: true`); the same key with another body is 409 `LIST_IDEMPOTENCY_CONFLICT`.",
          schema: { type: "string", minLength: 1, maxLength: 255 },
        },
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: ref("ListRequest"),
            example: {
              objective: "climate startups in the Nordics that are hiring engineers",
              entityType: "company",
              criteria: [
                { id: "nordic", description: "is headquartered in a Nordic country" },
                { id: "hiring", description: "is hiring engineers" },
              ],
              limit: 50,
            },
          },
        },
      },
      responses: {
        "202": {
          description: "Accepted: follow the list at `Location`.",
          headers: { Location: { description: "`/v1/lists/{id}`.", schema: { type: "string" } } },
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { id: { type: "string" }, status: { type: "string" } },
                required: ["id", "status"],
              },
            },
          },
        },
        "400": problem("The body is not valid JSON or nests too deeply."),
        "401": unauthorized,
        "409": problem("The `Idempotency-Key` was used with another body (`LIST_IDEMPOTENCY_CONFLICT`)."),
        "415": problem("The body is not `application/json`."),
        "422": problem("A field is missing or invalid; `errors` names every one."),
        "429": problem(
          "This key has too many lists running (`LIST_LIMIT_REACHED`), or is past its monthly limits (`QUOTA_EXCEEDED`): a list counts as one research call when it is made.",
          retryAfter,
        ),
        "503": problem("The queue (Redis) is unreachable.", retryAfter),
      },
    },
  },
  listLists: {
    operationId: "listLists",
    method: "GET",
    path: "/v1/lists",
    openApi: {
      summary: "List this key's lists",
      description:
        "The calling key's lists (only its own), newest first, a page at a time: ask for the next page with `after` set to the id of " +
        "the last list received, while `has_more` is true.",
      security: [{ apiKey: [] }],
      parameters: [
        {
          name: "limit",
          in: "query",
          required: false,
          description: "Lists per page, 1 to 100. Default 20.",
          schema: { type: "integer", minimum: 1, maximum: 100, default: 20 },
        },
        {
          name: "after",
          in: "query",
          required: false,
          description: "The id of the last list of the previous page.",
          schema: { type: "string" },
        },
      ],
      responses: {
        "200": { description: "One page.", content: { "application/json": { schema: ref("ListList") } } },
        "401": unauthorized,
        "422": problem("`limit` is out of range, or `after` is not one of this key's lists."),
      },
    },
  },
  getList: {
    operationId: "getList",
    method: "GET",
    path: "/v1/lists/{id}",
    openApi: {
      summary: "Poll a list",
      security: [{ apiKey: [] }],
      parameters: [listId],
      responses: { "200": listStatus("The list's progress."), "401": unauthorized, "404": notFound },
    },
  },
  getListItems: {
    operationId: "getListItems",
    method: "GET",
    path: "/v1/lists/{id}/items",
    openApi: {
      summary: "Read a list's items",
      description:
        "The items decided so far, in the order they were decided (a stable order: a page once read never changes), as JSON or, with " +
        "`?format=csv`, as CSV with one row per item and, per criterion, its verdict, first quote and that quote's page (then one column " +
        "per `outputSchema` field). Readable while the list runs: ask again with `after` set to the last `index` received.",
      security: [{ apiKey: [] }],
      parameters: [
        listId,
        {
          name: "status",
          in: "query",
          required: false,
          description: "Only items of this status.",
          schema: { type: "string", enum: ["matched", "unmatched", "unclear"] },
        },
        {
          name: "after",
          in: "query",
          required: false,
          description: "An item `index`: only the items past it (-1, the default: from the first).",
          schema: { type: "integer", minimum: -1 },
        },
        {
          name: "limit",
          in: "query",
          required: false,
          description: "Items per page, 1 to 1,000 (default 1,000). CSV ignores it and gives every item.",
          schema: { type: "integer", minimum: 1, maximum: 1000 },
        },
        {
          name: "format",
          in: "query",
          required: false,
          description: "`json` (default) or `csv`.",
          schema: { type: "string", enum: ["json", "csv"] },
        },
      ],
      responses: {
        "200": {
          description: "One page of items.",
          headers: {
            "X-List-Status": {
              description: "The list's status when the items were read: more come while it is `queued` or `running`.",
              schema: { type: "string" },
            },
          },
          content: {
            "application/json": { schema: ref("ListItemsPage") },
            "text/csv": { schema: { type: "string" } },
          },
        },
        "401": unauthorized,
        "404": notFound,
        "422": problem("`status`, `after`, `limit` or `format` is not one of the allowed values."),
      },
    },
  },
  getListEvents: {
    operationId: "getListEvents",
    method: "GET",
    path: "/v1/lists/{id}/events",
    openApi: {
      summary: "Follow a list (Server-Sent Events)",
      description:
        "`progress` (the list, when its counts change), `candidate` (a candidate found), `matched`, `unmatched` and `unclear` (an item " +
        "decided, with its verdicts), then `done`. Resume with `Last-Event-ID`: the events after it that are still kept are replayed.",
      security: [{ apiKey: [] }],
      parameters: [
        listId,
        {
          name: "Last-Event-ID",
          in: "header",
          required: false,
          description: "The id of the last event received.",
          schema: { type: "string" },
        },
      ],
      responses: {
        "200": {
          description: "The event stream.",
          content: {
            "text/event-stream": {
              schema: {
                oneOf: [ref("ListStatus"), ref("ListCandidateEvent"), ref("ListItem")],
              },
            },
          },
        },
        "204": { description: "The client resumed after the final event." },
        "401": unauthorized,
        "404": notFound,
      },
    },
  },
  cancelList: {
    operationId: "cancelList",
    method: "POST",
    path: "/v1/lists/{id}/cancel",
    openApi: {
      summary: "Cancel a list",
      description:
        "Stops looking: candidates not researched yet are dropped (their research leaves the queue), the items decided so far stay. " +
        "`status` becomes `cancelled` with `stopReason: cancelled` at once. Cancelling a finished list changes nothing.",
      security: [{ apiKey: [] }],
      parameters: [listId],
      responses: { "200": listStatus("The list after cancelling."), "401": unauthorized, "404": notFound },
    },
  },
  extendList: {
    operationId: "extendList",
    method: "POST",
    path: "/v1/lists/{id}/extend",
    openApi: {
      summary: "Ask a list for more matches",
      description:
        "Raises `limit` (and with it the budget). A list that stopped at its limit or budget goes on with the candidates it has not " +
        "evaluated yet; a running list simply looks further.",
      security: [{ apiKey: [] }],
      parameters: [listId],
      requestBody: { required: true, content: { "application/json": { schema: ref("ListExtendRequest") } } },
      responses: {
        "200": listStatus("The list, extended."),
        "401": unauthorized,
        "404": notFound,
        "409": problem("The list was cancelled or failed, and cannot go on (`LIST_NOT_EXTENDABLE`)."),
        "422": problem("`limit` is missing, out of range, or not above the current limit."),
      },
    },
  },
} as const satisfies Record<string, ApiOperation>;

/** The list operations as the OpenAPI builder takes them. */
export function listOpenApiOperations(): OpenApiOperation[] {
  return Object.values(listOperations).map((operation) => ({
    method: operation.method === "GET" ? "get" : "post",
    path: operation.path,
    operation: { operationId: operation.operationId, ...operation.openApi },
  }));
}
