import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi/build-openapi.js";
import { listOperations, operationUrl, routePath } from "../openapi/list-operations.js";
import { validateListRequest } from "./list-schemas.js";

const pathsOf = (body: unknown) => {
  const result = validateListRequest(body);
  return result.ok ? [] : result.errors.map((error) => error.path);
};

describe("validateListRequest", () => {
  it("applies the defaults and names criteria left without an id", () => {
    const result = validateListRequest({
      objective: "  climate startups   in the Nordics ",
      entityType: "company",
      criteria: [{ description: "is hiring engineers" }, { id: "nordic", description: "is based in Norway" }],
    });
    expect(result).toEqual({
      ok: true,
      request: {
        objective: "climate startups in the Nordics",
        entityType: "company",
        criteria: [
          { id: "c1", description: "is hiring engineers" },
          { id: "nordic", description: "is based in Norway" },
        ],
        limit: 25,
        exclude: [],
        effort: "standard",
      },
    });
  });

  it.each([
    ["an empty objective", { objective: " ", entityType: "company" }, ["objective"]],
    ["no objective", { entityType: "company" }, ["objective"]],
    ["a limit of 0", { objective: "x", entityType: "company", limit: 0 }, ["limit"]],
    ["a limit of 10,001", { objective: "x", entityType: "company", limit: 10_001 }, ["limit"]],
    ["a fractional limit", { objective: "x", entityType: "company", limit: 2.5 }, ["limit"]],
    [
      "50 criteria",
      {
        objective: "x",
        entityType: "company",
        criteria: Array.from({ length: 50 }, (_, index) => ({ description: `criterion ${index}` })),
      },
      ["criteria"],
    ],
    ["no criteria at all", { objective: "x", entityType: "company", criteria: [] }, ["criteria"]],
    ["an entity type of its own", { objective: "x", entityType: "companies" }, ["entityType"]],
    ["an unknown field", { objective: "x", entityType: "company", limits: 3 }, ["limits"]],
    [
      "an outputSchema outside the subset",
      { objective: "x", entityType: "company", outputSchema: { type: "object", properties: { a: { type: "null" } } } },
      ["outputSchema.properties.a.type"],
    ],
    [
      "a repeated criterion id",
      {
        objective: "x",
        entityType: "company",
        criteria: [
          { id: "a", description: "one" },
          { id: "A", description: "two" },
        ],
      },
      ["criteria.1.id"],
    ],
    [
      "an excluded company with a field of a person",
      { objective: "x", entityType: "company", exclude: [{ name: "Acme" }, { firstName: "Jane" }] },
      ["exclude.1.firstName"],
    ],
  ])("refuses %s, naming the field", (_name, body, paths) => {
    expect(pathsOf(body)).toEqual(paths);
  });
});

describe("the list operations", () => {
  it("give Express paths and filled-in URLs from one declaration", () => {
    expect(routePath(listOperations.getListItems)).toBe("/v1/lists/:id/items");
    expect(operationUrl(listOperations.getList, { id: "l-a/b" })).toBe("/v1/lists/l-a%2Fb");
  });

  it("are each in the OpenAPI document, with the schemas they name", () => {
    const document = buildOpenApiDocument() as {
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    for (const operation of Object.values(listOperations)) {
      expect(document.paths[operation.path]?.[operation.method.toLowerCase()]?.operationId).toBe(operation.operationId);
    }
    for (const name of ["ListRequest", "ListStatus", "ListItem", "ListItemsPage", "ListVerdict", "ListExtendRequest"])
      expect(document.components.schemas[name]).toBeDefined();
  });
});
