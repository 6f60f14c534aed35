type JsonSchema = Record<string, unknown>;

/**
 * A valid instance of a JSON schema of the kind Dossier sends as `response_format`: objects,
 * nullable values (the non-null branch is chosen), enums, arrays, patterns for dates and URLs.
 */
export function exampleFromSchema(schema: JsonSchema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ("const" in schema) return schema.const;
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const nonNull = branches.find((branch) => branch.type !== "null");
    return exampleFromSchema(nonNull ?? branches[0]!);
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) value[key] = exampleFromSchema(property);
      return value;
    }
    case "array": {
      const items = schema.items as JsonSchema | undefined;
      const minimum = typeof schema.minItems === "number" ? schema.minItems : 0;
      return items && (minimum > 0 || Array.isArray(items.enum)) ? [exampleFromSchema(items)] : [];
    }
    case "boolean":
      return true;
    case "integer":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "number": {
      if (typeof schema.maximum === "number" && schema.maximum <= 1) return 0.5;
      return 42;
    }
    case "string": {
      const pattern = typeof schema.pattern === "string" ? schema.pattern : "";
      if (pattern.includes("https?")) return "https://example.com/";
      if (pattern.includes("\\d{4}")) return "2024-01-15";
      return "example";
    }
    case "null":
      return null;
    default:
      return null;
  }
}
