import { describe, expect, it } from "vitest";
import type { FakeChatRequest } from "./start-fake-chat-server.js";
import { weakReaderResponder } from "./weak-reader-responder.js";

type JsonSchema = Record<string, unknown>;

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: "null" }] });
const citedValue = (value: JsonSchema): JsonSchema => ({
  type: "object",
  properties: { value, passage: { type: "string" }, quote: { type: "string" } },
});

/** The typed answer's schema as Dossier sends it (zod's JSON Schema of `answer-from-evidence.ts`). */
function answerSchema(answer: JsonSchema, kind: "company" | "person"): JsonSchema {
  const citation = { type: "object", properties: { passage: { type: "string" }, quote: { type: "string" } } };
  const person = nullable(citedValue({ type: "string" }));
  return {
    type: "object",
    properties: {
      answer,
      citations: { type: "array", items: citation },
      explanation: { type: "string" },
      confidence: { type: "number", minimum: 0, maximum: 1 },
      ...(kind === "person"
        ? {
            person: {
              type: "object",
              properties: { jobTitle: person, city: person, country: person, jobStartDate: person },
            },
          }
        : {}),
    },
  };
}

const ANSWER_SCHEMAS: Record<string, (options: string[]) => JsonSchema> = {
  TEXT: () => nullable({ type: "string" }),
  BOOL: () => nullable({ type: "boolean" }),
  NUMBER: () => nullable({ type: "number" }),
  DATE: () => nullable({ type: "string", pattern: "^\\d{4}(-\\d{2}(-\\d{2})?)?$" }),
  URL: () => nullable({ type: "string", pattern: "^https?:\\/\\/\\S+$" }),
  OPTION: (options) => nullable({ type: "string", enum: options }),
  OPTIONS: (options) => nullable({ type: "array", items: { type: "string", enum: options } }),
};

interface PassageText {
  url: string;
  text: string;
}

/** The passage blocks as the evidence prompt writes them. */
const passageBlocks = (passages: readonly PassageText[]) =>
  passages.map((passage, index) => `<passage id="P${index + 1}" url="${passage.url}">\n${passage.text}\n</passage>`);

function chatRequest(schemaName: string, jsonSchema: JsonSchema, userText: string): FakeChatRequest {
  return {
    index: 0,
    model: "fake-model",
    messages: [
      { role: "system", content: "You are a careful research analyst." },
      { role: "user", content: userText },
    ],
    jsonSchema,
    schemaName,
    userText,
    authorization: undefined,
  };
}

/** A typed research call, its user message in the layout of `buildEvidencePrompt`. */
function typedRequest(options: {
  question: string;
  type: string;
  passages: PassageText[];
  responseOptions?: string[];
  kind?: "company" | "person";
}): FakeChatRequest {
  const kind = options.kind ?? "company";
  const prompt = [
    `Question about a ${kind}: ${options.question}`,
    `Answer type: ${options.type}. \`answer\`: as the type says.`,
    `<facts>\n${JSON.stringify(kind === "company" ? { name: "Acme" } : { firstName: "Jane", lastName: "Doe" })}\n</facts>`,
    `Evidence passages:\n${passageBlocks(options.passages).join("\n")}`,
  ].join("\n\n");
  const answer = ANSWER_SCHEMAS[options.type]!(options.responseOptions ?? []);
  return chatRequest("research_answer", answerSchema(answer, kind), prompt);
}

async function reply(request: FakeChatRequest): Promise<Record<string, unknown>> {
  const answered = await weakReaderResponder(request);
  if (answered.kind !== "json") throw new Error(`expected a JSON reply, got ${answered.kind}`);
  return answered.value as Record<string, unknown>;
}

const ABOUT = "https://acme.example/about";
const TEAM = "https://acme.example/team";

describe("the weak reader's typed answers", () => {
  it("answers from the sentence sharing the most question words, quoting it exactly with confidence 0.8", async () => {
    const value = await reply(
      typedRequest({
        question: "How many employees does Acme have?",
        type: "NUMBER",
        passages: [
          { url: ABOUT, text: "Acme was founded in 2015. It sells anvils." },
          { url: TEAM, text: "Our team is small! Acme has 1,200 employees in 4 countries. Say hello." },
        ],
      }),
    );
    expect(value).toEqual({
      answer: 1200,
      citations: [{ passage: "P2", quote: "Acme has 1,200 employees in 4 countries." }],
      explanation: "The page states: Acme has 1,200 employees in 4 countries.",
      confidence: 0.8,
    });
  });

  it("reads the first number anywhere, even inside another token, and a year as an amount", async () => {
    const numberFrom = async (text: string, question: string) =>
      (await reply(typedRequest({ question, type: "NUMBER", passages: [{ url: ABOUT, text }] }))).answer;
    expect(await numberFrom("Acme works with 3M on 12 projects.", "How many projects does Acme run?")).toBe(3);
    expect(
      await numberFrom("The foundation is a 501(c)(3) nonprofit.", "How many staff does the foundation have?"),
    ).toBe(501);
    expect(await numberFrom("Our partner 42Crunch audits the API.", "Who audits the API?")).toBe(42);
    expect(await numberFrom("In 2021 we raised our seed round.", "How much did we raise in the seed round?")).toBe(
      2021,
    );
  });

  it("takes a sentence's first year as a DATE, and a line of a table or card as one sentence", async () => {
    const value = await reply(
      typedRequest({
        question: "When did the chief marketing officer join?",
        type: "DATE",
        passages: [
          { url: TEAM, text: "Ann Lee, Chief Technology Officer, 2012\nBob Ray, Chief Marketing Officer, 2019" },
        ],
      }),
    );
    expect(value.answer).toBe("2019");
    expect(value.citations).toEqual([{ passage: "P1", quote: "Bob Ray, Chief Marketing Officer, 2019" }]);
  });

  it("answers TEXT with the sentence's first dozen words, and takes the earliest sentence on a tie", async () => {
    const value = await reply(
      typedRequest({
        question: "Who founded Acme?",
        type: "TEXT",
        passages: [
          {
            url: ABOUT,
            text: "Acme began in a garage in Tartu with two friends who liked anvils very much indeed. Acme grew.",
          },
        ],
      }),
    );
    expect(value.answer).toBe("Acme began in a garage in Tartu with two friends who liked");
    expect(value.citations).toEqual([
      { passage: "P1", quote: "Acme began in a garage in Tartu with two friends who liked anvils very much indeed." },
    ]);
  });

  it("names the options a sentence contains, whatever their case, and none when it contains none", async () => {
    const ask = (type: string, text: string) =>
      reply(
        typedRequest({
          question: "Which clouds does Acme run on?",
          type,
          responseOptions: ["AWS", "GCP", "Azure"],
          passages: [{ url: ABOUT, text }],
        }),
      );
    expect((await ask("OPTIONS", "Acme runs on gcp and AWS today.")).answer).toEqual(["AWS", "GCP"]);
    expect((await ask("OPTION", "Acme runs on gcp and AWS today.")).answer).toBe("AWS");
    expect(await ask("OPTIONS", "Acme runs on its own servers.")).toMatchObject({ answer: null, citations: [] });
  });

  it("says true unless the sentence has a negation word", async () => {
    const ask = async (text: string) =>
      (
        await reply(
          typedRequest({ question: "Is Acme SOC 2 certified?", type: "BOOL", passages: [{ url: ABOUT, text }] }),
        )
      ).answer;
    expect(await ask("Acme encrypts data at rest, as SOC 2 asks.")).toBe(true);
    expect(await ask("Acme is not SOC 2 certified yet.")).toBe(false);
    expect(await ask("Acme hasn't started its SOC 2 audit.")).toBe(false);
    expect(await ask("Acme ships without a SOC 2 report.")).toBe(false);
  });

  it("answers a URL question with the address of the page the sentence came from", async () => {
    const value = await reply(
      typedRequest({
        question: "Where is Acme's source code hosted?",
        type: "URL",
        passages: [
          { url: ABOUT, text: "Acme sells anvils." },
          { url: TEAM, text: "Our source code moved to a new host last year." },
        ],
      }),
    );
    expect(value.answer).toBe(TEAM);
    expect(value.citations).toEqual([{ passage: "P2", quote: "Our source code moved to a new host last year." }]);
  });

  it("answers null without citations when no sentence shares a word, or the sentence lacks the value asked", async () => {
    const unrelated = await reply(
      typedRequest({ question: "What is the VAT number?", type: "TEXT", passages: [{ url: ABOUT, text: "Anvils." }] }),
    );
    expect(unrelated).toEqual({
      answer: null,
      citations: [],
      explanation: "The passages do not say.",
      confidence: 0.2,
    });
    const noNumber = await reply(
      typedRequest({
        question: "How many offices does Acme have?",
        type: "NUMBER",
        passages: [{ url: ABOUT, text: "Acme has offices around the world." }],
      }),
    );
    expect(noNumber).toMatchObject({ answer: null, citations: [] });
  });

  it("leaves every person field null", async () => {
    const value = await reply(
      typedRequest({
        question: "What is Jane Doe's job title?",
        type: "TEXT",
        kind: "person",
        passages: [{ url: TEAM, text: "Jane Doe is our head of sales in Berlin since 2020." }],
      }),
    );
    expect(value.answer).toBe("Jane Doe is our head of sales in Berlin since 2020.");
    expect(value.person).toEqual({ jobTitle: null, city: null, country: null, jobStartDate: null });
  });
});

/** A `research_object` call, its user message and reply schema as `object-answer.ts` writes them. */
function objectRequest(passages: PassageText[]): FakeChatRequest {
  const prompt = [
    "Question about a company: Profile of Acme",
    [
      "Fields to fill:",
      "- `hq` (a short text): city of the headquarters",
      "- `headcount` (a whole number)",
      "- `soc2` (true or false): audited for SOC 2",
      "- `site` (an absolute http(s) URL): the status page",
      '- `plan` (exactly one of "free", "pro"): cheapest plan',
      '- `clouds` (a list of up to 5, each exactly one of "AWS", "GCP", "Azure"): clouds it runs on',
      "- `leaders` (a list of up to 5 records, each with `name` (a short text), `startYear` (a whole number); one passage and quote per record stating it)",
      "- `address.postalCode` (a short text)",
    ].join("\n"),
    `<facts>\n{"name":"Acme"}\n</facts>`,
    `Evidence passages:\n${passageBlocks(passages).join("\n")}`,
  ].join("\n\n");
  const listOf = (items: JsonSchema): JsonSchema => ({
    type: "object",
    properties: { items: { type: "array", items } },
  });
  const schema = {
    type: "object",
    properties: {
      fields: {
        type: "object",
        properties: {
          hq: citedValue(nullable({ type: "string" })),
          headcount: citedValue(nullable({ type: "integer" })),
          soc2: citedValue(nullable({ type: "boolean" })),
          site: citedValue(nullable({ type: "string", pattern: "^https?:\\/\\/\\S+$" })),
          plan: citedValue(nullable({ type: "string", enum: ["free", "pro"] })),
          clouds: listOf(citedValue({ type: "string", enum: ["AWS", "GCP", "Azure"] })),
          leaders: listOf({
            type: "object",
            properties: {
              name: nullable({ type: "string" }),
              startYear: nullable({ type: "integer" }),
              passage: { type: "string" },
              quote: { type: "string" },
            },
          }),
          "address.postalCode": citedValue(nullable({ type: "string" })),
        },
      },
      summary: { type: "string" },
      confidence: { type: "number" },
    },
  };
  return chatRequest("research_object", schema, prompt);
}

describe("the weak reader's answers in the caller's shape", () => {
  it("fills each field from the sentence sharing most of the question's, the field's name and its description's words", async () => {
    const value = await reply(
      objectRequest([
        {
          url: ABOUT,
          text: [
            "Acme's headquarters sit in a 3M building in Tartu.",
            "Acme has 40 people and runs on Azure and AWS.",
            "Acme has never been audited for SOC 2.",
            "Check the status page for outages.",
            "The pro plan is the cheapest plan since 2021.",
            "Leaders: Ann Lee, CEO, start year 2012.",
          ].join(" "),
        },
      ]),
    );
    const first = "Acme's headquarters sit in a 3M building in Tartu.";
    const cited = (text: string) => ({ passage: "P1", quote: text });
    expect(value.fields).toEqual({
      hq: { value: first, ...cited(first) },
      // "Acme", the question's one word, is in the first sentence before the head count's: 3 from "3M".
      headcount: { value: 3, ...cited(first) },
      soc2: { value: false, ...cited("Acme has never been audited for SOC 2.") },
      site: { value: ABOUT, ...cited("Check the status page for outages.") },
      plan: { value: "pro", ...cited("The pro plan is the cheapest plan since 2021.") },
      clouds: {
        items: [
          { value: "AWS", ...cited("Acme has 40 people and runs on Azure and AWS.") },
          { value: "Azure", ...cited("Acme has 40 people and runs on Azure and AWS.") },
        ],
      },
      leaders: {
        items: [
          {
            name: "Leaders: Ann Lee, CEO, start year 2012.",
            startYear: 2012,
            ...cited("Leaders: Ann Lee, CEO, start year 2012."),
          },
        ],
      },
      "address.postalCode": { value: first, ...cited(first) },
    });
    expect(value.confidence).toBe(0.8);
  });

  it("leaves a field null, and a list empty, when no sentence shares a word with it", async () => {
    const value = await reply(objectRequest([{ url: ABOUT, text: "Anvils, hammers and tongs." }]));
    const fields = value.fields as Record<string, unknown>;
    expect(fields.hq).toEqual({ value: null, passage: "", quote: "" });
    expect(fields.clouds).toEqual({ items: [] });
    expect(fields.leaders).toEqual({ items: [] });
    expect(value.summary).toBe("The passages do not say.");
  });
});

describe("the weak reader's checks", () => {
  it("approves every answer and every field: a weak model cannot grade itself", async () => {
    const answerCheck = chatRequest(
      "answer_check",
      { type: "object", properties: { supported: { type: "boolean" }, reason: { type: "string" } } },
      "Question about a company: Is Acme SOC 2 certified?\n\nAnswer to check (BOOL): true",
    );
    expect((await reply(answerCheck)).supported).toBe(true);
    const objectCheck = chatRequest(
      "object_check",
      {
        type: "object",
        properties: {
          fields: { type: "object", properties: { hq: { type: "boolean" }, "funding[0]": { type: "boolean" } } },
        },
      },
      "Question about a company: Profile of Acme",
    );
    expect(await reply(objectCheck)).toEqual({ fields: { hq: true, "funding[0]": true } });
  });
});
