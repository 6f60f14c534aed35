import type { NormalizedOutputSchema, ResponseType, ScalarOutputArray, ScalarOutputField } from "@dossier/contract";

/**
 * One thing the model answers for an output schema, at a path of the answer object: a single value
 * (`hq`, `address.city`), a list of values (`clouds`), or a list of records (`leaders`, each record
 * a few scalars stated by one quote).
 */
export type OutputLeaf =
  | { path: string; shape: "value"; field: ScalarOutputField; description?: string }
  | { path: string; shape: "list"; field: ScalarOutputField; maxItems: number; description?: string }
  | {
      path: string;
      shape: "records";
      properties: Record<string, ScalarOutputField | ScalarOutputArray>;
      maxItems: number;
      description?: string;
    };

const described = (description: string | undefined) => (description !== undefined ? { description } : {});

/** The leaves of an output schema, in the order its properties were given. */
export function outputLeaves(schema: NormalizedOutputSchema): OutputLeaf[] {
  const leaves: OutputLeaf[] = [];
  for (const [name, field] of Object.entries(schema.properties)) {
    if (field.kind === "object") {
      for (const [inner, member] of Object.entries(field.properties)) {
        const path = `${name}.${inner}`;
        const description = [field.description, member.description].filter(Boolean).join(": ") || undefined;
        if (member.kind === "array")
          leaves.push({
            path,
            shape: "list",
            field: member.items,
            maxItems: member.maxItems,
            ...described(description),
          });
        else leaves.push({ path, shape: "value", field: member, ...described(description) });
      }
    } else if (field.kind === "array") {
      if (field.items.kind === "object")
        leaves.push({
          path: name,
          shape: "records",
          properties: field.items.properties,
          maxItems: field.maxItems,
          ...described(field.description ?? field.items.description),
        });
      else
        leaves.push({
          path: name,
          shape: "list",
          field: field.items,
          maxItems: field.maxItems,
          ...described(field.description ?? field.items.description),
        });
    } else {
      leaves.push({ path: name, shape: "value", field, ...described(field.description) });
    }
  }
  return leaves;
}

/**
 * The responseType whose verification a scalar of an output schema gets: what its quote must state,
 * with the same tolerance for formats as a typed answer.
 */
export function verificationTypeOf(field: ScalarOutputField): ResponseType {
  switch (field.kind) {
    case "boolean":
      return "BOOL";
    case "number":
    case "integer":
      return "NUMBER";
    case "enum":
      return "OPTION";
    case "string":
      return field.format === "date" ? "DATE" : field.format === "uri" ? "URL" : "TEXT";
  }
}

/** How a scalar is described to the model, e.g. `integer`, `date (YYYY-MM-DD, YYYY-MM or YYYY)`, `one of "A", "B"`. */
export function describeScalar(field: ScalarOutputField): string {
  switch (field.kind) {
    case "boolean":
      return "true or false";
    case "integer":
      return "a whole number";
    case "number":
      return "a plain number (no units or separators; money in US dollars)";
    case "enum":
      return `exactly one of ${field.options.map((option) => JSON.stringify(option)).join(", ")}`;
    case "string":
      return field.format === "date"
        ? "an ISO 8601 date: YYYY-MM-DD, or YYYY-MM or YYYY when only that is known"
        : field.format === "uri"
          ? "an absolute http(s) URL"
          : field.format === "email"
            ? "an e-mail address"
            : "a short text";
  }
}
