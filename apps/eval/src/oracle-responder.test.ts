import type { FakeChatRequest, ResearchCase } from "@dossier/testing";
import { describe, expect, it } from "vitest";
import { createOracleResponder } from "./oracle-responder.js";

const proof = { url: "https://acme.example/sponsors", phrase: "Gold sponsors: Northwind and Lindenhof." };

function optionsCase(id: string, options: string[], answer: string[]): ResearchCase {
  return {
    id,
    kind: "company",
    request: {
      question: "Which of these companies are Gold sponsors of Acme?",
      responseType: "OPTIONS",
      responseOptions: options,
      company: { name: "Acme", website: "https://acme.example" },
    },
    expected: { answerText: JSON.stringify(answer) },
    proof,
  };
}

/** A research call's prompt as the evidence prompt writes it: question, answer type with its options, facts, passages. */
function promptFor(options: string[]): FakeChatRequest {
  const list = options.map((option) => JSON.stringify(option)).join(", ");
  const content = [
    "Question about a company: Which of these companies are Gold sponsors of Acme?",
    `Answer type: OPTIONS. \`answer\`: the list of every option that applies, copied verbatim from: ${list}. An empty list means none applies.`,
    `<facts>\n${JSON.stringify({ name: "Acme", website: "https://acme.example" })}\n</facts>`,
    `<passage id="P1" url="${proof.url}">\n${proof.phrase}\n</passage>`,
  ].join("\n");
  return {
    index: 0,
    model: "fake-model",
    messages: [{ role: "user", content }],
    jsonSchema: undefined,
    schemaName: "research_answer",
    userText: content,
    authorization: undefined,
  };
}

describe("createOracleResponder", () => {
  it("tells apart two cases asking the same of the same subject by the options the prompt states", () => {
    const first = optionsCase("a-gold", ["Northwind", "Tweag", "Lindenhof"], ["Northwind", "Lindenhof"]);
    const second = optionsCase("b-gold", ["Lindenhof", "GitHub"], ["Lindenhof"]);
    const respond = createOracleResponder([first, second], []);
    const answerOf = (options: string[]) => {
      const reply = respond(promptFor(options)) as { kind: string; value: { answer: unknown } };
      return reply.value.answer;
    };
    expect(answerOf(["Lindenhof", "GitHub"])).toEqual(["Lindenhof"]);
    expect(answerOf(["Northwind", "Tweag", "Lindenhof"])).toEqual(["Northwind", "Lindenhof"]);
  });
});
