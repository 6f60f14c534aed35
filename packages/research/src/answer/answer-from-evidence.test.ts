import { type NormalizedResearchRequest, validateResearchRequest } from "@dossier/contract";
import { describe, expect, it } from "vitest";
import { evidenceAnswerSchema } from "./answer-from-evidence.js";
import { toResponseJsonSchema } from "./generate-structured.js";

function companyRequest(fields: Record<string, unknown>): NormalizedResearchRequest {
  const validation = validateResearchRequest("company", {
    question: "Which plan fits?",
    company: { name: "Acme", website: "https://acme.example" },
    ...fields,
  });
  if (!validation.ok) throw new Error(JSON.stringify(validation.errors));
  return validation.request;
}

const reply = (answer: unknown) => ({
  answer,
  citations: [{ passage: "P1", quote: "Acme sells Pro." }],
  explanation: "Stated.",
  confidence: 0.8,
});

describe("evidenceAnswerSchema", () => {
  it("builds one schema per request shape and shares it, with its JSON Schema", () => {
    const first = evidenceAnswerSchema(
      companyRequest({ responseType: "OPTION", responseOptions: ["Basic", "Pro"], context: "lead 1" }),
    );
    const same = evidenceAnswerSchema(
      companyRequest({ responseType: "OPTION", responseOptions: ["Basic", "Pro"], context: "lead 2" }),
    );
    const other = evidenceAnswerSchema(
      companyRequest({ responseType: "OPTION", responseOptions: ["Basic", "Enterprise"] }),
    );
    expect(same).toBe(first);
    expect(other).not.toBe(first);
    expect(toResponseJsonSchema(same)).toBe(toResponseJsonSchema(first));
    expect(toResponseJsonSchema(first)).not.toHaveProperty("$schema");
  });

  it("keeps each shape's own rules", () => {
    const schema = evidenceAnswerSchema(companyRequest({ responseType: "OPTION", responseOptions: ["Basic", "Pro"] }));
    expect(schema.safeParse(reply("Pro")).success).toBe(true);
    expect(schema.safeParse(reply("Enterprise")).success).toBe(false);
    const bool = evidenceAnswerSchema(companyRequest({ responseType: "BOOL" }));
    expect(bool.safeParse(reply(true)).success).toBe(true);
    expect(bool.safeParse(reply("Pro")).success).toBe(false);
  });

  it("keeps a bounded number of shapes: the oldest is built again once many others came after it", () => {
    const shape = { responseType: "OPTION", responseOptions: ["Oldest", "Shape"] };
    const first = evidenceAnswerSchema(companyRequest(shape));
    for (let index = 0; index < 100; index += 1)
      evidenceAnswerSchema(companyRequest({ responseType: "OPTION", responseOptions: [`A${index}`, `B${index}`] }));
    expect(evidenceAnswerSchema(companyRequest(shape))).not.toBe(first);
  });
});

describe("answerFromEvidence on the wire", () => {
  it("caps the reply's tokens by responseType, more for a person's fields", async () => {
    const { startFakeChatServer } = await import("@dossier/testing");
    const { OpenAiCompatibleChatModel } = await import("./openai-compatible-chat-model.js");
    const { answerFromEvidence } = await import("./answer-from-evidence.js");
    const { completionTokenCap } = await import("./answer-schema.js");
    const server = await startFakeChatServer();
    try {
      const model = new OpenAiCompatibleChatModel({ baseUrl: server.url, model: "m", timeoutMs: 5_000, maxRetries: 0 });
      await answerFromEvidence(model, companyRequest({ responseType: "BOOL" }), new Map());
      expect(server.requests.at(-1)?.maxTokens).toBe(completionTokenCap("BOOL", "company"));
      expect(completionTokenCap("TEXT", "company")).toBeGreaterThan(completionTokenCap("BOOL", "company"));
      expect(completionTokenCap("BOOL", "person")).toBeGreaterThan(completionTokenCap("BOOL", "company"));
    } finally {
      await server.close();
    }
  });
});
