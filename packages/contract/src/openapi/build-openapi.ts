import * as z from "zod";
import { apiRegistry } from "../schemas/registry.js";
import "../schemas/index.js";
import { batchOperations } from "./batch-operations.js";
import { eventOperations, jobEventStreamContent } from "./event-operations.js";
import { listOpenApiOperations } from "./list-operations.js";
import { usageOperations } from "./usage-operations.js";
import { watchOperations } from "./watch-operations.js";

type JsonObject = Record<string, unknown>;

const ref = (id: string): JsonObject => ({ $ref: `#/components/schemas/${id}` });

const problemResponse = (description: string, headers?: JsonObject): JsonObject => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/problem+json": { schema: ref("Problem") } },
});

const requestIdHeader = {
  "X-Request-Id": {
    description: "Identifier of this call; also in every log line it caused.",
    schema: { type: "string" },
  },
};

const retryAfter = {
  "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } },
};

/** Error answers every authenticated /v1 operation may give. */
export const commonErrorResponses: JsonObject = {
  "400": problemResponse(
    "The body is not valid JSON, nests arrays and objects deeper than 64 levels, or does not decompress.",
  ),
  "401": problemResponse("The `x-api-key` header is missing, or the key is unknown or revoked."),
  "413": problemResponse("The body is larger than 1 MB."),
  "415": problemResponse("The body is not `application/json`."),
  "422": problemResponse("A field is missing or invalid; `errors` names every one."),
  "429": problemResponse(
    "Too many calls for this key per minute (`RATE_LIMITED`; see the `RateLimit-*` headers), or past its monthly limit " +
      "(`QUOTA_EXCEEDED`, with `resetsAt`), or too many unknown or revoked keys from the client's address " +
      "(`AUTH_TOO_MANY_FAILURES`). A call refused here was not queued.",
    retryAfter,
  ),
  "503": problemResponse(
    "The queue (Redis) or the model endpoint is unreachable, or Redis is full (it refuses writes until memory is freed; " +
      "a call whose wait ran out meanwhile carries `jobId`, and its job goes on); try again later.",
    retryAfter,
  ),
};

export interface OpenApiOperation {
  method: "get" | "post" | "delete";
  path: string;
  operation: JsonObject;
}

function researchOperation(kind: "person" | "company", example: JsonObject, responseExample: JsonObject): JsonObject {
  const requestId = kind === "person" ? "PersonResearchRequest" : "CompanyResearchRequest";
  const responseId = kind === "person" ? "PersonResearchResponse" : "CompanyResearchResponse";
  return {
    operationId: kind === "person" ? "researchPerson" : "researchCompany",
    summary: kind === "person" ? "Research a person" : "Research a company",
    description:
      "Answers the question from evidence and returns the answer, details, sources and confidence" +
      (kind === "person" ? ", with the enriched person." : ".") +
      " The call waits for the research job up to the server's time-out (60 s by default); past it the answer is 504 with the `jobId`, and" +
      " sending the same request again returns the finished result without researching twice.",
    security: [{ apiKey: [] }],
    parameters: [
      {
        name: "Prefer",
        in: "header",
        required: false,
        description: "`respond-async`: answer 202 at once with `Location: /v1/jobs/{id}` instead of waiting.",
        schema: { type: "string", enum: ["respond-async"] },
      },
      {
        name: "Accept",
        in: "header",
        required: false,
        description:
          "`text/event-stream`: answer with the job's events (Server-Sent Events, as `GET /v1/jobs/{id}/events`) instead of waiting " +
          "silently; the last event, `done`, carries the answer. No time-out applies: heartbeats keep the connection alive.",
        schema: { type: "string" },
      },
    ],
    requestBody: { required: true, content: { "application/json": { schema: ref(requestId), example } } },
    responses: {
      "200": {
        description: "The answer.",
        headers: {
          ...requestIdHeader,
          "X-Job-Id": { description: "The research job that produced the answer.", schema: { type: "string" } },
          Age: {
            description: "Only on a result served again from the stored result: seconds since its run finished.",
            schema: { type: "integer" },
          },
        },
        content: {
          "application/json": { schema: ref(responseId), example: responseExample },
          ...jobEventStreamContent,
        },
      },
      "202": {
        description: "Accepted (with `Prefer: respond-async`): poll the job at `Location`.",
        headers: {
          ...requestIdHeader,
          Location: { description: "`/v1/jobs/{id}`.", schema: { type: "string" } },
          "Preference-Applied": { description: "`respond-async`.", schema: { type: "string" } },
        },
        content: { "application/json": { schema: ref("JobStatus") } },
      },
      ...commonErrorResponses,
      "504": problemResponse(
        "The research did not finish in time; the problem carries `jobId`. Retry the same request to get its result.",
      ),
    },
  };
}

const companyExample = {
  question: "Is the company SOC 2 Type II certified?",
  responseType: "BOOL",
  company: { name: "Northwind Robotics", website: "https://northwind-robotics.com" },
};

const personExample = {
  question: "Which city does this person work in?",
  person: {
    firstName: "Jane",
    lastName: "Doe",
    email: "jane.doe@northwind-robotics.com",
    title: "VP Engineering",
    company: { name: "Northwind Robotics", website: "northwind-robotics.com", location: "Berlin, Germany" },
  },
};

/** The research operations; other route groups add theirs through `extraOperations`. */
export function researchOperations(): OpenApiOperation[] {
  return [
    {
      method: "post",
      path: "/v1/research/person",
      operation: researchOperation("person", personExample, {
        answerText: "Berlin",
        answerNumber: null,
        details: "The company's team page lists Jane Doe as VP Engineering in the Berlin office.",
        sources: ["https://northwind-robotics.com/team"],
        confidence: 0.86,
        citations: [
          {
            url: "https://northwind-robotics.com/team",
            title: "Our team | Northwind Robotics",
            quote: "Jane Doe, VP Engineering, leads the platform team from our Berlin office",
            publishedAt: null,
            source: "page",
          },
        ],
        usage: {
          modelCalls: 1,
          promptTokens: 2_412,
          completionTokens: 96,
          searches: 2,
          pagesFetched: 7,
          pagesFromCache: 2,
          pagesNotModified: 0,
          durationMs: 8_340,
        },
        person: {
          firstName: "Jane",
          lastName: "Doe",
          email: "jane.doe@northwind-robotics.com",
          phone: null,
          linkedinUrl: null,
          jobTitle: "VP Engineering",
          country: "Germany",
          city: "Berlin",
          jobStartDate: "2023-06",
          companyName: "Northwind Robotics",
          companyWebsite: "https://northwind-robotics.com",
          companyLinkedinUrl: null,
          personSources: {
            firstName: { from: "request" },
            lastName: { from: "request" },
            email: { from: "request" },
            jobTitle: [
              {
                url: "https://northwind-robotics.com/team",
                quote: "Jane Doe, VP Engineering, leads the platform team from our Berlin office",
              },
            ],
            country: [
              {
                url: "https://northwind-robotics.com/team",
                quote: "Jane Doe, VP Engineering, leads the platform team from our Berlin office",
              },
            ],
            city: [
              {
                url: "https://northwind-robotics.com/team",
                quote: "Jane Doe, VP Engineering, leads the platform team from our Berlin office",
              },
            ],
            jobStartDate: [
              {
                url: "https://northwind-robotics.com/news/2023-06-new-vp",
                quote: "Jane Doe joins as VP Engineering in June 2023",
              },
            ],
            companyName: { from: "request" },
            companyWebsite: { from: "request" },
          },
        },
      }),
    },
    {
      method: "post",
      path: "/v1/research/company",
      operation: researchOperation("company", companyExample, {
        answerText: "true",
        answerNumber: 1,
        details: "The security page states that Northwind Robotics completed its SOC 2 Type II audit in 2024.",
        sources: ["https://northwind-robotics.com/security"],
        confidence: 0.91,
        citations: [
          {
            url: "https://northwind-robotics.com/security",
            title: "Security | Northwind Robotics",
            quote: "Northwind Robotics completed its SOC 2 Type II audit in 2024",
            publishedAt: "2024-05-02",
            source: "page",
          },
        ],
        usage: {
          modelCalls: 1,
          promptTokens: 2_187,
          completionTokens: 74,
          searches: 2,
          pagesFetched: 8,
          pagesFromCache: 0,
          pagesNotModified: 0,
          durationMs: 6_915,
        },
      }),
    },
  ];
}

/** The members `/readyz` reports, one per dependency, as the workers last found them. */
function readinessSchema(): JsonObject {
  return {
    type: "object",
    required: ["status", "redis", "workers", "model", "search"],
    properties: {
      status: { type: "string", enum: ["ready"] },
      redis: { type: "string", description: "`ok`, or `unreachable`." },
      workers: { type: "integer", description: "Workers whose heartbeat is younger than 30 seconds." },
      model: {
        type: "string",
        description:
          "The model endpoint: `ok`, or what is wrong and where (`unreachable: http://127.0.0.1:11434/v1`, `refused the key: ...`, `answered 500: ...`, `qwen2.5:3b-instruct not listed: ...`).",
      },
      search: {
        type: "string",
        description:
          "The search provider: `ok`, `none configured (SEARCH_PROVIDER=none)`, `not checked (...)` for a paid API, or what is wrong and where. A failing search does not make the service unready.",
      },
    },
  };
}

function operationsEndpoints(): OpenApiOperation[] {
  const plain = (summary: string, type: string, schema: JsonObject): JsonObject => ({
    summary,
    responses: { "200": { description: summary, content: { [type]: { schema } } } },
  });
  return [
    { method: "get", path: "/healthz", operation: plain("The process is up.", "application/json", { type: "object" }) },
    {
      method: "get",
      path: "/readyz",
      operation: {
        summary:
          "Redis is reachable, a worker was seen in the last 30 seconds, and the workers can use the model endpoint; each dependency is reported.",
        responses: {
          "200": {
            description: "Ready.",
            content: { "application/json": { schema: readinessSchema() } },
          },
          "503": problemResponse(
            "Not ready: Redis unreachable or full (refusing writes), no worker seen recently, or no worker can use the model endpoint. The problem carries the same dependency members.",
            retryAfter,
          ),
        },
      },
    },
    { method: "get", path: "/metrics", operation: plain("Prometheus metrics.", "text/plain", { type: "string" }) },
    {
      method: "get",
      path: "/openapi.json",
      operation: plain("This document.", "application/json", { type: "object" }),
    },
    { method: "get", path: "/docs", operation: plain("A readable API reference.", "text/html", { type: "string" }) },
    {
      method: "get",
      path: "/",
      operation: {
        summary: "Sends a browser to the web console.",
        responses: {
          "302": {
            description: "A redirect to /console.",
            headers: { Location: { description: "`/console`", schema: { type: "string" } } },
          },
        },
      },
    },
    {
      method: "get",
      path: "/console",
      operation: plain(
        "The web console: a browser front end of this API, signed in with an API key (docs/console.md).",
        "text/html",
        { type: "string" },
      ),
    },
    {
      method: "post",
      path: "/mcp",
      operation: {
        summary: "The MCP server over streamable HTTP (docs/mcp.md)",
        description:
          "Model Context Protocol JSON-RPC messages (stateless streamable HTTP): the tools research_company, research_person, submit_batch, " +
          "batch_status, batch_results, find_all, list_items, create_watch, watch_status, watch_events, run_watch and delete_watch. " +
          "Requires `x-api-key` like the API.",
        security: [{ apiKey: [] }],
        requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
        responses: {
          "200": {
            description: "The JSON-RPC answer, as JSON or as an event stream carrying progress notifications first.",
            content: {
              "application/json": { schema: { type: "object" } },
              "text/event-stream": { schema: { type: "string" } },
            },
          },
          "401": problemResponse("The `x-api-key` header is missing, or the key is unknown or revoked."),
        },
      },
    },
  ];
}

/**
 * The OpenAPI 3.1 document, generated from the zod schemas in the registry. Nothing in it is
 * written by hand except the operations' prose.
 */
export function buildOpenApiDocument(
  options: { version?: string; extraOperations?: OpenApiOperation[] } = {},
): JsonObject {
  const generated = z.toJSONSchema(apiRegistry, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
    // Descriptions given at registration live in apiRegistry, not in zod's global registry that
    // the generator reads by default; without this every component would lose its description.
    override: ({ zodSchema, jsonSchema }) => {
      const meta = apiRegistry.get(zodSchema as z.core.$ZodType);
      if (meta?.description !== undefined && jsonSchema.description === undefined)
        jsonSchema.description = meta.description;
      if (meta?.examples !== undefined && jsonSchema.examples === undefined) jsonSchema.examples = meta.examples;
    },
  }) as { schemas: Record<string, JsonObject> };
  const schemas: Record<string, JsonObject> = {};
  for (const [id, schema] of Object.entries(generated.schemas)) {
    const { $schema: _schema, $id: _uri, id: _id, ...rest } = schema;
    schemas[id] = rest;
  }
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const { method, path, operation } of [
    ...researchOperations(),
    ...batchOperations(),
    ...usageOperations(),
    ...eventOperations(),
    ...listOpenApiOperations(),
    ...watchOperations(),
    ...(options.extraOperations ?? []),
    ...operationsEndpoints(),
  ]) {
    paths[path] = { ...paths[path], [method]: operation };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Dossier research API",
      version: options.version ?? "1.0.0",
      description:
        "Answers a free-text question about a person or a company from evidence gathered on the web, with sources and a confidence. " +
        "Answers are generated by an AI system and may contain mistakes; treat them as unverified. See docs/api.md for every decision this document encodes.",
    },
    servers: [{ url: "/" }],
    components: {
      schemas,
      securitySchemes: {
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "x-api-key",
          description:
            "An API key, in this header only. A client address that sends more than `RATE_LIMIT_AUTH_FAILURES_PER_MINUTE` " +
            "(20) unknown or revoked keys within a minute is answered 429 `AUTH_TOO_MANY_FAILURES` with `Retry-After`, " +
            "whatever key it sends, except a key it has used successfully in the last 24 hours.",
        },
      },
    },
    paths,
  };
}
