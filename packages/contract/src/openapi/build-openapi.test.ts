import { describe, expect, it } from "vitest";
import { readOutputSchema } from "../schemas/output-schema.js";
import { companyResearchResponseSchema, personResearchResponseSchema } from "../schemas/research-response.js";
import { validateResearchRequest } from "../schemas/validate-request.js";
import { buildOpenApiDocument, type OpenApiOperation } from "./build-openapi.js";

// biome-ignore lint/suspicious/noExplicitAny: the test walks the generated JSON document, whose shape is what it checks
type JsonObject = Record<string, any>;

const document = buildOpenApiDocument() as JsonObject;
const schemas = document.components.schemas as Record<string, JsonObject>;

function collectReferences(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) collectReferences(item, found);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner);
      else collectReferences(inner, found);
    }
  }
  return found;
}

function resolve(reference: string): JsonObject {
  const match = /^#\/components\/schemas\/([^/]+)$/.exec(reference);
  expect(match, `${reference} points into components/schemas`).not.toBeNull();
  const schema = schemas[match![1]!];
  expect(schema, `${reference} resolves`).toBeDefined();
  return schema!;
}

const researchOperations = [
  ["/v1/research/person", "PersonResearchRequest", "PersonResearchResponse"],
  ["/v1/research/company", "CompanyResearchRequest", "CompanyResearchResponse"],
] as const;

describe("buildOpenApiDocument", () => {
  it("is an OpenAPI 3.1 document with an api-key scheme", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toEqual(expect.any(String));
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "x-api-key",
    });
    expect(document.components.securitySchemes.apiKey.description).toContain("AUTH_TOO_MANY_FAILURES");
  });

  it("resolves every $ref to a component", () => {
    const references = collectReferences(document);
    expect(references.length).toBeGreaterThan(10);
    for (const reference of new Set(references)) resolve(reference);
  });

  it("leaves no JSON Schema document keys inside components", () => {
    for (const [id, schema] of Object.entries(schemas)) {
      expect(Object.keys(schema), id).not.toContain("$schema");
      expect(Object.keys(schema), id).not.toContain("$id");
    }
  });

  it.each([
    "Company",
    "Person",
    "ResponseType",
    "CompanyResearchRequest",
    "PersonResearchRequest",
    "EnrichedPerson",
    "CompanyResearchResponse",
    "PersonResearchResponse",
    "Problem",
  ])("component %s carries the description it was registered with", (id) => {
    expect(schemas[id]?.description).toEqual(expect.stringMatching(/\w{3,}/));
  });

  it.each(researchOperations)(
    "%s takes its request and answers 200 with its response schema",
    (path, requestId, responseId) => {
      const operation = document.paths[path]?.post as JsonObject;
      expect(operation).toBeDefined();
      expect(operation.security).toEqual([{ apiKey: [] }]);
      expect(operation.requestBody.content["application/json"].schema).toEqual({
        $ref: `#/components/schemas/${requestId}`,
      });
      expect(operation.responses["200"].content["application/json"].schema).toEqual({
        $ref: `#/components/schemas/${responseId}`,
      });
      expect(Object.keys(resolve(`#/components/schemas/${responseId}`).properties)).toEqual(
        expect.arrayContaining(["answerText", "answerNumber", "details", "sources", "confidence"]),
      );
    },
  );

  it.each(researchOperations)("%s documents its error answers as problem+json", (path) => {
    const responses = document.paths[path].post.responses as Record<string, JsonObject>;
    for (const status of ["400", "401", "413", "415", "422", "429", "503", "504"]) {
      expect(responses[status], `${path} ${status}`).toBeDefined();
      expect(responses[status]!.content["application/problem+json"].schema).toEqual({
        $ref: "#/components/schemas/Problem",
      });
      expect(responses[status]!.description).toEqual(expect.any(String));
    }
    expect(responses["429"]!.headers["Retry-After"]).toBeDefined();
  });

  it("adds the enriched person only to the person answer", () => {
    expect(schemas.PersonResearchResponse!.properties.person).toEqual({ $ref: "#/components/schemas/EnrichedPerson" });
    expect(schemas.CompanyResearchResponse!.properties.person).toBeUndefined();
  });

  it.each([
    ["Company", "numEmployees", /employees/i],
    ["Company", "annualRevenue", /US dollars/],
    ["CompanyResearchResponse", "confidence", /0 to 1/],
    ["PersonResearchResponse", "confidence", /0 to 1/],
    ["EnrichedPerson", "jobStartDate", /YYYY-MM/],
    ["EnrichedPerson", "phone", /E\.164/],
    ["EnrichedPerson", "country", /English short name/],
  ])("%s.%s carries its unit or format in the description", (component, field, pattern) => {
    const property = schemas[component]?.properties?.[field] as JsonObject | undefined;
    expect(property, `${component}.${field}`).toBeDefined();
    expect(property!.description).toMatch(pattern);
  });

  it("bounds confidence to 0..1 in the schema", () => {
    expect(schemas.CompanyResearchResponse!.properties.confidence).toMatchObject({
      type: "number",
      minimum: 0,
      maximum: 1,
    });
  });

  it("lists every response type and documents each one's carrying", () => {
    const responseType = schemas.ResponseType!;
    expect(responseType.enum).toEqual(["TEXT", "BOOL", "NUMBER", "DATE", "URL", "OPTION", "OPTIONS"]);
    for (const type of responseType.enum) expect(responseType.description).toContain(`\`${type}\``);
  });

  it.each(researchOperations)("%s carries examples that are themselves valid", (path, _requestId, responseId) => {
    const operation = document.paths[path].post as JsonObject;
    const kind = path.endsWith("person") ? "person" : "company";
    expect(validateResearchRequest(kind, operation.requestBody.content["application/json"].example)).toMatchObject({
      ok: true,
    });
    const responseSchema =
      responseId === "PersonResearchResponse" ? personResearchResponseSchema : companyResearchResponseSchema;
    expect(responseSchema.safeParse(operation.responses["200"].content["application/json"].example).success).toBe(true);
  });

  it("offers outputSchema on both operations, with an example in the subset", () => {
    for (const id of ["CompanyResearchRequest", "PersonResearchRequest"])
      expect(JSON.stringify(schemas[id]!.properties.outputSchema)).toContain("#/components/schemas/OutputSchema");
    const examples = schemas.OutputSchema!.examples as unknown[];
    expect(examples).toHaveLength(1);
    expect(readOutputSchema(examples[0]).ok).toBe(true);
    for (const field of ["answerObject", "fieldCitations", "fieldConfidence"])
      expect(schemas.CompanyResearchResponse!.properties[field].description).toMatch(/^Only with `outputSchema`/);
  });

  it.each(["/v1/jobs/{id}/events", "/v1/batches/{id}/events"])("%s is documented as an event stream", (path) => {
    const operation = document.paths[path]?.get as JsonObject;
    expect(operation.responses["200"].content["text/event-stream"]).toBeDefined();
    expect(operation.parameters.map((parameter: JsonObject) => parameter.name)).toContain("Last-Event-ID");
    expect(operation.responses["404"]).toBeDefined();
  });

  it.each(researchOperations)("%s documents Accept: text/event-stream", (path) => {
    const operation = document.paths[path].post as JsonObject;
    expect(operation.parameters.map((parameter: JsonObject) => parameter.name)).toContain("Accept");
    const stream = operation.responses["200"].content["text/event-stream"].schema as JsonObject;
    expect(stream.oneOf).toContainEqual({ $ref: "#/components/schemas/JobDoneEvent" });
    expect(schemas.JobReadingEvent!.properties.pages.description).toMatch(/pages/i);
  });

  it("adds extra operations and the version given", () => {
    const extra: OpenApiOperation = {
      method: "get",
      path: "/v1/extra",
      operation: { summary: "Extra.", responses: {} },
    };
    const extended = buildOpenApiDocument({ version: "9.9.9", extraOperations: [extra] }) as JsonObject;
    expect(extended.info.version).toBe("9.9.9");
    expect(extended.paths["/v1/extra"].get.summary).toBe("Extra.");
    expect(extended.paths["/v1/research/person"].post).toBeDefined();
  });
});
