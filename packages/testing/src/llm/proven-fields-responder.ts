import { exampleFromSchema } from "./example-from-schema.js";
import { findPassageWithWords } from "./prompt-passages.js";
import type { FakeChatRequest, FakeChatResponder } from "./start-fake-chat-server.js";

/** One value the fake model gives for a field, with the words of a page it cites for it. */
export interface ProvenValue {
  /** A scalar, or for a list of records, the record's members. */
  value: unknown;
  /** The quote: words of a passage; the value is given only when a passage of the prompt holds them. */
  phrase: string;
}

/** The fake model's answers by field path (`hq`, `address.city`, `funding`): a value, a list of them, or null. */
export type ProvenFields = Record<string, ProvenValue | ProvenValue[] | null>;

type JsonSchema = Record<string, unknown>;

/** The member names of a record leaf's items, each with whether it is a list. */
function recordMembers(leaf: JsonSchema): Array<[string, boolean]> | null {
  const items = ((leaf.properties as JsonSchema | undefined)?.items as JsonSchema | undefined)?.items as
    | JsonSchema
    | undefined;
  const properties = items?.properties as Record<string, JsonSchema> | undefined;
  // A list of single values has items `{ value, passage, quote }`; a record has its members instead.
  if (!properties || "value" in properties) return null;
  return Object.entries(properties)
    .filter(([name]) => name !== "passage" && name !== "quote")
    .map(([name, property]) => [name, property.type === "array"]);
}

/**
 * The reply to a `research_object` call, as a careful model gives it: each field's value cited
 * with the passage of the prompt that holds its phrase; a field whose phrase no passage holds is
 * null (a list keeps only the items found). Person fields, when asked for, are null.
 */
export function provenFieldsReply(request: FakeChatRequest, answers: ProvenFields): Record<string, unknown> {
  const prompt = request.messages.map((message) => message.content).join("\n");
  const leaves = ((request.jsonSchema?.properties as JsonSchema | undefined)?.fields as JsonSchema | undefined)
    ?.properties as Record<string, JsonSchema> | undefined;
  const cite = (proven: ProvenValue) => {
    const passage = findPassageWithWords(prompt, proven.phrase);
    return passage ? { passage: passage.id, quote: proven.phrase } : null;
  };
  const fields: Record<string, unknown> = {};
  for (const [path, leaf] of Object.entries(leaves ?? {})) {
    const given = answers[path] ?? null;
    const isList = "items" in ((leaf.properties as JsonSchema | undefined) ?? {});
    if (!isList) {
      const single = Array.isArray(given) ? given[0] : given;
      const cited = single ? cite(single) : null;
      fields[path] = cited && single ? { value: single.value, ...cited } : { value: null, passage: "", quote: "" };
      continue;
    }
    const members = recordMembers(leaf);
    const items: unknown[] = [];
    for (const proven of Array.isArray(given) ? given : given ? [given] : []) {
      const cited = cite(proven);
      if (!cited) continue;
      if (!members) {
        items.push({ value: proven.value, ...cited });
        continue;
      }
      const record = proven.value as Record<string, unknown>;
      items.push({
        ...Object.fromEntries(members.map(([name, list]) => [name, record[name] ?? (list ? [] : null)])),
        ...cited,
      });
    }
    fields[path] = { items };
  }
  const reply: Record<string, unknown> = {
    fields,
    summary: "The passages state the fields given.",
    confidence: 0.9,
  };
  const properties = (request.jsonSchema?.properties ?? {}) as Record<string, JsonSchema>;
  if (properties.person) {
    const person = exampleFromSchema(properties.person) as Record<string, unknown>;
    for (const key of Object.keys(person)) person[key] = null;
    reply.person = person;
  }
  return reply;
}

/**
 * Answers `research_object` calls with {@link provenFieldsReply} of the answers the test gives
 * (fixed, or chosen per call); every other call goes to `otherwise`.
 */
export function provenFieldsResponder(
  answers: ProvenFields | ((request: FakeChatRequest) => ProvenFields),
  otherwise: FakeChatResponder,
): FakeChatResponder {
  return (request) =>
    request.schemaName === "research_object"
      ? { kind: "json", value: provenFieldsReply(request, typeof answers === "function" ? answers(request) : answers) }
      : otherwise(request);
}
