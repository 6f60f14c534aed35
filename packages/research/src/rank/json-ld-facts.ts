type JsonObject = Record<string, unknown>;

/** One schema.org entity as fact lines ("Organization foundingDate: 2014"). */
export interface JsonLdEntity {
  /** "Organization: Acme Analytics", or the type alone when the entity has no name. */
  label: string;
  /** One fact a line, each starting with the entity's type. */
  facts: string[];
}

/** Keys that are plumbing or pictures, not facts. */
const SKIPPED_KEYS = new Set([
  "@context",
  "@id",
  "@type",
  "image",
  "logo",
  "thumbnailUrl",
  "potentialAction",
  "mainEntityOfPage",
  "breadcrumb",
  "isPartOf",
  "inLanguage",
  "encodingFormat",
]);
const MAXIMUM_VALUE_CHARACTERS = 600;
const MAXIMUM_ENTITIES = 100;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function typeOf(object: JsonObject): string | null {
  const type = object["@type"];
  if (typeof type === "string") return type;
  if (Array.isArray(type) && typeof type[0] === "string") return type[0];
  return null;
}

function plain(value: string): string {
  return value
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAXIMUM_VALUE_CHARACTERS);
}

function nameOf(object: JsonObject): string | null {
  const name = object.name ?? object.headline ?? object.title;
  return typeof name === "string" && name.trim() !== "" ? plain(name) : null;
}

/**
 * Turns schema.org objects into fact lines, one group per entity, so that structured facts can be
 * ranked and cited like text. A nested object with a type and a name (a founder, an employer)
 * becomes an entity of its own and is referred to by name; an unnamed one (an address, an answer)
 * is folded into its parent with a dotted key ("Organization address.addressLocality: Berlin").
 */
export function jsonLdFacts(objects: readonly JsonObject[]): JsonLdEntity[] {
  const entities: JsonLdEntity[] = [];
  const seen = new Set<unknown>();

  const describe = (object: JsonObject, depth: number): void => {
    if (seen.has(object) || entities.length >= MAXIMUM_ENTITIES || depth > 5) return;
    seen.add(object);
    const type = typeOf(object) ?? "Thing";
    const name = nameOf(object);
    const entity: JsonLdEntity = { label: name === null ? type : `${type}: ${name}`, facts: [] };
    entities.push(entity);

    const addFacts = (key: string, value: unknown): void => {
      if (typeof value === "string") {
        const text = plain(value);
        if (text !== "") entity.facts.push(`${type} ${key}: ${text}`);
      } else if (typeof value === "number" || typeof value === "boolean") {
        entity.facts.push(`${type} ${key}: ${String(value)}`);
      } else if (Array.isArray(value)) {
        const scalars = value
          .filter((item) => typeof item === "string" || typeof item === "number")
          .map((item) => plain(String(item)));
        if (scalars.length > 0) entity.facts.push(`${type} ${key}: ${scalars.join(", ")}`);
        for (const item of value) if (isObject(item)) addFacts(key, item);
      } else if (isObject(value)) {
        const childName = nameOf(value);
        if (typeOf(value) !== null && childName !== null) {
          entity.facts.push(`${type} ${key}: ${childName}`);
          describe(value, depth + 1);
        } else {
          for (const [childKey, child] of Object.entries(value)) {
            if (!SKIPPED_KEYS.has(childKey)) addFacts(`${key}.${childKey}`, child);
          }
        }
      }
    };
    for (const [key, value] of Object.entries(object)) {
      if (!SKIPPED_KEYS.has(key)) addFacts(key, value);
    }
  };

  for (const object of objects) describe(object, 0);
  return entities.filter((entity) => entity.facts.length > 0);
}

/** The label {@link jsonLdFacts} puts before a fact's value: "Question name" of "Question name: Can I pay yearly?". */
const FACT_LABEL = /^(\S+ [^\s:]+): /;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The values a quote of a structured-data passage holds, without the "Type key: " labels that
 * {@link jsonLdFacts} wrote before them for the model: the labels are not the page's words. A quote
 * over several facts gives each value apart, a quote inside one value gives itself; a label cut at
 * the quote's start ("text: Yes.") goes too. A quote without labels is given back as it is.
 */
export function factValues(quote: string, passageText: string): string[] {
  const labels = new Set<string>();
  for (const line of passageText.split("\n")) {
    const label = FACT_LABEL.exec(line)?.[1];
    if (label) labels.add(label);
  }
  if (labels.size === 0) return [quote.trim()];
  // Longest first, so that no label is taken for a shorter one it ends with.
  const sorted = [...labels].sort((first, second) => second.length - first.length);
  const whole = sorted.map((label) => escapeRegExp(label).replace(/ /g, "\\s+")).join("|");
  // The key alone, or the end of a dotted key, begins a quote that starts inside a label.
  const tails = sorted.flatMap((label) => {
    const key = label.slice(label.indexOf(" ") + 1);
    return key.split(".").map((_, index, parts) => escapeRegExp(parts.slice(index).join(".")));
  });
  const unlabelled = quote.trim().replace(new RegExp(`^(?:${tails.join("|")}):\\s+`, "iu"), "");
  return unlabelled
    .split(new RegExp(`(?:^|\\s+)(?:${whole}):\\s+`, "iu"))
    .map((value) => value.trim())
    .filter((value) => /[\p{L}\p{N}]/u.test(value));
}
