import {
  companyRequest,
  type Harness,
  type ProvenFields,
  problemOf,
  provenFieldsResponder,
  researchBodyOf,
  startHarness,
  statedAnswerResponder,
  TEST_API_KEY,
  TEST_COMPANY,
} from "@dossier/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.stop());
afterEach(() => harness.model.setResponder(statedAnswerResponder));

const site = "https://northwind-robotics.test";

const companyProfile = {
  type: "object",
  description: "A company profile",
  properties: {
    hq: { type: "string", description: "City of the headquarters" },
    founded: { type: "integer", description: "Year the company was founded" },
    headcount: { type: "integer", description: "Number of employees" },
    revenueUsd: { type: "number", description: "Annual revenue in US dollars" },
    funding: {
      type: "array",
      description: "Funding rounds",
      items: {
        type: "object",
        properties: {
          round: { type: "string", description: "Name of the round" },
          amountUsd: { type: "number", description: "Amount raised in US dollars" },
          leadInvestor: { type: "string", description: "Investor who led the round" },
        },
      },
    },
  },
};

const seriesC = "announced an $85 million Series C round led by Granite Peak Ventures";

/** What a careful model answers for the profile: each value with the words of a page that state it. */
const profileAnswers: ProvenFields = {
  hq: { value: "Boston", phrase: "Northwind Robotics was founded in 2016 in Boston, Massachusetts" },
  founded: { value: 2016, phrase: "Northwind Robotics was founded in 2016 in Boston, Massachusetts" },
  headcount: { value: 240, phrase: "Today Northwind Robotics employs 240 people." },
  revenueUsd: null,
  funding: [
    {
      value: { round: "Series C", amountUsd: 85_000_000, leadInvestor: "Granite Peak Ventures" },
      phrase: seriesC,
    },
  ],
};

/** The `fields` part of a reply schema the model was sent. */
function replyFields(schema: Record<string, unknown> | undefined): Record<string, unknown> {
  const properties = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
  return properties.fields ?? {};
}

async function ask(question: string, outputSchema: unknown, extra: Record<string, unknown> = {}) {
  const response = await harness.post("/v1/research/company", companyRequest(question, { outputSchema, ...extra }));
  expect(response.status).toBe(200);
  return researchBodyOf(response);
}

describe("outputSchema", () => {
  it("answers a company profile in its shape, each field with the quote that states it", async () => {
    harness.model.setResponder(provenFieldsResponder(profileAnswers, statedAnswerResponder));
    const body = await ask("Outputs: the company's profile", companyProfile);

    expect(body.answerObject).toEqual({
      hq: "Boston",
      founded: 2016,
      headcount: 240,
      revenueUsd: null,
      funding: [{ round: "Series C", amountUsd: 85_000_000, leadInvestor: "Granite Peak Ventures" }],
    });
    expect(body.fieldCitations).toEqual({
      hq: [{ url: `${site}/about`, quote: "Northwind Robotics was founded in 2016 in Boston, Massachusetts" }],
      founded: [{ url: `${site}/about`, quote: "Northwind Robotics was founded in 2016 in Boston, Massachusetts" }],
      headcount: [{ url: `${site}/about`, quote: "Today Northwind Robotics employs 240 people." }],
      "funding[0]": [{ url: `${site}/news/series-c`, quote: seriesC }],
    });
    expect(Object.keys(body.fieldConfidence ?? {})).toEqual(["hq", "founded", "headcount", "funding[0]"]);
    for (const value of Object.values(body.fieldConfidence ?? {})) expect(value).toBeGreaterThan(0.7);
    expect(body.answerText).toBe(
      "hq: Boston; founded: 2016; headcount: 240; funding: Series C (85,000,000, Granite Peak Ventures); not stated: revenueUsd",
    );
    expect(body.answerNumber).toBeNull();
    // The union of the fields' quotes, each once, and their pages.
    expect(body.citations.map((citation) => [citation.url, citation.quote])).toEqual([
      [`${site}/about`, "Northwind Robotics was founded in 2016 in Boston, Massachusetts"],
      [`${site}/about`, "Today Northwind Robotics employs 240 people."],
      [`${site}/news/series-c`, seriesC],
    ]);
    expect(body.citations[2]).toMatchObject({ publishedAt: "2023-03-14", source: "page" });
    expect(body.sources).toEqual([`${site}/about`, `${site}/news/series-c`]);
    expect(body.confidence).toBeGreaterThan(0.7);
    // The model's own summary is not drawn from the quotes, so the details name what states the fields.
    expect(body.details).toBe(
      "4 of 5 fields are stated by the pages read: “About Northwind Robotics”, “Northwind Robotics raises $85 million Series C”.",
    );
  });

  it("asks the model with the fixed system prompt first and a flat, strict reply schema", async () => {
    harness.model.setResponder(provenFieldsResponder(profileAnswers, statedAnswerResponder));
    await ask("Outputs: the company's profile, the reply schema", companyProfile);
    const call = harness.model.requests.findLast((request) => request.schemaName === "research_object");
    expect(call?.messages[0]).toMatchObject({ role: "system" });
    expect(call?.messages[0]?.content).toMatch(/^You are a careful research analyst\. You fill in named fields/);
    expect(call?.userText).toContain(
      "- `funding` (a list of up to 50 records, each with `round` (a short text: Name of the round), `amountUsd`",
    );
    const fields = replyFields(call?.jsonSchema);
    expect(fields.additionalProperties).toBe(false);
    expect(Object.keys(fields.properties as object)).toEqual(["hq", "founded", "headcount", "revenueUsd", "funding"]);
    expect((fields.properties as Record<string, unknown>).hq).toMatchObject({
      type: "object",
      required: ["value", "passage", "quote"],
      additionalProperties: false,
    });
  });

  it("answers a compliance checklist of booleans; what the pages do not say is null", async () => {
    harness.model.setResponder(
      provenFieldsResponder(
        {
          soc2Type2: { value: true, phrase: "Northwind Robotics is SOC 2 Type II compliant" },
          iso27001: { value: true, phrase: "We have been certified to ISO 27001 since May 2022." },
          gdpr: { value: true, phrase: "As a processor for European customers we comply with the GDPR" },
          hipaa: null,
        },
        statedAnswerResponder,
      ),
    );
    const body = await ask("Outputs: the company's compliance checklist", {
      type: "object",
      properties: {
        soc2Type2: { type: "boolean", description: "Is the company SOC 2 Type II compliant?" },
        iso27001: { type: "boolean", description: "Is it ISO 27001 certified?" },
        gdpr: { type: "boolean", description: "Does it comply with the GDPR?" },
        hipaa: { type: "boolean", description: "Is it HIPAA compliant?" },
      },
    });
    expect(body.answerObject).toEqual({ soc2Type2: true, iso27001: true, gdpr: true, hipaa: null });
    expect(Object.keys(body.fieldCitations ?? {})).toEqual(["soc2Type2", "iso27001", "gdpr"]);
    expect(body.sources).toEqual([`${site}/security`]);
    expect(body.answerText).toBe("soc2Type2: yes; iso27001: yes; gdpr: yes; not stated: hipaa");
  });

  it("gives a batch's answer objects as a CSV column, for the batches whose items asked for one", async () => {
    harness.model.setResponder(
      provenFieldsResponder(
        { soc2Type2: { value: true, phrase: "Northwind Robotics is SOC 2 Type II compliant" } },
        statedAnswerResponder,
      ),
    );
    const shape = {
      type: "object",
      properties: { soc2Type2: { type: "boolean", description: "Is the company SOC 2 Type II compliant?" } },
    };
    const accepted = await harness.post("/v1/batches", {
      items: [
        {
          type: "company",
          ref: "shaped",
          request: { ...companyRequest("Outputs: batch SOC 2?"), outputSchema: shape },
        },
        { type: "company", ref: "plain", request: companyRequest("Outputs: batch SOC 2, plainly?") },
      ],
    });
    expect(accepted.status).toBe(202);
    const location = accepted.headers.get("location")!;
    const headers = { "x-api-key": TEST_API_KEY };
    for (let status = ""; status !== "done"; await new Promise((resolve) => setTimeout(resolve, 100))) {
      status = ((await (await fetch(`${harness.stack.baseUrl}${location}`, { headers })).json()) as { status: string })
        .status;
    }
    const rows = (await (await fetch(`${harness.stack.baseUrl}${location}/results?format=csv`, { headers })).text())
      .trim()
      .split("\r\n");
    expect(rows[0]).toBe(
      "index,ref,status,answerText,answerNumber,confidence,details,sources,errorCode,errorDetail,answerObject",
    );
    expect(rows[1]).toMatch(/^0,shaped,200,.*,"\{""soc2Type2"":true\}"$/);
    expect(rows[2]).toMatch(/^1,plain,200,.*,$/);

    const plain = await harness.post("/v1/batches", {
      items: [{ type: "company", request: companyRequest("Outputs: batch SOC 2, plainly?") }],
    });
    const plainLocation = plain.headers.get("location")!;
    const header = (
      await (await fetch(`${harness.stack.baseUrl}${plainLocation}/results?format=csv`, { headers })).text()
    ).split("\r\n")[0];
    expect(header).toBe("index,ref,status,answerText,answerNumber,confidence,details,sources,errorCode,errorDetail");
  });

  it("answers a leadership list, one quote per person", async () => {
    harness.model.setResponder(
      provenFieldsResponder(
        {
          leaders: [
            {
              value: { name: "Dana Whitfield", title: "Chief Executive Officer and Co-founder" },
              phrase: "Dana Whitfield — Chief Executive Officer and Co-founder",
            },
            {
              value: { name: "Ian Porter", title: "Chief Operating Officer and Co-founder" },
              phrase: "Ian Porter — Chief Operating Officer and Co-founder",
            },
            {
              value: { name: "Marcus Oyelaran", title: "Chief Technology Officer" },
              phrase: "Marcus Oyelaran — Chief Technology Officer",
            },
          ],
        },
        statedAnswerResponder,
      ),
    );
    const body = await ask("Outputs: who leads the company", {
      type: "object",
      properties: {
        leaders: {
          type: "array",
          description: "The company's executives",
          items: {
            type: "object",
            properties: { name: { type: "string" }, title: { type: "string", description: "Job title" } },
          },
        },
      },
    });
    expect(body.answerObject).toEqual({
      leaders: [
        { name: "Dana Whitfield", title: "Chief Executive Officer and Co-founder" },
        { name: "Ian Porter", title: "Chief Operating Officer and Co-founder" },
        { name: "Marcus Oyelaran", title: "Chief Technology Officer" },
      ],
    });
    expect(body.fieldCitations?.["leaders[2]"]).toEqual([
      { url: `${site}/team`, quote: "Marcus Oyelaran — Chief Technology Officer" },
    ]);
  });

  it("withholds an invented value: a field whose quote does not state it is null, a record with none is dropped", async () => {
    harness.model.setResponder(
      provenFieldsResponder(
        {
          ...profileAnswers,
          // A real sentence of the page, but not the number given.
          headcount: { value: 900, phrase: "Today Northwind Robotics employs 240 people." },
          funding: [
            {
              value: { round: "Series C", amountUsd: 85_000_000, leadInvestor: "Granite Peak Ventures" },
              phrase: seriesC,
            },
            { value: { round: "Series D", amountUsd: 300_000_000, leadInvestor: "Invented Capital" }, phrase: seriesC },
          ],
        },
        statedAnswerResponder,
      ),
    );
    const body = await ask("Outputs: the company's profile, with invented values", companyProfile);
    expect(body.answerObject).toMatchObject({ headcount: null, revenueUsd: null });
    expect(body.answerObject?.funding).toEqual([
      { round: "Series C", amountUsd: 85_000_000, leadInvestor: "Granite Peak Ventures" },
    ]);
    expect(body.fieldCitations?.headcount).toBeUndefined();
    expect(body.fieldCitations?.["funding[1]"]).toBeUndefined();
    expect(body.details).toMatch(/4 values the model gave were not stated by their quotes and are left out\./);
    expect(body.answerText).toMatch(/not stated: headcount, revenueUsd$/);
  });

  it("is null in every field, with a low confidence, when no passage states any", async () => {
    const body = await ask("Outputs: nothing the model can cite", companyProfile);
    expect(body.answerObject).toEqual({
      hq: null,
      founded: null,
      headcount: null,
      revenueUsd: null,
      funding: null,
    });
    expect(body).toMatchObject({ answerText: null, answerNumber: null, sources: [], citations: [] });
    expect(body.fieldCitations).toEqual({});
    expect(body.confidence).toBeLessThanOrEqual(0.2);
    expect(body.details).toMatch(/^Not enough evidence: no passage read states any of the 5 fields/);
  });

  it("deep checks every value with a second call and withdraws what it does not confirm", async () => {
    harness.model.setResponder(
      provenFieldsResponder(profileAnswers, (request) =>
        request.schemaName === "object_check"
          ? {
              kind: "json",
              value: {
                fields: Object.fromEntries(
                  Object.keys(replyFields(request.jsonSchema).properties ?? {}).map((path) => [
                    path,
                    path !== "headcount",
                  ]),
                ),
              },
            }
          : statedAnswerResponder(request),
      ),
    );
    const body = await ask("Outputs: the company's profile, checked", companyProfile, { effort: "deep" });
    expect(body.usage?.modelCalls).toBe(2);
    const check = harness.model.requests.findLast((request) => request.schemaName === "object_check");
    expect(check?.userText).toContain('- `funding[0]`: {"round":"Series C","amountUsd":85000000');
    expect(body.answerObject).toMatchObject({ hq: "Boston", founded: 2016, headcount: null });
    expect(Object.keys(body.fieldCitations ?? {})).toEqual(["hq", "founded", "funding[0]"]);
  });

  it("is a job of its own: another schema is another run", async () => {
    harness.model.setResponder(provenFieldsResponder(profileAnswers, statedAnswerResponder));
    const question = "Outputs: one question, two shapes";
    const first = await harness.post(
      "/v1/research/company",
      companyRequest(question, { outputSchema: companyProfile }),
    );
    const second = await harness.post(
      "/v1/research/company",
      companyRequest(question, {
        outputSchema: {
          type: "object",
          properties: { hq: { type: "string", description: "City of the headquarters" } },
        },
      }),
    );
    expect(first.headers.get("x-job-id")).not.toBe(second.headers.get("x-job-id"));
    expect((await researchBodyOf(second)).answerObject).toEqual({ hq: "Boston" });
  });

  it("fills a person's fields and still returns the person record", async () => {
    harness.model.setResponder(
      provenFieldsResponder(
        {
          role: { value: "Director of Product", phrase: "Sarah Chen — Director of Product" },
          startedOn: { value: "2019-03", phrase: "She joined Northwind in March 2019" },
        },
        statedAnswerResponder,
      ),
    );
    const response = await harness.post("/v1/research/person", {
      question: "Outputs: her role and start",
      person: { firstName: "Sarah", lastName: "Chen", company: TEST_COMPANY },
      outputSchema: {
        type: "object",
        properties: {
          role: { type: "string", description: "Current job title" },
          startedOn: { type: "string", format: "date", description: "When she joined the company" },
        },
      },
    });
    expect(response.status).toBe(200);
    const body = await researchBodyOf(response);
    expect(body.answerObject).toEqual({ role: "Director of Product", startedOn: "2019-03" });
    expect(body.person).toMatchObject({ firstName: "Sarah", lastName: "Chen", companyName: "Northwind Robotics" });
  });

  it("answers 422 naming a property a plain object cannot hold (__proto__, constructor), on a call and as a batch item", async () => {
    // Written as text: an object literal would take "__proto__" for its prototype.
    const schema = `{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"},"hq":{"type":"string"}}}`;
    const request = `{"question":"Outputs: reserved names?","company":${JSON.stringify(TEST_COMPANY)},"outputSchema":${schema}}`;
    const response = await harness.post("/v1/research/company", request);
    expect(response.status).toBe(422);
    const problem = await problemOf(response);
    expect(problem.errors?.map((error) => error.path)).toEqual([
      "outputSchema.properties.__proto__",
      "outputSchema.properties.constructor",
    ]);
    expect(problem.errors?.[0]?.message).toMatch(/reserved name/);

    const batch = await harness.post(
      "/v1/batches",
      `{"items":[{"type":"company","request":${request}},{"type":"company","request":${JSON.stringify(companyRequest("Outputs: a fine item?"))}}]}`,
    );
    expect(batch.status).toBe(202);
    const location = batch.headers.get("location")!;
    const headers = { "x-api-key": TEST_API_KEY };
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const view = (await (await fetch(`${harness.stack.baseUrl}${location}`, { headers })).json()) as {
        status: string;
      };
      if (view.status === "done") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const lines = (await (await fetch(`${harness.stack.baseUrl}${location}/results`, { headers })).text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { status: number; problem?: { errors?: Array<{ path: string }> } });
    expect(lines.map((line) => line.status)).toEqual([422, 200]);
    expect(lines[0]!.problem?.errors?.map((error) => error.path)).toContain("outputSchema.properties.constructor");
  });

  it("answers 422 naming each path of a schema outside the subset", async () => {
    const response = await harness.post(
      "/v1/research/company",
      companyRequest("Outputs: a schema outside the subset", {
        responseType: "NUMBER",
        outputSchema: {
          type: "object",
          properties: {
            hq: { type: "string", pattern: "^B" },
            offices: { type: "array", items: { type: "array", items: { type: "string" } } },
            ceo: { $ref: "#/definitions/person" },
          },
        },
      }),
    );
    expect(response.status).toBe(422);
    const problem = await problemOf(response);
    expect(problem.code).toBe("REQUEST_VALIDATION_FAILED");
    expect(problem.errors?.map((error) => error.path)).toEqual([
      "outputSchema.properties.hq.pattern",
      "outputSchema.properties.offices.items.type",
      "outputSchema.properties.ceo.$ref",
      "outputSchema.properties.ceo.type",
      "responseType",
    ]);
    const nested = await harness.post(
      "/v1/research/company",
      companyRequest("Outputs: too deep", {
        outputSchema: {
          type: "object",
          properties: { a: { type: "object", properties: { b: { type: "object", properties: {} } } } },
        },
      }),
    );
    expect(nested.status).toBe(422);
    expect((await problemOf(nested)).errors).toEqual([
      { path: "outputSchema.properties.a.properties.b.type", message: "objects nest at most two levels" },
    ]);
  });
});
