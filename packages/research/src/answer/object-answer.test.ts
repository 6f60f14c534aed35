import { readOutputSchema, validateResearchRequest } from "@dossier/contract";
import { type FakeChatServer, startFakeChatServer } from "@dossier/testing";
import { afterEach, describe, expect, it } from "vitest";
import { toResponseJsonSchema } from "./generate-structured.js";
import {
  answerObjectFromEvidence,
  buildObjectPrompt,
  OBJECT_SYSTEM_PROMPT,
  objectReplySchema,
} from "./object-answer.js";
import { OpenAiCompatibleChatModel } from "./openai-compatible-chat-model.js";

const read = readOutputSchema({
  type: "object",
  description: "A company profile",
  properties: {
    hq: { type: "string", description: "City of the headquarters" },
    founded: { type: "integer" },
    soc2: { type: "boolean" },
    address: { type: "object", properties: { country: { type: "string" } } },
    clouds: { type: "array", items: { enum: ["AWS", "GCP"] } },
    leaders: {
      type: "array",
      items: { type: "object", properties: { name: { type: "string" }, title: { type: "string" } } },
    },
  },
});
if (!read.ok) throw new Error(JSON.stringify(read.errors));
const schema = read.schema;

const validation = validateResearchRequest("company", { question: "Profile?", company: { name: "Acme" } });
if (!validation.ok) throw new Error("invalid request");
const request = validation.request;

let server: FakeChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("objectReplySchema", () => {
  it("is flat and strict: one key per field path, each a { value, passage, quote } or a list of them", () => {
    const json = toResponseJsonSchema(objectReplySchema(schema)) as {
      properties: { fields: { properties: Record<string, Record<string, unknown>>; additionalProperties: boolean } };
    };
    const fields = json.properties.fields;
    expect(Object.keys(fields.properties)).toEqual(["hq", "founded", "soc2", "address.country", "clouds", "leaders"]);
    expect(fields.additionalProperties).toBe(false);
    expect(fields.properties.founded).toMatchObject({
      properties: { value: { anyOf: [{ type: "integer" }, { type: "null" }] }, passage: { type: "string" } },
      required: ["value", "passage", "quote"],
      additionalProperties: false,
    });
    expect(fields.properties.leaders).toMatchObject({
      properties: {
        items: {
          type: "array",
          items: { required: ["name", "title", "passage", "quote"], additionalProperties: false },
        },
      },
    });
  });

  it("tells the model each field's kind and description, after a fixed system prompt", async () => {
    const prompt = buildObjectPrompt(request, schema, new Map());
    expect(prompt).toContain("A company profile");
    expect(prompt).toContain("- `hq` (a short text): City of the headquarters");
    expect(prompt).toContain("- `founded` (a whole number)");
    expect(prompt).toContain('- `clouds` (a list of up to 50, each exactly one of "AWS", "GCP")');
    expect(prompt).toContain("`name` (a short text), `title` (a short text)");

    server = await startFakeChatServer();
    const model = new OpenAiCompatibleChatModel({
      baseUrl: server.url,
      model: "fake",
      apiKey: undefined,
      timeoutMs: 5_000,
      maxRetries: 0,
    });
    const answered = await answerObjectFromEvidence(model, request, schema, new Map());
    expect(server.requests[0]!.messages[0]!.content).toBe(OBJECT_SYSTEM_PROMPT);
    expect(server.requests[0]!.schemaName).toBe("research_object");
    expect(answered.reply.fields.hq).toEqual({ value: "example", passage: "example", quote: "example" });
  });
});
