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
const idParameter: JsonObject = {
  name: "id",
  in: "path",
  required: true,
  description: "The watch id, `w-...`.",
  schema: { type: "string" },
};
const pageParameters = (what: string): JsonObject[] => [
  {
    name: "limit",
    in: "query",
    required: false,
    description: `How many ${what} one page holds, 1 to 100. Default 20.`,
    schema: { type: "integer", minimum: 1, maximum: 100, default: 20 },
  },
  {
    name: "after",
    in: "query",
    required: false,
    description: `The id of the last ${what.replace(/s$/, "")} of the previous page.`,
    schema: { type: "string" },
  },
];
const unauthorized = problem("The `x-api-key` header is missing, or the key is unknown or revoked.");
const notFound = problem("No such watch for this key (`WATCH_NOT_FOUND`).");
const unavailable = problem("The queue (Redis) is unreachable.", retryAfter);

const watchExample = {
  request: {
    type: "company",
    request: {
      question: "How many employees does the company have?",
      responseType: "NUMBER",
      company: { name: "Northwind Robotics", website: "northwind-robotics.com" },
    },
  },
  every: "1d",
  callbackUrl: "https://hooks.example.com/dossier",
  metadata: { account: "0015g00000XyZ" },
};

const eventExample = {
  id: "we-5Jq0l3m1yF2kS8xQeV7b",
  watchId: "w-8Zc1pQv0aWnR2xYt",
  runId: "repeat:w-8Zc1pQv0aWnR2xYt:1732320000000@1732233600000",
  detectedAt: "2024-11-23T00:04:12.000Z",
  changes: [
    {
      field: "answerText",
      kind: "changed",
      before: "240",
      after: "260",
      citations: {
        before: [
          {
            url: "https://northwind-robotics.com/about",
            quote: "Today Northwind Robotics employs 240 people",
            title: null,
          },
        ],
        after: [
          {
            url: "https://northwind-robotics.com/about",
            quote: "Today Northwind Robotics employs 260 people",
            title: null,
          },
        ],
      },
    },
  ],
};

/** The watch operations (docs/watches.md). */
export function watchOperations(): OpenApiOperation[] {
  return [
    {
      method: "post",
      path: "/v1/watches",
      operation: {
        operationId: "createWatch",
        summary: "Watch a research request",
        description:
          "Asks the research request again every `every` (1h to 30d) and tells what changed: each change carries the quotes that " +
          "stated the value before and the ones that state it now. The first run starts at once and sets the baseline; later runs " +
          "are spread over the interval (each watch has its own offset). A run that finds nothing new makes no event. Each run counts " +
          "as one research call against the key's monthly limits. A watch on a list (`list`) answers 422 until watch runs can compare a list's items.",
        security: [{ apiKey: [] }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: ref("WatchRequest"), example: watchExample } },
        },
        responses: {
          "201": {
            description: "The watch.",
            headers: { Location: { description: "`/v1/watches/{id}`.", schema: { type: "string" } } },
            content: { "application/json": { schema: ref("Watch") } },
          },
          "400": problem("The body is not valid JSON, or nests deeper than 64 levels."),
          "401": unauthorized,
          "409": problem("The key holds the most watches allowed (`WATCH_LIMIT_REACHED`, `WATCH_MAX_PER_KEY`)."),
          "413": problem("The body is larger than 1 MB."),
          "415": problem("The body is not `application/json`."),
          "422": problem(
            "A field is missing or invalid (`errors` names every one, the research request's under `request.request.`), " +
              "`every` is outside 1h to 30d, or the callback URL is not a public http(s) URL.",
          ),
          "503": unavailable,
        },
      },
    },
    {
      method: "get",
      path: "/v1/watches",
      operation: {
        operationId: "listWatches",
        summary: "List the key's watches",
        description: "The calling key's watches, newest first, a page at a time.",
        security: [{ apiKey: [] }],
        parameters: pageParameters("watches"),
        responses: {
          "200": { description: "One page.", content: { "application/json": { schema: ref("WatchList") } } },
          "401": unauthorized,
          "422": problem("`limit` or `after` is malformed."),
          "503": unavailable,
        },
      },
    },
    {
      method: "get",
      path: "/v1/watches/{id}",
      operation: {
        operationId: "getWatch",
        summary: "A watch, its last answer and its state",
        security: [{ apiKey: [] }],
        parameters: [idParameter],
        responses: {
          "200": { description: "The watch.", content: { "application/json": { schema: ref("Watch") } } },
          "401": unauthorized,
          "404": notFound,
          "503": unavailable,
        },
      },
    },
    {
      method: "delete",
      path: "/v1/watches/{id}",
      operation: {
        operationId: "deleteWatch",
        summary: "Stop and delete a watch",
        description:
          "Stops the watch at once: its schedule and any run waiting are removed, a run under way records nothing and sends nothing, " +
          "and callbacks not yet delivered are dropped. Its events go with it.",
        security: [{ apiKey: [] }],
        parameters: [idParameter],
        responses: {
          "204": { description: "Deleted." },
          "401": unauthorized,
          "404": notFound,
          "503": unavailable,
        },
      },
    },
    {
      method: "post",
      path: "/v1/watches/{id}/run",
      operation: {
        operationId: "runWatch",
        summary: "Run a watch now",
        description:
          "Runs the watch outside its schedule, reading every page and search anew (as `maxAgeSeconds: 0`). A run already waiting is " +
          "not queued twice; a run under way finishes first. The schedule is unchanged. Read the outcome in `lastRun` and the events.",
        security: [{ apiKey: [] }],
        parameters: [idParameter],
        responses: {
          "202": {
            description: "Queued.",
            headers: { Location: { description: "`/v1/watches/{id}`.", schema: { type: "string" } } },
            content: { "application/json": { schema: ref("WatchRunAccepted") } },
          },
          "401": unauthorized,
          "404": notFound,
          "503": unavailable,
        },
      },
    },
    {
      method: "get",
      path: "/v1/watches/{id}/events",
      operation: {
        operationId: "listWatchEvents",
        summary: "A watch's change events, newest first; or followed live",
        description:
          "Every change event the watch's runs made (the latest `WATCH_EVENTS_KEPT`), newest first, a page at a time. The same " +
          "events are POSTed to `callbackUrl`. With `Accept: text/event-stream` the watch is followed live instead (Server-Sent " +
          "Events): `watch` (the watch) at once, then `run` ({ watchId, lastRun }) for each run recorded and `change` (a WatchEvent, " +
          "its id the event's) for each change event; `deleted` ends the stream. `Last-Event-ID` (a change event's id) first sends " +
          "the change events recorded after it.",
        security: [{ apiKey: [] }],
        parameters: [
          idParameter,
          ...pageParameters("events"),
          {
            name: "Last-Event-ID",
            in: "header",
            required: false,
            description:
              "With `Accept: text/event-stream`: the id of the last change event received; those after it are sent first.",
            schema: { type: "string" },
          },
        ],
        responses: {
          "200": {
            description: "One page, or the live stream.",
            content: {
              "application/json": { schema: ref("WatchEventList"), example: { data: [eventExample], has_more: false } },
              "text/event-stream": {
                schema: {
                  type: "string",
                  description: "Server-Sent Events: `watch`, `run`, `change` (a WatchEvent), `deleted`.",
                },
                example: `event: watch\ndata: {"id":"w-8Zc1pQv0aWnR2xYt","status":"active","...":"..."}\n\nid: ${eventExample.id}\nevent: change\ndata: ${JSON.stringify(eventExample)}\n\n`,
              },
            },
          },
          "401": unauthorized,
          "404": notFound,
          "422": problem("`limit` or `after` is malformed."),
          "503": unavailable,
        },
      },
    },
  ];
}
