import { companyRequest, type Harness, type ProblemBody, problemOf, startHarness } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.stop());

function expectProblem(body: ProblemBody, status: number, code: string) {
  expect(body).toMatchObject({
    status,
    code,
    type: expect.stringMatching(/^https:\/\//),
    title: expect.any(String),
    detail: expect.any(String),
  });
}

describe("errors are problem+json and never a 5xx for bad input", () => {
  it("malformed JSON is 400", async () => {
    const response = await harness.post("/v1/research/company", '{"question": "x", ');
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expectProblem(await problemOf(response), 400, "REQUEST_MALFORMED_JSON");
  });

  it("a content type other than JSON is 415", async () => {
    const response = await harness.post("/v1/research/company", "question=x", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(415);
    expectProblem(await problemOf(response), 415, "REQUEST_UNSUPPORTED_MEDIA_TYPE");
  });

  it("a body over 1 MB is 413", async () => {
    const response = await harness.post("/v1/research/company", {
      question: "x",
      context: "a".repeat(1_100_000),
      company: { name: "A" },
    });
    expect(response.status).toBe(413);
    expectProblem(await problemOf(response), 413, "REQUEST_TOO_LARGE");
  });

  it("an unknown route is 404 and a wrong method 405", async () => {
    const missing = await fetch(`${harness.stack.baseUrl}/v1/research/planet`, { method: "POST" });
    expect(missing.status).toBe(404);
    const unknown = await fetch(`${harness.stack.baseUrl}/nowhere`);
    expect(unknown.status).toBe(404);
    expectProblem(await problemOf(unknown), 404, "ROUTE_NOT_FOUND");
    const keyed = await harness.post("/v1/research/planet", {});
    expect(keyed.status).toBe(404);
    const wrongMethod = await fetch(`${harness.stack.baseUrl}/v1/research/company`, {
      headers: { "x-api-key": "test-key-0123456789abcdef" },
    });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
  });

  it("a bad responseType lists the allowed values, and company.domain points to website", async () => {
    const response = await harness.post("/v1/research/company", {
      question: "Is it SOC 2 certified?",
      responseType: "boolean",
      company: { name: "Northwind Robotics", domain: "northwind-robotics.com" },
    });
    expect(response.status).toBe(422);
    const body = await problemOf(response);
    expectProblem(body, 422, "REQUEST_VALIDATION_FAILED");
    expect(body.errors).toEqual([
      {
        path: "responseType",
        message: 'must be one of TEXT, BOOL, NUMBER, DATE, URL, OPTION, OPTIONS, not "boolean"; did you mean BOOL?',
      },
      {
        path: "company.domain",
        message:
          "is not a known field (names are case-sensitive); did you mean website? (it takes a bare domain too, such as acme.com)",
      },
    ]);
  });

  it("an empty body is 422 naming the missing fields", async () => {
    const response = await fetch(`${harness.stack.baseUrl}/v1/research/company`, {
      method: "POST",
      headers: { "x-api-key": "test-key-0123456789abcdef", "content-type": "application/json" },
    });
    expect(response.status).toBe(422);
    const body = await problemOf(response);
    expect((body.errors ?? []).map((error) => error.path)).toEqual(expect.arrayContaining(["(body)"]));
  });

  it("validation names every bad field at once", async () => {
    const response = await harness.post("/v1/research/person", {
      question: "",
      responseType: "MAYBE",
      responseOptions: "yes",
      Person: {},
      person: {
        email: "not-an-email",
        phone: "call me",
        linkedinUrl: "ftp://x.test/in/a",
        company: { website: "http://user:pw@acme.test", numEmployees: -3, annualRevenue: "lots" },
      },
    });
    expect(response.status).toBe(422);
    const body = await problemOf(response);
    expectProblem(body, 422, "REQUEST_VALIDATION_FAILED");
    const paths = (body.errors ?? []).map((error) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "question",
        "responseType",
        "responseOptions",
        "Person",
        "person.email",
        "person.phone",
        "person.linkedinUrl",
        "person.company.website",
        "person.company.numEmployees",
        "person.company.annualRevenue",
      ]),
    );
    for (const error of body.errors ?? []) expect(error.message).toEqual(expect.any(String));
  });

  it.each([
    [
      "a company with nothing that identifies it",
      "company",
      { question: "q", company: { location: "Berlin" } },
      "company",
    ],
    [
      "a company name of only zero-width characters",
      "company",
      { question: "q", company: { name: "\u200b\u200c\u200d\ufeff" } },
      "company",
    ],
    [
      "a company name of only NUL characters",
      "company",
      { question: "q", company: { name: "\u0000\u0000" } },
      "company",
    ],
    [
      "a person whose last name is only bidi controls",
      "person",
      { question: "q", person: { firstName: "Jane", lastName: "\u202e\u2066\u2069", company: { name: "Acme" } } },
      "person",
    ],
    ["a question of only invisible characters", "company", companyRequest("\u200b\u2060\u0000"), "question"],
    ["a person known only by first name", "person", { question: "q", person: { firstName: "Jane" } }, "person"],
    [
      "a person named but without a company",
      "person",
      { question: "q", person: { firstName: "Jane", lastName: "Doe" } },
      "person",
    ],
    [
      "OPTION with one option",
      "company",
      companyRequest("q", { responseType: "OPTION", responseOptions: ["a"] }),
      "responseOptions",
    ],
    ["OPTIONS with none", "company", companyRequest("q", { responseType: "OPTIONS" }), "responseOptions"],
    [
      "options for BOOL",
      "company",
      companyRequest("q", { responseType: "BOOL", responseOptions: ["yes", "no"] }),
      "responseOptions",
    ],
    [
      "repeated options",
      "company",
      companyRequest("q", { responseType: "OPTION", responseOptions: ["A", "a"] }),
      "responseOptions",
    ],
    ["a question over 2000 characters", "company", companyRequest("q".repeat(2001)), "question"],
    [
      "a website on a private address",
      "company",
      { question: "q", company: { website: "http://127.0.0.1/admin" } },
      "company.website",
    ],
    [
      "a website with another scheme",
      "company",
      { question: "q", company: { website: "javascript:alert(1)" } },
      "company.website",
    ],
    ["a body that is an array", "company", [], "(body)"],
    ["a missing subject", "company", { question: "q" }, "company"],
  ])("rejects %s with 422", async (_name, kind, body, path) => {
    const response = await harness.post(`/v1/research/${kind}`, body);
    expect(response.status).toBe(422);
    const problem = await problemOf(response);
    expect((problem.errors ?? []).map((error) => error.path)).toContain(path);
  });

  it("accepts null and empty strings as 'not given'", async () => {
    const response = await harness.post("/v1/research/company", {
      question: "Accepts nulls?",
      responseType: null,
      responseOptions: [],
      context: null,
      company: {
        name: "Northwind Robotics",
        website: "",
        location: null,
        numEmployees: null,
        annualRevenue: null,
        linkedinUrl: "",
      },
    });
    expect(response.status).toBe(200);
  });

  it("a problem carries the request id as its instance", async () => {
    const response = await harness.post("/v1/research/company", "{", { "x-request-id": "req-problem-1" });
    expect((await problemOf(response)).instance).toBe("req-problem-1");
  });
});

describe("auth", () => {
  it("a missing key is 401", async () => {
    const response = await fetch(`${harness.stack.baseUrl}/v1/research/company`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(companyRequest("q")),
    });
    expect(response.status).toBe(401);
    const problem = await problemOf(response);
    expectProblem(problem, 401, "AUTH_MISSING_KEY");
    expect(problem.detail).toMatch(/x-api-key header\. Make one with `pnpm dossier keys create --name NAME`/);
  });

  it("a wrong key is 401", async () => {
    const response = await harness.post("/v1/research/company", companyRequest("q"), {
      "x-api-key": "test-key-0123456789abcdeX",
    });
    expect(response.status).toBe(401);
    const problem = await problemOf(response);
    expectProblem(problem, 401, "AUTH_INVALID_KEY");
    expect(problem.detail).toMatch(/pnpm dossier keys create --name NAME/);
  });

  it("a key is accepted in the x-api-key header only", async () => {
    const response = await fetch(`${harness.stack.baseUrl}/v1/research/company?api_key=test-key-0123456789abcdef`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer test-key-0123456789abcdef" },
      body: JSON.stringify(companyRequest("q")),
    });
    expect(response.status).toBe(401);
  });
});
