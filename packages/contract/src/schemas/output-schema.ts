import * as z from "zod";
import type { FieldError } from "../errors/dossier-error.js";
import { withoutInvisibleCharacters } from "./fields.js";
import { apiRegistry } from "./registry.js";
import { isReservedName, RESERVED_NAME_MESSAGE } from "./reserved-names.js";

/** Most properties an output schema may have, nested ones counted. */
export const MAX_OUTPUT_PROPERTIES = 25;
/** Most values an enum of an output schema may list. */
export const MAX_OUTPUT_ENUM_VALUES = 50;
/** Most items an array field may hold. */
export const MAX_OUTPUT_ARRAY_ITEMS = 50;
/** Longest `description` the model is shown, in characters. */
export const MAX_OUTPUT_DESCRIPTION_LENGTH = 500;

/** String formats an output schema may ask for. */
export const outputStringFormats = ["date", "uri", "email"] as const;

/** A value the answer object may hold at one place of an output schema. */
export type ScalarOutputField =
  | { kind: "string"; format?: (typeof outputStringFormats)[number]; description?: string }
  | { kind: "number" | "integer" | "boolean"; description?: string }
  | { kind: "enum"; options: string[]; description?: string };

/** An object nested in an output schema: scalars and arrays of scalars only. */
export interface NestedOutputObject {
  kind: "object";
  properties: Record<string, ScalarOutputField | ScalarOutputArray>;
  description?: string;
}

/** An array of scalars. */
export interface ScalarOutputArray {
  kind: "array";
  items: ScalarOutputField;
  maxItems: number;
  description?: string;
}

/** Any property of an output schema's top-level object. */
export type OutputField =
  | ScalarOutputField
  | ScalarOutputArray
  | NestedOutputObject
  | { kind: "array"; items: NestedOutputObject; maxItems: number; description?: string };

/** An output schema after validation: the top-level object's properties, in the order given. */
export interface NormalizedOutputSchema {
  description?: string;
  properties: Record<string, OutputField>;
}

const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const ANNOTATIONS = ["description", "title", "$comment"];

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Walks a schema, collecting every problem with its path, and builds the normalized form. */
class OutputSchemaReader {
  readonly errors: FieldError[] = [];
  properties = 0;

  problem(path: string, message: string): undefined {
    this.errors.push({ path, message });
    return undefined;
  }

  /** Keywords of `node` other than `allowed` (and annotations) are named as unsupported. */
  onlyKeywords(node: Json, path: string, allowed: readonly string[], what: string): void {
    for (const key of Object.keys(node)) {
      if (!allowed.includes(key) && !ANNOTATIONS.includes(key))
        this.problem(`${path}.${key}`, `is not supported for ${what} in outputSchema`);
    }
  }

  description(node: Json, path: string): { description?: string } {
    for (const key of ["description", "title"]) {
      const value = node[key];
      if (value === undefined) continue;
      if (typeof value !== "string") this.problem(`${path}.${key}`, "must be a string");
      else if (value.length > MAX_OUTPUT_DESCRIPTION_LENGTH)
        this.problem(`${path}.${key}`, `must be at most ${MAX_OUTPUT_DESCRIPTION_LENGTH} characters`);
    }
    const parts = [node.title, node.description]
      .filter((part): part is string => typeof part === "string")
      .map((part) => withoutInvisibleCharacters(part).replace(/\s+/g, " ").trim())
      .filter((part) => part !== "");
    return parts.length > 0 ? { description: parts.join(": ") } : {};
  }

  scalar(node: Json, path: string): ScalarOutputField | undefined {
    const described = this.description(node, path);
    if (node.enum !== undefined) {
      this.onlyKeywords(node, path, ["enum", "type"], "an enum");
      if (node.type !== undefined && node.type !== "string")
        return this.problem(`${path}.type`, 'an enum must be of type "string"');
      const options = node.enum;
      if (!Array.isArray(options) || options.length === 0 || options.length > MAX_OUTPUT_ENUM_VALUES)
        return this.problem(`${path}.enum`, `must list 1 to ${MAX_OUTPUT_ENUM_VALUES} strings`);
      const cleaned = options.map((option) =>
        typeof option === "string" ? withoutInvisibleCharacters(option).trim() : null,
      );
      if (!cleaned.every((option) => option !== null && option !== "" && option.length <= 300))
        return this.problem(`${path}.enum`, "must hold non-empty strings of at most 300 characters");
      const values = cleaned as string[];
      if (new Set(values.map((option) => option.toLowerCase())).size !== values.length)
        return this.problem(`${path}.enum`, "must not repeat a value");
      return { kind: "enum", options: values, ...described };
    }
    switch (node.type) {
      case "string": {
        this.onlyKeywords(node, path, ["type", "format"], "a string");
        const format = node.format;
        if (format !== undefined && !(outputStringFormats as readonly unknown[]).includes(format))
          return this.problem(`${path}.format`, `must be one of ${outputStringFormats.join(", ")}`);
        return {
          kind: "string",
          ...(format !== undefined ? { format: format as (typeof outputStringFormats)[number] } : {}),
          ...described,
        };
      }
      case "number":
      case "integer":
      case "boolean":
        this.onlyKeywords(node, path, ["type"], `a ${node.type}`);
        return { kind: node.type, ...described };
      default:
        return undefined;
    }
  }

  /** One property of an object at `depth` (1: the top level, 2: inside a nested object or array item). */
  field(node: unknown, path: string, depth: 1 | 2): OutputField | undefined {
    if (!isObject(node)) return this.problem(path, "must be a schema object");
    this.properties += 1;
    if (node.type === "array") {
      this.onlyKeywords(node, path, ["type", "items", "maxItems"], "an array");
      const described = this.description(node, path);
      const maxItems = node.maxItems ?? MAX_OUTPUT_ARRAY_ITEMS;
      if (!Number.isInteger(maxItems) || (maxItems as number) < 1 || (maxItems as number) > MAX_OUTPUT_ARRAY_ITEMS)
        return this.problem(`${path}.maxItems`, `must be a whole number from 1 to ${MAX_OUTPUT_ARRAY_ITEMS}`);
      const items = node.items;
      if (!isObject(items)) return this.problem(`${path}.items`, "must be the schema of the array's items");
      if (items.type === "array") return this.problem(`${path}.items.type`, "arrays of arrays are not supported");
      if (items.type === "object") {
        if (depth === 2)
          return this.problem(`${path}.items`, "objects nest at most two levels: an item here must be a scalar");
        const object = this.object(items, `${path}.items`);
        return object && { kind: "array", items: object, maxItems: maxItems as number, ...described };
      }
      const scalar = this.scalarOrProblem(items, `${path}.items`);
      return scalar && { kind: "array", items: scalar, maxItems: maxItems as number, ...described };
    }
    if (node.type === "object") {
      if (depth === 2) return this.problem(`${path}.type`, "objects nest at most two levels");
      return this.object(node, path);
    }
    return this.scalarOrProblem(node, path);
  }

  scalarOrProblem(node: Json, path: string): ScalarOutputField | undefined {
    if (node.enum === undefined && node.type === undefined) {
      this.onlyKeywords(node, path, [], "a property");
      return this.problem(`${path}.type`, "is required");
    }
    if (node.enum === undefined && !["string", "number", "integer", "boolean"].includes(node.type as string))
      return this.problem(
        `${path}.type`,
        'must be "string", "number", "integer", "boolean", "array" or "object" (or give an enum)',
      );
    return this.scalar(node, path);
  }

  /** A nested object: its properties are scalars or arrays of scalars. */
  object(node: Json, path: string): NestedOutputObject | undefined {
    const properties = this.readProperties(node, path, 2);
    return (
      properties && {
        kind: "object",
        properties: properties as NestedOutputObject["properties"],
        ...this.description(node, path),
      }
    );
  }

  readProperties(node: Json, path: string, depth: 1 | 2): Record<string, OutputField> | undefined {
    this.onlyKeywords(
      node,
      path,
      ["type", "properties", "required", "additionalProperties", ...(depth === 1 ? ["$schema"] : [])],
      "an object",
    );
    if (node.additionalProperties !== undefined && node.additionalProperties !== false)
      this.problem(`${path}.additionalProperties`, "must be false or left out");
    const properties = node.properties;
    if (!isObject(properties) || Object.keys(properties).length === 0)
      return this.problem(`${path}.properties`, "must name at least one property");
    if (node.required !== undefined) {
      const required = node.required;
      if (
        !Array.isArray(required) ||
        !required.every((name) => typeof name === "string" && Object.hasOwn(properties, name))
      )
        this.problem(`${path}.required`, "must list names of properties");
    }
    const fields: Record<string, OutputField> = {};
    for (const [name, child] of Object.entries(properties)) {
      if (!PROPERTY_NAME.test(name)) {
        this.problem(
          `${path}.properties.${name}`,
          "names must be letters, digits and _ (at most 64, not starting with a digit)",
        );
        continue;
      }
      if (isReservedName(name)) {
        this.problem(`${path}.properties.${name}`, RESERVED_NAME_MESSAGE);
        continue;
      }
      const field = this.field(child, `${path}.properties.${name}`, depth);
      if (field) fields[name] = field;
    }
    return fields;
  }
}

/**
 * Checks an `outputSchema` against the subset Dossier answers in (an object of at most 25
 * properties in all; strings with format date, uri or email; numbers, integers, booleans, enums of
 * strings; arrays of those; objects nested at most two levels; descriptions the model reads).
 * Every problem is named by its path under `path`; the schema is returned normalized.
 */
export function readOutputSchema(
  value: unknown,
  path = "outputSchema",
): { ok: true; schema: NormalizedOutputSchema } | { ok: false; errors: FieldError[] } {
  const reader = new OutputSchemaReader();
  if (!isObject(value)) return { ok: false, errors: [{ path, message: "must be a JSON Schema object" }] };
  if (value.type !== "object") reader.problem(`${path}.type`, 'must be "object": the answer is an object of fields');
  const properties = reader.readProperties(value, path, 1);
  if (reader.properties > MAX_OUTPUT_PROPERTIES)
    reader.problem(
      `${path}.properties`,
      `must have at most ${MAX_OUTPUT_PROPERTIES} properties in all, nested ones counted (it has ${reader.properties})`,
    );
  if (reader.errors.length > 0 || !properties) return { ok: false, errors: reader.errors };
  return { ok: true, schema: { properties, ...reader.description(value, path) } };
}

/**
 * The request field as the API document shows it: any JSON object, checked against the subset by
 * {@link readOutputSchema} (every problem named by its path).
 */
export const outputSchemaSchema = z
  .record(z.string(), z.unknown(), { error: "must be a JSON Schema object" })
  .register(apiRegistry, {
    id: "OutputSchema",
    description: [
      'The shape of the answer, as a JSON Schema subset: an object (`type: "object"`) of at most',
      `${MAX_OUTPUT_PROPERTIES} properties in all (nested ones counted). Each property is a \`string\``,
      "(optionally `format`: `date`, `uri` or `email`), `number`, `integer`, `boolean`, an `enum` of strings, an",
      "`array` of one of those (`maxItems` up to 50), an `object` of those, or an `array` of such objects: objects",
      "nest at most two levels. `description` and `title` tell the model what a field holds. `required` and",
      "`additionalProperties: false` are accepted; every field may still be null, since a field the evidence does",
      "not state is null. Any other keyword is 422 naming its path.",
    ].join(" "),
    examples: [
      {
        type: "object",
        properties: {
          hq: { type: "string", description: "City of the headquarters" },
          founded: { type: "integer", description: "Year the company was founded" },
          headcount: { type: "integer", description: "Number of employees" },
          funding: {
            type: "array",
            description: "Funding rounds",
            items: {
              type: "object",
              properties: {
                round: { type: "string", description: "Name of the round, e.g. Series A" },
                amountUsd: { type: "number", description: "Amount raised in US dollars" },
                leadInvestor: { type: "string" },
              },
            },
          },
        },
      },
    ],
  });
