import { exampleFromSchema } from "./example-from-schema.js";
import { type PromptPassage, parsePromptPassages } from "./prompt-passages.js";
import type { FakeChatRequest, FakeChatResponder } from "./start-fake-chat-server.js";

type JsonSchema = Record<string, unknown>;

/** The kinds of value the weak reader reads out of a sentence: the responseTypes, and an integer for outputSchema fields. */
type ValueKind = "TEXT" | "BOOL" | "NUMBER" | "INTEGER" | "DATE" | "URL" | "OPTION" | "OPTIONS";

/** One sentence of a passage (or one line: a table row, a card), as the weak reader reads and quotes it. */
interface ReadSentence {
  passage: PromptPassage;
  /** The sentence exactly as the passage has it. */
  text: string;
}

/** Words a question is made of that say nothing about what it asks. */
const STOP_WORDS = new Set(
  (
    "a an and are as at be been by can could did do does for from had has have he her his how in into is it its " +
    "of on or our she than that the their them there these they this those to was we were what when where which " +
    "who whom whose why will with would you your company person"
  ).split(" "),
);

const NEGATION = /\b(?:no|not|never|none|nobody|nothing|neither|nor|without|cannot)\b|n['’]t\b/i;

/** Lower-case words of two or more characters, accents aside. */
function wordsOf(text: string): string[] {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).filter((word) => word.length >= 2);
}

/** The distinct words of a question that may be looked for in a page. */
function askedWords(text: string): Set<string> {
  return new Set(wordsOf(text).filter((word) => !STOP_WORDS.has(word)));
}

/** A passage's sentences: split after `.`, `!` or `?` followed by whitespace, and at every line break. */
function passageSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\s*\n\s*/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** The sentence sharing the most distinct asked words (the earliest on a tie); null when none shares one. */
function bestSentence(passages: readonly PromptPassage[], asked: ReadonlySet<string>): ReadSentence | null {
  let best: ReadSentence | null = null;
  let bestShared = 0;
  for (const passage of passages) {
    for (const text of passageSentences(passage.text)) {
      const words = new Set(wordsOf(text));
      const shared = [...asked].filter((word) => words.has(word)).length;
      if (shared > bestShared) {
        best = { passage, text };
        bestShared = shared;
      }
    }
  }
  return best;
}

/** The first number anywhere in the text, even inside another token ("3M" is 3, "501(c)(3)" is 501). */
function firstNumber(text: string): number | null {
  const match = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/.exec(text);
  return match ? Number(match[0].replace(/,/g, "")) : null;
}

function firstYear(text: string): string | null {
  return /(?<!\d)(18\d\d|19\d\d|20\d\d)(?!\d)/.exec(text)?.[1] ?? null;
}

function containedOptions(text: string, options: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return options.filter((option) => lower.includes(option.toLowerCase()));
}

/** The value of a kind the sentence gives, read as a weak model reads it; null when it has none of that kind. */
function valueFrom(kind: ValueKind, sentence: ReadSentence, options: readonly string[]): unknown {
  switch (kind) {
    case "NUMBER":
      return firstNumber(sentence.text);
    case "INTEGER": {
      const number = firstNumber(sentence.text);
      return number === null ? null : Math.trunc(number);
    }
    case "DATE":
      return firstYear(sentence.text);
    case "TEXT":
      return sentence.text.split(/\s+/).slice(0, 12).join(" ");
    case "OPTION":
      return containedOptions(sentence.text, options)[0] ?? null;
    case "OPTIONS": {
      const contained = containedOptions(sentence.text, options);
      return contained.length ? contained : null;
    }
    case "BOOL":
      return !NEGATION.test(sentence.text);
    case "URL":
      return sentence.passage.url;
  }
}

/** The first `enum` list inside a schema (an answer's options, or a list's items). */
function enumOf(schema: unknown): string[] {
  if (!schema || typeof schema !== "object") return [];
  const node = schema as JsonSchema;
  if (Array.isArray(node.enum)) return node.enum.map(String);
  for (const child of [...((node.anyOf as unknown[]) ?? []), node.items]) {
    const found = enumOf(child);
    if (found.length) return found;
  }
  return [];
}

/** What kind of value a field of the caller's shape holds, read from its JSON schema. */
function kindOfField(schema: JsonSchema): ValueKind {
  const branches = (schema.anyOf as JsonSchema[] | undefined) ?? [schema];
  const branch = branches.find((candidate) => candidate.type !== "null") ?? schema;
  if (Array.isArray(branch.enum)) return "OPTION";
  if (branch.type === "array") return enumOf(branch).length ? "OPTIONS" : "TEXT";
  if (branch.type === "boolean") return "BOOL";
  if (branch.type === "integer") return "INTEGER";
  if (branch.type === "number") return "NUMBER";
  const pattern = typeof branch.pattern === "string" ? branch.pattern : "";
  if (pattern.includes("https?")) return "URL";
  if (pattern.includes("\\d{4}")) return "DATE";
  return "TEXT";
}

const promptOf = (request: FakeChatRequest) => request.messages.map((message) => message.content).join("\n");

const questionOf = (prompt: string) => /^Question about an? (?:person|company): (.*)$/m.exec(prompt)?.[1] ?? "";

/** A person's fields as a weak model leaves them: each null. */
function nullPerson(schema: JsonSchema | undefined): Record<string, null> | undefined {
  const person = (schema?.properties as Record<string, JsonSchema> | undefined)?.person;
  if (!person) return undefined;
  return Object.fromEntries(Object.keys(exampleFromSchema(person) as object).map((key) => [key, null]));
}

/** The typed research call: one answer from the sentence closest to the question, cited with that sentence. */
function typedReply(request: FakeChatRequest): Record<string, unknown> {
  const prompt = promptOf(request);
  const kind = (/^Answer type: (\w+)/m.exec(prompt)?.[1] ?? "TEXT") as ValueKind;
  const options = enumOf((request.jsonSchema?.properties as JsonSchema | undefined)?.answer);
  const sentence = bestSentence(parsePromptPassages(prompt), askedWords(questionOf(prompt)));
  const answer = sentence ? valueFrom(kind, sentence, options) : null;
  const person = nullPerson(request.jsonSchema);
  const reply: Record<string, unknown> =
    sentence && answer !== null
      ? {
          answer,
          citations: [{ passage: sentence.passage.id, quote: sentence.text }],
          explanation: `The page states: ${sentence.text}`,
          confidence: 0.8,
        }
      : { answer: null, citations: [], explanation: "The passages do not say.", confidence: 0.2 };
  return person ? { ...reply, person } : reply;
}

/** A field's name in words: `address.postalCode` is "address postal code". */
function nameInWords(path: string): string {
  return path.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2").replace(/[._]/g, " ");
}

/**
 * The caller's description of a field, from its line of the prompt: "- `path` (what it holds): description".
 * What it holds is the prompt's wording, not the caller's, so only the text after it counts.
 */
function fieldDescription(prompt: string, path: string): string {
  const line = prompt.split("\n").find((candidate) => candidate.startsWith(`- \`${path}\` (`));
  if (!line) return "";
  let depth = 0;
  for (let index = line.indexOf("("); index < line.length; index += 1) {
    if (line[index] === "(") depth += 1;
    if (line[index] === ")") depth -= 1;
    if (depth === 0) return line.slice(index + 1).replace(/^:\s*/, "");
  }
  return "";
}

const EMPTY_VALUE = { value: null, passage: "", quote: "" };

/** The `research_object` call: each field from the sentence closest to the question and the field's own words. */
function objectReply(request: FakeChatRequest): Record<string, unknown> {
  const prompt = promptOf(request);
  const passages = parsePromptPassages(prompt);
  const question = questionOf(prompt);
  const leaves = ((request.jsonSchema?.properties as JsonSchema | undefined)?.fields as JsonSchema | undefined)
    ?.properties as Record<string, JsonSchema> | undefined;
  const fields: Record<string, unknown> = {};
  let firstSentence: string | null = null;
  for (const [path, leaf] of Object.entries(leaves ?? {})) {
    const properties = (leaf.properties ?? {}) as Record<string, JsonSchema>;
    const itemProperties = ((properties.items?.items as JsonSchema | undefined)?.properties ?? {}) as Record<
      string,
      JsonSchema
    >;
    const members = Object.entries(itemProperties).filter(([name]) => name !== "passage" && name !== "quote");
    const isRecords = "items" in properties && !("value" in itemProperties);
    const words = [question, nameInWords(path), fieldDescription(prompt, path)];
    if (isRecords) words.push(...members.map(([name]) => nameInWords(name)));
    const sentence = bestSentence(passages, askedWords(words.join(" ")));
    const cited = sentence ? { passage: sentence.passage.id, quote: sentence.text } : null;
    if (sentence && firstSentence === null) firstSentence = sentence.text;
    if (!("items" in properties)) {
      const valueSchema = properties.value ?? {};
      const value = sentence ? valueFrom(kindOfField(valueSchema), sentence, enumOf(valueSchema)) : null;
      fields[path] = cited && value !== null ? { value, ...cited } : EMPTY_VALUE;
      continue;
    }
    if (!isRecords) {
      const valueSchema = itemProperties.value ?? {};
      const kind = kindOfField(valueSchema);
      const options = enumOf(valueSchema);
      // A list of options holds every option the sentence names; any other list, the one value it gives.
      const value = sentence ? valueFrom(kind === "OPTION" ? "OPTIONS" : kind, sentence, options) : null;
      const values = value === null ? [] : Array.isArray(value) ? value : [value];
      fields[path] = { items: cited ? values.map((item) => ({ value: item, ...cited })) : [] };
      continue;
    }
    const record = Object.fromEntries(
      members.map(([name, member]) => {
        const kind = kindOfField(member);
        const value = sentence ? valueFrom(kind, sentence, enumOf(member)) : null;
        const isList = member.type === "array";
        return [name, isList ? (value === null ? [] : Array.isArray(value) ? value : [value]) : value];
      }),
    );
    const filled = Object.values(record).some((value) => value !== null && !(Array.isArray(value) && !value.length));
    fields[path] = { items: cited && filled ? [{ ...record, ...cited }] : [] };
  }
  const reply: Record<string, unknown> = {
    fields,
    summary: firstSentence ? `The page states: ${firstSentence}` : "The passages do not say.",
    confidence: 0.8,
  };
  const person = nullPerson(request.jsonSchema);
  return person ? { ...reply, person } : reply;
}

/** A check of answers or fields: a weak model cannot grade itself, so it approves everything. */
function checkReply(request: FakeChatRequest): Record<string, unknown> {
  if (request.schemaName === "answer_check") return { supported: true, reason: "The passages state it." };
  const paths = ((request.jsonSchema?.properties as JsonSchema | undefined)?.fields as JsonSchema | undefined)
    ?.properties as Record<string, unknown> | undefined;
  return { fields: Object.fromEntries(Object.keys(paths ?? {}).map((path) => [path, true])) };
}

/**
 * Answers as a small local model does at its worst, knowing no expected answer: it takes the
 * sentence (or table row, or card line) of the passages that shares the most words with the
 * question, and answers from it naively: its first number (even inside another token, "3M" is 3),
 * its first year, its first dozen words, the options it names, true unless it has a negation
 * word, or the address of the page it came from. It always quotes that sentence exactly, so every
 * quote is on its page; whether the quote answers the question is for verification to tell.
 * Answers in the caller's shape are filled field by field the same way; checks of either
 * (`answer_check`, `object_check`) approve everything.
 */
export const weakReaderResponder: FakeChatResponder = (request) => {
  if (request.schemaName === "answer_check" || request.schemaName === "object_check")
    return { kind: "json", value: checkReply(request) };
  const properties = (request.jsonSchema?.properties ?? {}) as JsonSchema;
  if (request.schemaName === "research_object" || "fields" in properties)
    return { kind: "json", value: objectReply(request) };
  if ("citations" in properties) return { kind: "json", value: typedReply(request) };
  return { kind: "json", value: request.jsonSchema ? exampleFromSchema(request.jsonSchema) : {} };
};
