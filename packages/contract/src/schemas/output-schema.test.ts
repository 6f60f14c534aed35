import { describe, expect, it } from "vitest";
import { readOutputSchema } from "./output-schema.js";

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...extra,
});

const companyProfile = object(
  {
    hq: { type: "string", description: "City and country of the headquarters" },
    founded: { type: "integer", description: "Year the company was founded" },
    headcount: { type: "number" },
    website: { type: "string", format: "uri" },
    contact: { type: "string", format: "email" },
    lastRound: { type: "string", format: "date", title: "Last funding round" },
    funding: {
      type: "array",
      maxItems: 10,
      items: object({
        round: { enum: ["Seed", "Series A", "Series B", "Series C"] },
        amountUsd: { type: "number" },
        investors: { type: "array", items: { type: "string" } },
      }),
    },
    public: { type: "boolean" },
    address: object({ city: { type: "string" }, country: { type: "string" } }, { required: ["city"] }),
  },
  { required: ["hq"], additionalProperties: false, $schema: "https://json-schema.org/draft/2020-12/schema" },
);

describe("readOutputSchema accepts the subset", () => {
  it("normalizes a realistic company profile, keeping descriptions and titles for the model", () => {
    const read = readOutputSchema(companyProfile);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(Object.keys(read.schema.properties)).toEqual([
      "hq",
      "founded",
      "headcount",
      "website",
      "contact",
      "lastRound",
      "funding",
      "public",
      "address",
    ]);
    expect(read.schema.properties.hq).toEqual({ kind: "string", description: "City and country of the headquarters" });
    expect(read.schema.properties.lastRound).toEqual({
      kind: "string",
      format: "date",
      description: "Last funding round",
    });
    expect(read.schema.properties.funding).toEqual({
      kind: "array",
      maxItems: 10,
      items: {
        kind: "object",
        properties: {
          round: { kind: "enum", options: ["Seed", "Series A", "Series B", "Series C"] },
          amountUsd: { kind: "number" },
          investors: { kind: "array", maxItems: 50, items: { kind: "string" } },
        },
      },
    });
  });

  it("takes an enum with type string, and an array of enums", () => {
    const read = readOutputSchema(
      object({
        tier: { type: "string", enum: ["Free", "Pro"] },
        clouds: { type: "array", items: { enum: ["AWS", "GCP", "Azure"] } },
      }),
    );
    expect(read).toMatchObject({ ok: true, schema: { properties: { clouds: { items: { kind: "enum" } } } } });
  });
});

describe("readOutputSchema names every path outside the subset", () => {
  it.each([
    ["not an object", "a string", "outputSchema", /JSON Schema object/],
    [
      "a root that is not an object",
      { type: "array", items: { type: "string" }, properties: { a: { type: "string" } } },
      "outputSchema.type",
      /"object"/,
    ],
    ["no properties", { type: "object", properties: {} }, "outputSchema.properties", /at least one/],
    [
      "an unknown keyword",
      object({ a: { type: "string", pattern: "^a" } }),
      "outputSchema.properties.a.pattern",
      /not supported for a string/,
    ],
    [
      "another format",
      object({ a: { type: "string", format: "ipv4" } }),
      "outputSchema.properties.a.format",
      /date, uri, email/,
    ],
    ["a missing type", object({ a: { description: "x" } }), "outputSchema.properties.a.type", /required/],
    ["an unknown type", object({ a: { type: "null" } }), "outputSchema.properties.a.type", /"string", "number"/],
    [
      "a union of types",
      object({ a: { type: ["string", "null"] } }),
      "outputSchema.properties.a.type",
      /"string", "number"/,
    ],
    ["an empty enum", object({ a: { enum: [] } }), "outputSchema.properties.a.enum", /1 to 50/],
    ["an enum of numbers", object({ a: { enum: [1, 2] } }), "outputSchema.properties.a.enum", /non-empty strings/],
    ["a repeated enum value", object({ a: { enum: ["x", "X"] } }), "outputSchema.properties.a.enum", /repeat/],
    [
      "an enum of another type",
      object({ a: { type: "number", enum: ["1"] } }),
      "outputSchema.properties.a.type",
      /"string"/,
    ],
    [
      "an array without items",
      object({ a: { type: "array" } }),
      "outputSchema.properties.a.items",
      /schema of the array's items/,
    ],
    [
      "an array of arrays",
      object({ a: { type: "array", items: { type: "array", items: { type: "string" } } } }),
      "outputSchema.properties.a.items.type",
      /arrays of arrays/,
    ],
    [
      "too many items",
      object({ a: { type: "array", maxItems: 500, items: { type: "string" } } }),
      "outputSchema.properties.a.maxItems",
      /1 to 50/,
    ],
    [
      "a third level of objects",
      object({ a: object({ b: object({ c: { type: "string" } }) }) }),
      "outputSchema.properties.a.properties.b.type",
      /two levels/,
    ],
    [
      "an array of objects inside an object",
      object({ a: object({ b: { type: "array", items: object({ c: { type: "string" } }) } }) }),
      "outputSchema.properties.a.properties.b.items",
      /two levels/,
    ],
    [
      "open additional properties",
      object({ a: { type: "string" } }, { additionalProperties: true }),
      "outputSchema.additionalProperties",
      /false/,
    ],
    [
      "required naming no property",
      object({ a: { type: "string" } }, { required: ["b"] }),
      "outputSchema.required",
      /names of properties/,
    ],
    [
      "a property name with a dot",
      object({ "a.b": { type: "string" } }),
      "outputSchema.properties.a.b",
      /letters, digits/,
    ],
    ["a reference", object({ a: { $ref: "#/x" } }), "outputSchema.properties.a.$ref", /not supported/],
    [
      "a long description",
      object({ a: { type: "string", description: "x".repeat(501) } }),
      "outputSchema.properties.a.description",
      /500/,
    ],
  ])("%s", (_name, schema, path, message) => {
    const read = readOutputSchema(schema);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it("counts nested properties against the limit of 25", () => {
    const wide = object(
      Object.fromEntries(
        Array.from({ length: 5 }, (_, index) => [
          `group${index}`,
          object(Object.fromEntries(Array.from({ length: 5 }, (_, inner) => [`field${inner}`, { type: "string" }]))),
        ]),
      ),
    );
    const read = readOutputSchema(wide);
    expect(read).toEqual({
      ok: false,
      errors: [{ path: "outputSchema.properties", message: expect.stringMatching(/at most 25 properties in all.*30/) }],
    });
  });

  it("names every problem at once", () => {
    const read = readOutputSchema(object({ a: { type: "date" }, b: { type: "string", format: "phone" } }));
    expect(read.ok ? [] : read.errors.map((error) => error.path)).toEqual([
      "outputSchema.properties.a.type",
      "outputSchema.properties.b.format",
    ]);
  });
});
