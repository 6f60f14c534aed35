type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseLenient(source: string): unknown {
  const trimmed = source
    .trim()
    .replace(/^<!--/, "")
    .replace(/-->$/, "")
    .replace(/^\/\/<!\[CDATA\[/, "")
    .replace(/\/\/\]\]>$/, "")
    .trim();
  if (trimmed === "") return undefined;
  const candidates = [
    trimmed,
    // Template source published by mistake: {`{ ... }`} from a JSX page.
    trimmed.replace(/^\{\s*`/, "").replace(/`\s*\}$/, ""),
    // Stray text around the object: keep from the first object or array to the last closing bracket.
    trimmed.slice(trimmed.search(/[{[]\s*["{[]/), Math.max(trimmed.lastIndexOf("}"), trimmed.lastIndexOf("]")) + 1),
  ];
  for (const candidate of candidates) {
    // Hand-written JSON-LD often carries trailing commas or raw control characters inside strings.
    const parsed =
      tryParse(candidate) ?? tryParse(candidate.replace(/,\s*([}\]])/g, "$1").replace(RAW_CONTROL_CHARACTERS, " "));
    if (parsed !== undefined) return parsed;
  }
  return undefined;
}

function collect(value: unknown, into: JsonObject[], depth: number): void {
  if (depth > 4) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, into, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  const graph = value["@graph"];
  if (graph !== undefined) {
    collect(graph, into, depth + 1);
    const rest = Object.keys(value).filter((key) => key !== "@graph" && key !== "@context");
    if (rest.length === 0) return;
  }
  if (value["@type"] !== undefined) into.push(value);
}

/**
 * Parses the bodies of `<script type="application/ld+json">` blocks into schema.org objects.
 * Blocks that are not valid JSON even after light repair are skipped: one broken block must not
 * hide the others.
 */
export function parseJsonLd(sources: readonly string[]): JsonObject[] {
  const objects: JsonObject[] = [];
  for (const source of sources) collect(parseLenient(source), objects, 0);
  return objects;
}

/** The `@type` of a schema.org object as a list (it may be a string or an array). */
export function jsonLdTypes(object: JsonObject): string[] {
  const type = object["@type"];
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === "string");
  return [];
}

/** Every `sameAs` URL found anywhere in the objects, nested ones included. */
export function collectSameAs(objects: readonly JsonObject[]): string[] {
  const found: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === "sameAs") {
        const values = Array.isArray(child) ? child : [child];
        for (const item of values) if (typeof item === "string") found.push(item);
      } else {
        visit(child, depth + 1);
      }
    }
  };
  visit(objects, 0);
  return found;
}
// biome-ignore lint/suspicious/noControlCharactersInRegex: raw control characters are what the repair replaces
const RAW_CONTROL_CHARACTERS = /[\u0000-\u001f]+/g;
