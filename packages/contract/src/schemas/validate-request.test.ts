import { describe, expect, it } from "vitest";
import { MAX_CONTEXT_LENGTH, MAX_QUESTION_LENGTH, MAX_RESPONSE_OPTIONS } from "./fields.js";
import type { ResearchKind } from "./research-request.js";
import { validateResearchRequest } from "./validate-request.js";

const company = { name: "Acme" };
const person = { email: "jane@acme.com" };

function companyBody(extra: Record<string, unknown> = {}, companyFields: Record<string, unknown> = company) {
  return { question: "What does Acme sell?", company: companyFields, ...extra };
}

function personBody(extra: Record<string, unknown> = {}, personFields: Record<string, unknown> = person) {
  return { question: "Where does Jane work?", person: personFields, ...extra };
}

const validBodies: Array<[string, ResearchKind, unknown]> = [
  ["company by name", "company", companyBody()],
  ["company by bare-domain website", "company", companyBody({}, { website: "acme.com" })],
  ["company by website with path", "company", companyBody({}, { website: "https://www.acme.com/about" })],
  ["company by bare-domain website with a port", "company", companyBody({}, { website: "acme.com:8443" })],
  ["company by bare-domain website with a path", "company", companyBody({}, { website: "www.acme.com/about" })],
  ["company by linkedinUrl", "company", companyBody({}, { linkedinUrl: "https://www.linkedin.com/company/acme" })],
  [
    "person by first name and the company's website",
    "person",
    personBody({}, { firstName: "Cenk", company: { website: "acme.com" } }),
  ],
  [
    "person by first name, title and the company's profile",
    "person",
    personBody(
      {},
      { firstName: "Cenk", title: "Infrastructure", company: { linkedinUrl: "https://www.linkedin.com/company/acme" } },
    ),
  ],
  [
    "company with every field",
    "company",
    companyBody(
      {},
      {
        name: "Acme",
        website: "http://acme.com",
        location: "Berlin, Germany",
        numEmployees: 120,
        annualRevenue: 1_500_000.5,
        linkedinUrl: "linkedin.com/company/acme",
      },
    ),
  ],
  ["company with zero employees", "company", companyBody({}, { name: "Acme", numEmployees: 0, annualRevenue: 0 })],
  ["person by email", "person", personBody()],
  ["person by linkedinUrl", "person", personBody({}, { linkedinUrl: "https://www.linkedin.com/in/jane-doe" })],
  [
    "person by names and company name",
    "person",
    personBody({}, { firstName: "Jane", lastName: "Doe", company: { name: "Acme" } }),
  ],
  [
    "person by names and company website",
    "person",
    personBody({}, { firstName: "Jane", lastName: "Doe", company: { website: "acme.com" } }),
  ],
  [
    "person by names and company linkedinUrl",
    "person",
    personBody(
      {},
      { firstName: "Jane", lastName: "Doe", company: { linkedinUrl: "https://linkedin.com/company/acme" } },
    ),
  ],
  [
    "person with a phone and title",
    "person",
    personBody({}, { email: "jane@acme.com", phone: "+49 (30) 1234-5678", title: "CTO" }),
  ],
  [
    "person with a phone extension",
    "person",
    personBody({}, { email: "jane@acme.com", phone: "555-123-4567 ext. 12" }),
  ],
  [
    "OPTION with two options",
    "company",
    companyBody({ responseType: "OPTION", responseOptions: ["SaaS", "Hardware"] }),
  ],
  ["OPTIONS with one option", "company", companyBody({ responseType: "OPTIONS", responseOptions: ["SOC 2"] })],
  [
    `OPTIONS with ${MAX_RESPONSE_OPTIONS} options`,
    "company",
    companyBody({
      responseType: "OPTIONS",
      responseOptions: Array.from({ length: MAX_RESPONSE_OPTIONS }, (_, index) => `option ${index}`),
    }),
  ],
  ["BOOL with an empty options list", "company", companyBody({ responseType: "BOOL", responseOptions: [] })],
  [
    "every responseType field null",
    "company",
    companyBody({ responseType: null, responseOptions: null, context: null }),
  ],
  ["empty context", "company", companyBody({ context: "" })],
  ["every optional common field empty", "company", companyBody({ responseType: "", responseOptions: [], context: "" })],
  [
    "empty and null subject fields beside an identifying one",
    "company",
    companyBody({}, { name: "Acme", website: "", location: null, linkedinUrl: "", numEmployees: null }),
  ],
  [
    "person with a null company beside an email",
    "person",
    personBody({}, { email: "jane@acme.com", company: null, phone: "", title: null }),
  ],
  [
    `question of ${MAX_QUESTION_LENGTH} characters`,
    "company",
    companyBody({ question: "q".repeat(MAX_QUESTION_LENGTH) }),
  ],
  [`context of ${MAX_CONTEXT_LENGTH} characters`, "company", companyBody({ context: "c".repeat(MAX_CONTEXT_LENGTH) })],
];

describe("validateResearchRequest accepts", () => {
  it.each(validBodies)("%s", (_name, kind, body) => {
    const result = validateResearchRequest(kind, body);
    expect(result).toMatchObject({ ok: true });
  });
});

const invalidBodies: Array<[string, ResearchKind, unknown, Array<{ path: string; message?: RegExp }>]> = [
  ["a body that is null", "company", null, [{ path: "(body)" }]],
  ["a body that is an array", "company", [], [{ path: "(body)" }]],
  ["a missing question", "company", { company }, [{ path: "question", message: /required/ }]],
  ["a question that is a number", "company", companyBody({ question: 5 }), [{ path: "question", message: /string/ }]],
  [
    "a question of only whitespace",
    "company",
    companyBody({ question: " \n\t " }),
    [{ path: "question", message: /empty/ }],
  ],
  [
    "a question over the limit",
    "company",
    companyBody({ question: "q".repeat(MAX_QUESTION_LENGTH + 1) }),
    [{ path: "question", message: new RegExp(String(MAX_QUESTION_LENGTH)) }],
  ],
  [
    "a context over the limit",
    "company",
    companyBody({ context: "c".repeat(MAX_CONTEXT_LENGTH + 1) }),
    [{ path: "context", message: new RegExp(String(MAX_CONTEXT_LENGTH)) }],
  ],
  [
    "an unknown responseType, with the allowed values and the one it meant",
    "company",
    companyBody({ responseType: "boolean" }),
    [
      {
        path: "responseType",
        message: /^must be one of TEXT, BOOL, NUMBER, DATE, URL, OPTION, OPTIONS, not "boolean"; did you mean BOOL\?$/,
      },
    ],
  ],
  [
    "a lower-case responseType",
    "company",
    companyBody({ responseType: "options" }),
    [{ path: "responseType", message: /did you mean OPTIONS\?$/ }],
  ],
  [
    "a responseType that is nothing like one",
    "company",
    companyBody({ responseType: "paragraph" }),
    [{ path: "responseType", message: /^must be one of TEXT, .*, OPTIONS, not "paragraph"$/ }],
  ],
  [
    "an unknown effort",
    "company",
    companyBody({ effort: "max" }),
    [{ path: "effort", message: /^must be one of lite, standard, deep, not "max"$/ }],
  ],
  ["a missing company", "company", { question: "q" }, [{ path: "company" }]],
  ["a null company", "company", { question: "q", company: null }, [{ path: "company" }]],
  [
    "a company with nothing identifying",
    "company",
    companyBody({}, { location: "Berlin", numEmployees: 5 }),
    [{ path: "company", message: /name, website or linkedinUrl/ }],
  ],
  [
    "a company whose name is only whitespace",
    "company",
    companyBody({}, { name: "   " }),
    [{ path: "company", message: /identify/ }],
  ],
  [
    "a fractional head count and negative revenue",
    "company",
    companyBody({}, { name: "Acme", numEmployees: 1.5, annualRevenue: -1 }),
    [{ path: "company.numEmployees" }, { path: "company.annualRevenue" }],
  ],
  [
    "a head count as a string",
    "company",
    companyBody({}, { name: "Acme", numEmployees: "120" }),
    [{ path: "company.numEmployees" }],
  ],
  [
    "a person with only names",
    "person",
    personBody({}, { firstName: "Jane", lastName: "Doe" }),
    [{ path: "person", message: /identify the person/ }],
  ],
  [
    "a person with one name and a company",
    "person",
    personBody({}, { firstName: "Jane", company: { name: "Acme" } }),
    [{ path: "person", message: /identify the person/ }],
  ],
  [
    "a person with a first name and only a company name",
    "person",
    personBody({}, { firstName: "Cenk", title: "Infrastructure", company: { name: "Acme" } }),
    [{ path: "person", message: /firstName with company.website or company.linkedinUrl/ }],
  ],
  [
    "a person with names and an empty company",
    "person",
    personBody({}, { firstName: "Jane", lastName: "Doe", company: { name: "", website: null } }),
    [{ path: "person", message: /identify the person/ }],
  ],
  ["a person that is a string", "person", personBody({}, "jane@acme.com" as never), [{ path: "person" }]],
  [
    "an e-mail that is not one",
    "person",
    personBody({}, { email: "jane at acme" }),
    [{ path: "person.email", message: /e-mail/ }],
  ],
  [
    "a phone with too few digits",
    "person",
    personBody({}, { email: "jane@acme.com", phone: "12" }),
    [{ path: "person.phone", message: /telephone/ }],
  ],
  [
    "a phone with letters",
    "person",
    personBody({}, { email: "jane@acme.com", phone: "call me maybe 12345" }),
    [{ path: "person.phone" }],
  ],
  [
    "OPTION with one option",
    "company",
    companyBody({ responseType: "OPTION", responseOptions: ["SaaS"] }),
    [{ path: "responseOptions", message: /at least 2/ }],
  ],
  [
    "OPTION without options",
    "company",
    companyBody({ responseType: "OPTION" }),
    [{ path: "responseOptions", message: /at least 2/ }],
  ],
  [
    "OPTIONS with an empty list",
    "company",
    companyBody({ responseType: "OPTIONS", responseOptions: [] }),
    [{ path: "responseOptions", message: /at least 1/ }],
  ],
  [
    "OPTION options repeated up to case and spaces",
    "company",
    companyBody({ responseType: "OPTION", responseOptions: ["SaaS", " saas "] }),
    [{ path: "responseOptions", message: /repeat/ }],
  ],
  [
    "an empty option",
    "company",
    companyBody({ responseType: "OPTIONS", responseOptions: ["SaaS", "  "] }),
    [{ path: "responseOptions.1", message: /empty/ }],
  ],
  [
    `more than ${MAX_RESPONSE_OPTIONS} options`,
    "company",
    companyBody({
      responseType: "OPTIONS",
      responseOptions: Array.from({ length: MAX_RESPONSE_OPTIONS + 1 }, (_, index) => `option ${index}`),
    }),
    [{ path: "responseOptions" }],
  ],
  [
    "options for BOOL",
    "company",
    companyBody({ responseType: "BOOL", responseOptions: ["yes", "no"] }),
    [{ path: "responseOptions", message: /only applies to OPTION and OPTIONS/ }],
  ],
  [
    "options with an empty responseType (TEXT)",
    "company",
    companyBody({ responseType: "", responseOptions: ["a", "b"] }),
    [{ path: "responseOptions", message: /not TEXT/ }],
  ],
  [
    "options with the default TEXT",
    "company",
    companyBody({ responseOptions: ["a", "b"] }),
    [{ path: "responseOptions", message: /not TEXT/ }],
  ],
  [
    "an unknown top-level key",
    "company",
    companyBody({ subject: "Acme" }),
    [{ path: "subject", message: /not a known field/ }],
  ],
  [
    "a wrongly cased key",
    "company",
    companyBody({ ResponseType: "BOOL" }),
    [{ path: "ResponseType", message: /case-sensitive\); did you mean responseType\?$/ }],
  ],
  [
    "an unknown company key",
    "company",
    companyBody({}, { name: "Acme", employees: 5 }),
    [{ path: "company.employees", message: /not a known field.*did you mean numEmployees\?$/ }],
  ],
  [
    "a company domain, which is its website",
    "company",
    companyBody({}, { name: "Acme", domain: "acme.com" }),
    [{ path: "company.domain", message: /did you mean website\? \(it takes a bare domain too, such as acme\.com\)$/ }],
  ],
  [
    "an unknown company key like no field",
    "company",
    companyBody({}, { name: "Acme", founded: 1999 }),
    [{ path: "company.founded", message: /^is not a known field \(names are case-sensitive\)$/ }],
  ],
  [
    "an unknown key in a person's company",
    "person",
    personBody({}, { email: "jane@acme.com", company: { name: "Acme", Website: "acme.com" } }),
    [{ path: "person.company.Website", message: /not a known field.*did you mean website\?$/ }],
  ],
  [
    "an unknown person key",
    "person",
    personBody({}, { email: "jane@acme.com", jobTitle: "CTO" }),
    [{ path: "person.jobTitle", message: /did you mean title\?$/ }],
  ],
  [
    "a website with credentials",
    "company",
    companyBody({}, { website: "https://user:secret@acme.com" }),
    [{ path: "company.website", message: /credentials/ }],
  ],
  [
    "a website with another scheme",
    "company",
    companyBody({}, { website: "ftp://acme.com" }),
    [{ path: "company.website", message: /http or https/ }],
  ],
  [
    "a javascript: website",
    "company",
    companyBody({}, { website: "javascript:alert(1)" }),
    [{ path: "company.website", message: /http or https/ }],
  ],
  [
    "a website on localhost",
    "company",
    companyBody({}, { website: "localhost:3000" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on a .localhost name",
    "company",
    companyBody({}, { website: "http://admin.localhost" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on loopback",
    "company",
    companyBody({}, { website: "http://127.0.0.1:8080" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on shorthand loopback",
    "company",
    companyBody({}, { website: "http://127.1" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on a decimal loopback",
    "company",
    companyBody({}, { website: "http://2130706433" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on 10/8",
    "company",
    companyBody({}, { website: "10.1.2.3" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on 172.16/12",
    "company",
    companyBody({}, { website: "http://172.31.0.1" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on 192.168/16",
    "company",
    companyBody({}, { website: "http://192.168.1.1" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on link-local (cloud metadata)",
    "company",
    companyBody({}, { website: "http://169.254.169.254/latest" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on carrier-grade NAT",
    "company",
    companyBody({}, { website: "http://100.64.0.1" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on IPv6 loopback",
    "company",
    companyBody({}, { website: "http://[::1]/" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on IPv6 unique-local",
    "company",
    companyBody({}, { website: "http://[fd00::1]/" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on IPv6 link-local",
    "company",
    companyBody({}, { website: "http://[fe80::1]/" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on IPv4-mapped loopback",
    "company",
    companyBody({}, { website: "http://[::ffff:127.0.0.1]/" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on IPv4-compatible loopback",
    "company",
    companyBody({}, { website: "http://[::7f00:1]/" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website on a NAT64 address",
    "company",
    companyBody({}, { website: "http://[64:ff9b::a00:1]/" }),
    [{ path: "company.website", message: /private/ }],
  ],
  [
    "a website without a dot",
    "company",
    companyBody({}, { website: "intranet" }),
    [{ path: "company.website", message: /public host/ }],
  ],
  [
    "a person linkedinUrl on loopback",
    "person",
    personBody({}, { linkedinUrl: "http://127.0.0.1/in/jane" }),
    [{ path: "person.linkedinUrl", message: /private/ }],
  ],
  [
    "a company named by zero-width characters only",
    "company",
    companyBody({}, { name: "\u200b\u200d\ufeff" }),
    [{ path: "company", message: /identify/ }],
  ],
  [
    "a person whose e-mail is NUL characters only",
    "person",
    personBody({}, { email: "\u0000\u0000" }),
    [{ path: "person", message: /identify/ }],
  ],
  ["a question of bidi controls only", "company", companyBody({ question: "\u202e\u2066" }), [{ path: "question" }]],
  [
    "options that differ only in invisible characters",
    "company",
    companyBody({ responseType: "OPTION", responseOptions: ["SaaS", "Saa\u200bS"] }),
    [{ path: "responseOptions", message: /repeat/ }],
  ],
];

describe("validateResearchRequest refuses", () => {
  it.each(invalidBodies)("%s", (_name, kind, body, expected) => {
    const result = validateResearchRequest(kind, body);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    for (const { path, message } of expected) {
      const matching = result.errors.filter((error) => error.path === path);
      expect(matching, `an error at ${path} in ${JSON.stringify(result.errors)}`).not.toHaveLength(0);
      if (message)
        expect(
          matching.some((error) => message.test(error.message)),
          JSON.stringify(matching),
        ).toBe(true);
    }
  });

  it("reports every bad field of a body together", () => {
    const result = validateResearchRequest("person", {
      question: "",
      responseType: "OPTION",
      responseOptions: ["only one"],
      extra: true,
      person: { email: "nope", phone: "x", company: { website: "ftp://acme.com" } },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(new Set(result.errors.map((error) => error.path))).toEqual(
      new Set(["question", "responseOptions", "extra", "person.email", "person.phone", "person.company.website"]),
    );
  });

  it("names an identifying problem once even when the schema also reports it", () => {
    const result = validateResearchRequest("company", companyBody({}, { location: "Berlin" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.filter((error) => error.path === "company")).toHaveLength(1);
  });
});

describe("validateResearchRequest normalizes", () => {
  it("collapses whitespace in the question and applies defaults", () => {
    const result = validateResearchRequest("company", {
      question: "  What   does\n\tAcme  sell? ",
      company: { website: " acme.com " },
    });
    expect(result).toEqual({
      ok: true,
      request: {
        kind: "company",
        question: "What does Acme sell?",
        responseType: "TEXT",
        responseOptions: [],
        context: null,
        subject: { website: "acme.com" },
      },
      metadata: null,
    });
  });

  it("normalizes a source policy (domains lowercased, www. dropped, sorted, distinct) and drops one that restricts nothing", () => {
    const result = validateResearchRequest("company", {
      question: "q",
      company: { name: "Acme" },
      sourcePolicy: { includeDomains: ["WWW.News.com", "blog.example.org", "news.com."], excludeDomains: [] },
    });
    expect(result).toMatchObject({
      ok: true,
      request: { sourcePolicy: { includeDomains: ["blog.example.org", "news.com"], excludeDomains: [], after: null } },
    });
    const empty = validateResearchRequest("company", {
      question: "q",
      company: { name: "Acme" },
      sourcePolicy: { includeDomains: [], after: null },
    });
    expect(empty.ok && empty.request).not.toHaveProperty("sourcePolicy");
  });

  it("keeps metadata beside the request, so that it never changes what is researched", () => {
    const result = validateResearchRequest("company", {
      question: "q",
      company: { name: "Acme" },
      metadata: { crmId: " 42 " },
    });
    expect(result).toMatchObject({ ok: true, metadata: { crmId: " 42 " } });
    expect(result.ok && result.request).not.toHaveProperty("metadata");
    expect(
      validateResearchRequest("company", { question: "q", company: { name: "Acme" }, metadata: {} }),
    ).toMatchObject({
      metadata: null,
    });
  });

  it("drops null and empty subject fields and trims the rest", () => {
    const result = validateResearchRequest("person", {
      question: "q",
      context: "   ",
      person: {
        email: " jane@acme.com ",
        firstName: "",
        lastName: null,
        title: "  CTO ",
        company: { name: " Acme ", website: "", location: null },
      },
    });
    expect(result).toMatchObject({
      ok: true,
      request: { context: null, subject: { email: "jane@acme.com", title: "CTO", company: { name: "Acme" } } },
    });
    if (!result.ok || result.request.kind !== "person") return;
    expect(Object.keys(result.request.subject).sort()).toEqual(["company", "email", "title"]);
    expect(Object.keys(result.request.subject.company ?? {})).toEqual(["name"]);
  });

  it("drops a person's company that holds only empty fields", () => {
    const result = validateResearchRequest(
      "person",
      personBody({}, { email: "jane@acme.com", company: { name: "", website: null } }),
    );
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.request.subject).toEqual({ email: "jane@acme.com" });
  });

  it("keeps OPTIONS in the order offered, trimmed", () => {
    const result = validateResearchRequest(
      "company",
      companyBody({ responseType: "OPTIONS", responseOptions: [" SOC 2 ", "ISO 27001"] }),
    );
    expect(result).toMatchObject({
      ok: true,
      request: { responseType: "OPTIONS", responseOptions: ["SOC 2", "ISO 27001"] },
    });
  });

  it("removes control and format characters from every text, keeping line breaks in the context", () => {
    const result = validateResearchRequest("person", {
      question: "\u200bWhere does\u0000 she work?",
      context: "Met at\u202e a fair.\nLikes\u2066 robots.",
      responseType: "OPTION",
      responseOptions: ["\ufeffBerlin", "Ham\u00adburg"],
      person: {
        firstName: "\u202eJane\u202c",
        email: "jane@acme.com\u200b",
        phone: "+49\u2060 30 1234567",
        company: { name: "\u0000Acme\u200f", website: "\u2066acme.com" },
      },
    });
    expect(result).toEqual({
      ok: true,
      request: {
        kind: "person",
        question: "Where does she work?",
        responseType: "OPTION",
        responseOptions: ["Berlin", "Hamburg"],
        context: "Met at a fair.\nLikes robots.",
        subject: {
          firstName: "Jane",
          email: "jane@acme.com",
          phone: "+49 30 1234567",
          company: { name: "Acme", website: "acme.com" },
        },
      },
      metadata: null,
    });
  });

  it("keeps the context, trimmed", () => {
    const result = validateResearchRequest("company", companyBody({ context: "  We sell to them.  " }));
    expect(result).toMatchObject({ ok: true, request: { context: "We sell to them." } });
  });

  const equivalentPairs: Array<[string, ResearchKind, unknown, unknown]> = [
    [
      "key order, whitespace and absent-versus-null",
      "person",
      {
        question: "Where  does Jane work?",
        person: { email: "jane@acme.com", firstName: "Jane", company: { website: "acme.com", name: "Acme" } },
      },
      {
        person: {
          company: { name: " Acme", website: "acme.com ", location: null },
          firstName: "Jane ",
          phone: "",
          email: "jane@acme.com",
        },
        responseOptions: null,
        responseType: null,
        context: "",
        question: " Where does\nJane work? ",
      },
    ],
    [
      "an empty responseType against an absent one",
      "company",
      { question: "Is Acme profitable?", company: { name: "Acme" } },
      { question: "Is Acme profitable?", responseType: "", company: { name: "Acme" } },
    ],
    [
      "explicit defaults against absent ones",
      "company",
      { question: "Is Acme profitable?", company: { name: "Acme" } },
      {
        question: "Is Acme profitable?",
        responseType: "TEXT",
        responseOptions: [],
        context: null,
        company: { name: "Acme", numEmployees: null },
      },
    ],
  ];

  it.each(equivalentPairs)("two equivalent bodies to identical objects: %s", (_name, kind, first, second) => {
    const firstResult = validateResearchRequest(kind, first);
    const secondResult = validateResearchRequest(kind, second);
    expect(firstResult.ok).toBe(true);
    expect(JSON.stringify(secondResult)).toBe(JSON.stringify(firstResult));
  });

  it("keeps bodies that differ in substance apart", () => {
    const first = validateResearchRequest("company", companyBody());
    const second = validateResearchRequest("company", companyBody({}, { name: "Acme Corp" }));
    expect(JSON.stringify(first)).not.toBe(JSON.stringify(second));
  });
});

describe("validateResearchRequest with an outputSchema", () => {
  const profile = {
    type: "object",
    properties: {
      hq: { type: "string", description: "City of the\u200b headquarters" },
      founded: { type: "integer" },
    },
  };

  it("normalizes the schema into the request, so that it takes part in the job", () => {
    const result = validateResearchRequest("company", companyBody({ outputSchema: profile }));
    expect(result).toMatchObject({
      ok: true,
      request: {
        responseType: "TEXT",
        outputSchema: {
          properties: { hq: { kind: "string", description: "City of the headquarters" }, founded: { kind: "integer" } },
        },
      },
    });
    expect(validateResearchRequest("company", companyBody({ outputSchema: null }))).toMatchObject({
      ok: true,
      request: { responseType: "TEXT" },
    });
  });

  it("names each path outside the subset, with the other bad fields", () => {
    const result = validateResearchRequest("company", {
      question: "",
      company,
      outputSchema: { type: "object", properties: { hq: { type: "string", pattern: "x" }, n: { type: "null" } } },
    });
    expect(result.ok ? [] : result.errors.map((error) => error.path)).toEqual([
      "question",
      "outputSchema.properties.hq.pattern",
      "outputSchema.properties.n.type",
    ]);
  });

  it("refuses a schema that is not an object once, and a responseType beside it", () => {
    const text = validateResearchRequest("company", companyBody({ outputSchema: "hq, founded" }));
    expect(text.ok ? [] : text.errors).toEqual([{ path: "outputSchema", message: "must be a JSON Schema object" }]);
    const typed = validateResearchRequest("company", companyBody({ outputSchema: profile, responseType: "NUMBER" }));
    expect(typed.ok ? [] : typed.errors).toEqual([
      { path: "responseType", message: expect.stringMatching(/does not apply with outputSchema/) },
    ]);
    expect(validateResearchRequest("company", companyBody({ outputSchema: profile, responseType: "TEXT" })).ok).toBe(
      true,
    );
  });
});
