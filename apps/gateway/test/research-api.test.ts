import { createHash } from "node:crypto";
import { companyResearchResponseSchema, personResearchResponseSchema } from "@dossier/contract";
import {
  citingResponder,
  companyRequest,
  type Harness,
  researchBodyOf,
  startHarness,
  statedAnswerResponder,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.stop());

/** The parts of /openapi.json these tests read. */
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, unknown>;
  components: {
    schemas: Record<string, { properties?: Record<string, { description?: string }>; enum?: string[] }>;
    securitySchemes: Record<string, unknown>;
  };
}

describe("POST /v1/research/company", () => {
  it("answers 200 with every response field, a request id and the job id", async () => {
    const response = await harness.post(
      "/v1/research/company",
      companyRequest("Is the company SOC 2 Type II certified?", { responseType: "BOOL" }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("x-request-id")).toMatch(/.+/);
    expect(response.headers.get("x-job-id")).toMatch(/^r-/);
    const body = companyResearchResponseSchema.strict().parse(await response.json());
    expect(body).toMatchObject({ answerText: "true", answerNumber: 1 });
    // The fake model cites the sentence that says so; that page is the one source, its words the quote.
    expect(body.sources).toHaveLength(1);
    expect(body.citations).toEqual([
      expect.objectContaining({ url: body.sources[0], quote: expect.stringMatching(/SOC 2 Type II/), source: "page" }),
    ]);
    expect(body.details).toContain(body.citations[0]?.quote);
    expect(body.confidence).toBeGreaterThan(0.2);
    expect(body.confidence).toBeLessThanOrEqual(1);
  });

  it("keeps a sane X-Request-Id given by the caller and passes it to the worker's log lines", async () => {
    const response = await harness.post("/v1/research/company", companyRequest("What does the company sell?"), {
      "x-request-id": "trace-abc-123",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("trace-abc-123");
    const worker = harness.stack.workers[0]!;
    await worker.waitForLog("research finished", 5_000, (line) => line.requestId === "trace-abc-123");
    const workerLines = worker.lines.filter((line) => line.includes("trace-abc-123"));
    expect(workerLines.map((line) => JSON.parse(line).msg)).toEqual(
      expect.arrayContaining(["research started", "research finished"]),
    );
  });

  // Each type with a question the fixture site answers, the model citing the passage that states it.
  it.each([
    [
      "TEXT",
      undefined,
      [
        "In which city was the company founded?",
        "Boston",
        "Northwind Robotics was founded in 2016 in Boston, Massachusetts",
      ],
      // A place is given with the state its quote writes after it.
      (text: string | null, number: number | null) => text === "Boston, Massachusetts" && number === null,
    ],
    [
      "NUMBER",
      undefined,
      ["How many employees does the company have?", 240, "Today Northwind Robotics employs 240 people."],
      (text: string | null, number: number | null) =>
        number === 240 && text === new Intl.NumberFormat("en-US").format(number),
    ],
    [
      "DATE",
      undefined,
      ["When was the company founded?", "2016", "Northwind Robotics was founded in 2016 in Boston, Massachusetts"],
      (text: string | null, number: number | null) => text === "2016" && number === null,
    ],
    [
      "URL",
      undefined,
      [
        "What is the URL of the company's careers page?",
        "https://northwind-robotics.test/careers",
        "We are hiring engineers in Boston and Rotterdam.",
      ],
      (text: string | null, number: number | null) => /^https?:\/\/.*\/careers$/.test(text ?? "") && number === null,
    ],
    [
      "OPTION",
      ["Boston", "Hamburg"],
      [
        "In which city was the company founded?",
        "Boston",
        "Northwind Robotics was founded in 2016 in Boston, Massachusetts",
      ],
      (text: string | null, number: number | null) => text === "Boston" && number === 0,
    ],
    [
      "OPTIONS",
      ["Rotterdam", "Hamburg", "Boston"],
      [
        "Where does the company have a service hub?",
        ["Rotterdam"],
        "We have two offices: our headquarters in Boston and a service hub in Rotterdam.",
      ],
      (text: string | null, number: number | null) => text === '["Rotterdam"]' && number === 1,
    ],
  ] as const)(
    "carries a %s answer in answerText and answerNumber",
    async (responseType, responseOptions, asked, fits) => {
      const [question, answer, phrase] = asked;
      harness.model.setResponder(citingResponder(answer, phrase));
      try {
        const response = await harness.post(
          "/v1/research/company",
          companyRequest(question, {
            responseType,
            ...(responseOptions ? { responseOptions } : {}),
          }),
        );
        expect(response.status).toBe(200);
        const body = await researchBodyOf(response);
        expect(fits(body.answerText, body.answerNumber), JSON.stringify(body)).toBe(true);
        expect(body.citations.length).toBeGreaterThan(0);
      } finally {
        harness.model.setResponder(statedAnswerResponder);
      }
    },
  );

  it("asks the model with a strict json_schema built for the responseType", async () => {
    const before = harness.model.requests.length;
    await harness.post(
      "/v1/research/company",
      companyRequest("Which plan model?", { responseType: "OPTION", responseOptions: ["Seat", "Usage"] }),
    );
    const sent = harness.model.requests[before]!;
    const answer = (sent.jsonSchema!.properties as Record<string, unknown>).answer;
    expect(JSON.stringify(answer)).toContain('"Seat"');
    expect(sent.jsonSchema!.required).toEqual(["answer", "citations", "explanation", "confidence"]);
    expect(sent.userText).toContain("Northwind Robotics");
  });

  it("says 'not enough evidence' with nulls and low confidence, never false or 0", async () => {
    harness.model.setResponder(() => ({
      kind: "json",
      value: { answer: null, citations: [], explanation: "The facts do not say.", confidence: 0.9 },
    }));
    try {
      const response = await harness.post(
        "/v1/research/company",
        companyRequest("Is it profitable?", { responseType: "BOOL" }),
      );
      const body = await researchBodyOf(response);
      expect(body).toMatchObject({
        answerText: null,
        answerNumber: null,
        details: "The facts do not say.",
        sources: [],
      });
      expect(body.confidence).toBeLessThanOrEqual(0.2);
    } finally {
      harness.model.setResponder(statedAnswerResponder);
    }
  });
});

describe("POST /v1/research/person", () => {
  it("returns the request's person normalized, with null for what is unknown", async () => {
    const response = await harness.post("/v1/research/person", {
      question: "What is this person's role?",
      person: {
        firstName: "  JANE ",
        lastName: "VAN DER BERG",
        email: " Jane.vdBerg@Northwind-Robotics.test ",
        phone: "030 1234567",
        title: "VP Engineering",
        linkedinUrl: "https://de.linkedin.com/in/jane-vdberg/?trk=x",
        company: {
          name: "Northwind Robotics",
          location: "Berlin, Germany",
          linkedinUrl: "linkedin.com/company/northwind-robotics/about/",
        },
      },
    });
    expect(response.status).toBe(200);
    const body = personResearchResponseSchema.strict().parse(await response.json());
    expect(body.person).toEqual({
      firstName: "Jane",
      lastName: "van der Berg",
      email: "jane.vdberg@northwind-robotics.test",
      phone: "+49301234567",
      linkedinUrl: "https://www.linkedin.com/in/jane-vdberg",
      jobTitle: "VP Engineering",
      country: "Germany",
      city: "Berlin",
      jobStartDate: null,
      companyName: "Northwind Robotics",
      companyWebsite: "https://northwind-robotics.test",
      companyLinkedinUrl: "https://www.linkedin.com/company/northwind-robotics",
      // Every field comes from the request here, and says so.
      personSources: Object.fromEntries(
        [
          "firstName",
          "lastName",
          "email",
          "phone",
          "linkedinUrl",
          "jobTitle",
          "country",
          "city",
          "companyName",
          "companyWebsite",
          "companyLinkedinUrl",
        ].map((field) => [field, { from: "request" }]),
      ),
    });
  });

  it("strips control and format characters from every text field before anything reads them", async () => {
    const response = await harness.post("/v1/research/person", {
      question: "\u200bWhat is her\u0000 role?\u2069",
      person: {
        firstName: "\u202eJANE\u202c",
        lastName: "Do\u0000e\u200d",
        title: "\u2066VP\u00ad Engineering\u2069",
        email: "\ufeffjane.doe@northwind-robotics.test",
        company: { name: "North\u200bwind Robotics\u200f", location: "Berlin,\u0007 Germany" },
      },
    });
    expect(response.status).toBe(200);
    const body = await researchBodyOf(response);
    expect(body.person).toMatchObject({
      firstName: "Jane",
      lastName: "Doe",
      jobTitle: "VP Engineering",
      email: "jane.doe@northwind-robotics.test",
      companyName: "Northwind Robotics",
      country: "Germany",
      city: "Berlin",
    });
    expect(harness.model.requests.at(-1)!.userText).toContain("What is her role?");
  });

  it("takes the company website from the registrable domain of an e-mail at a subdomain", async () => {
    const response = await harness.post("/v1/research/person", {
      question: "Who is this, at a subdomain?",
      person: { email: "sam@us.alder-finch.test" },
    });
    expect(response.status).toBe(200);
    expect((await researchBodyOf(response)).person?.companyWebsite).toBe("https://alder-finch.test");
  });

  it("takes the country from the calling code of a phone number written with 00, and keeps the number as given", async () => {
    const response = await harness.post("/v1/research/person", {
      question: "Where is he based?",
      person: { firstName: "Kwame", lastName: "Mensah", phone: "00233 30 123 4567", company: { name: "Quillstone" } },
    });
    expect(response.status).toBe(200);
    const person = (await researchBodyOf(response)).person;
    expect(person?.country).toBe("Ghana");
    // No numbering plan range holds it, so it cannot be written in E.164: it stays as the caller wrote it.
    expect(person?.phone).toBe("00233 30 123 4567");
  });

  it("accepts a person identified by e-mail alone", async () => {
    const response = await harness.post("/v1/research/person", {
      question: "Who is this?",
      person: { email: "sam@alder-finch.test" },
    });
    expect(response.status).toBe(200);
    expect((await researchBodyOf(response)).person?.companyWebsite).toBe("https://alder-finch.test");
  });
});

describe("operations endpoints", () => {
  it("GET /healthz answers without a key", async () => {
    const response = await fetch(`${harness.stack.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("GET /readyz reports Redis, the live worker, the model endpoint and the search provider", async () => {
    const response = await fetch(`${harness.stack.baseUrl}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready", redis: "ok", workers: 1, model: "ok", search: "ok" });
  });

  it("GET /metrics has requests by route and status, job durations, queue depth and model usage", async () => {
    const text = await (await fetch(`${harness.stack.baseUrl}/metrics`)).text();
    expect(text).toMatch(
      /dossier_http_requests_total\{method="POST",route="\/v1\/research\/company",status="200"\} \d+/,
    );
    expect(text).toMatch(/dossier_job_duration_seconds_count\{kind="company"\} \d+/);
    expect(text).toMatch(/dossier_queue_jobs\{state="waiting"\} \d+/);
    expect(text).toMatch(/dossier_model_calls_total\{kind="company"\} \d+/);
    expect(text).toMatch(/dossier_model_tokens_total\{type="prompt"\} \d+/);
    // The histogram is cumulative and its +Inf bucket is the count.
    const buckets = [...text.matchAll(/dossier_job_duration_seconds_bucket\{kind="company",le="([^"]+)"\} (\d+)/g)].map(
      (match) => Number(match[2]),
    );
    const count = Number(/dossier_job_duration_seconds_count\{kind="company"\} (\d+)/.exec(text)![1]);
    expect(buckets.length).toBeGreaterThan(5);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(buckets.at(-1)).toBe(count);
    expect(count).toBeGreaterThan(0);
  });

  it("GET /openapi.json is OpenAPI 3.1 generated from the schemas, with both operations", async () => {
    const document = (await (await fetch(`${harness.stack.baseUrl}/openapi.json`)).json()) as OpenApiDocument;
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/v1/research/person", "/v1/research/company"]),
    );
    expect(document.components.schemas.Company?.properties?.numEmployees?.description).toMatch(/Head count/);
    expect(document.components.schemas.ResponseType?.enum).toEqual([
      "TEXT",
      "BOOL",
      "NUMBER",
      "DATE",
      "URL",
      "OPTION",
      "OPTIONS",
    ]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "x-api-key",
    });
  });

  it("GET / sends a browser to the console", async () => {
    const response = await fetch(`${harness.stack.baseUrl}/`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/console");
    const followed = await fetch(`${harness.stack.baseUrl}/`);
    expect(followed.status).toBe(200);
    expect(followed.headers.get("content-type")).toMatch(/text\/html/);
  });

  it("GET /docs is a readable HTML reference", async () => {
    const response = await fetch(`${harness.stack.baseUrl}/docs`);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    // No script may run in it, its inline style only by hash, and the browser must not guess its type.
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).toContain("frame-ancestors 'none'");
    const html = await response.text();
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(policy).toContain(`'sha256-${createHash("sha256").update(style).digest("base64")}'`);
    expect(html).toContain("/v1/research/person");
    expect(html).toContain("annualRevenue");
  });
});
