import * as z from "zod";
import { metadataSchema } from "./metadata.js";
import { apiRegistry } from "./registry.js";
import { runUsageSchema } from "./usage-schemas.js";

/** The person record's twelve fields, as enrichment builds it. */
export const personRecordSchema = z.object({
  firstName: z.string().nullable().describe("Given name, properly cased."),
  lastName: z.string().nullable().describe("Family name, properly cased, particles kept (`van der Berg`)."),
  email: z.string().nullable().describe("E-mail address, lowercased."),
  phone: z
    .string()
    .nullable()
    .describe(
      "Telephone number in E.164 form (`+4930123456`); as the request gave it when no numbering plan holds it.",
    ),
  linkedinUrl: z.string().nullable().describe("Canonical profile URL: `https://www.linkedin.com/in/<slug>`."),
  jobTitle: z.string().nullable().describe("Current job title."),
  country: z
    .string()
    .nullable()
    .describe("Country as its English short name (`Germany`, `United States`, `United Kingdom`)."),
  city: z.string().nullable().describe("City the person works in."),
  jobStartDate: z
    .string()
    .nullable()
    .describe("When the person started the current role: ISO 8601 `YYYY-MM` or `YYYY-MM-DD`."),
  companyName: z.string().nullable().describe("Name of the person's company."),
  companyWebsite: z.string().nullable().describe("Company website as `https://host` (no `www.`, path or query)."),
  companyLinkedinUrl: z
    .string()
    .nullable()
    .describe("Canonical company profile URL: `https://www.linkedin.com/company/<slug>`."),
});

export const citationSchema = z
  .object({
    url: z.string().describe("The page the quote is on (for a search snippet: the result's URL)."),
    title: z.string().nullable().describe("The page's title, when it has one."),
    quote: z.string().describe("The words of the page, verified to be on it, that state the answer."),
    publishedAt: z
      .string()
      .nullable()
      .describe("When the page says it was published or updated (ISO 8601), else null."),
    source: z
      .enum(["page", "structured-data", "search-snippet"])
      .describe(
        "`page`: the page's text; `structured-data`: its schema.org data, the quote a JSON-LD value as written (or part of one); `search-snippet`: only the search engine's excerpt of a page that could not be read, which counts for less in `confidence`.",
      ),
  })
  .register(apiRegistry, { id: "Citation", description: "A verified quote that states the answer." });

/** A verified quote of one field of an answer object. */
export const fieldQuoteSchema = z
  .object({
    url: z.string().describe("The page the quote is on."),
    quote: z.string().describe("The words of the page, verified to be on it, that state the field's value."),
  })
  .register(apiRegistry, { id: "FieldQuote", description: "A verified quote that states one field's value." });

const fieldSourceSchema = z.union([
  z.array(z.object({ url: z.string(), quote: z.string() })).describe("The verified quotes the value comes from."),
  z
    .object({ from: z.enum(["request", "page-link"]), url: z.string().optional() })
    .describe(
      "`request`: taken from the request or normalized from it; `page-link`: a link on the company's page `url`.",
    ),
]);

export const enrichedPersonSchema = personRecordSchema
  .extend({
    personSources: z
      .record(z.string(), fieldSourceSchema)
      .describe(
        'Where each non-null field comes from: `{ "from": "request" }` when taken from the request or normalized from it, `{ "from": "page-link", "url" }` for a profile linked from the company\'s page, else the verified quotes `[{ url, quote }]`.',
      ),
  })
  .register(apiRegistry, {
    id: "EnrichedPerson",
    description:
      "The person record, normalized and enriched from evidence. Unknown values are null, never filler text.",
  });

const commonResponseFields = {
  answerText: z
    .string()
    .nullable()
    .describe("The answer as text, in the form its responseType prescribes; null when the evidence does not say."),
  answerNumber: z
    .number()
    .nullable()
    .describe(
      "The answer as a number where the responseType has one (BOOL 1/0, NUMBER, OPTION index, OPTIONS count); otherwise null.",
    ),
  details: z.string().describe("One or two sentences explaining the answer, and what could not be reached."),
  sources: z
    .array(z.string())
    .describe("URLs of the pages whose quoted text supports the answer, best first. Empty when nothing supports it."),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .describe(
      "Estimated probability, from 0 to 1, that the answer is right, computed from the verified evidence and the model's own estimate (docs/api.md, Confidence). Low (at most 0.2) when the evidence does not say.",
    ),
  citations: z
    .array(citationSchema)
    .describe("The verified quotes that state the answer, best first. Empty when no answer is given."),
  answerObject: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      "Only with `outputSchema`: the answer in its shape. Every property of the schema is present; a field no verified quote states is null (a nested object keeps its members, each null when unstated; an array is null when no item is stated).",
    ),
  fieldCitations: z
    .record(z.string(), z.array(fieldQuoteSchema))
    .optional()
    .describe(
      "Only with `outputSchema`: the verified quotes of each non-null field, by path: `hq`, `address.city`, and one entry per array item, `funding[0]` (an item of objects is stated by one quote).",
    ),
  fieldConfidence: z
    .record(z.string(), z.number().min(0).max(1))
    .optional()
    .describe(
      "Only with `outputSchema`: the estimated probability, from 0 to 1, that each non-null field is right, by the same paths as `fieldCitations` (docs/api.md, Any output shape).",
    ),
  metadata: metadataSchema
    .optional()
    .describe("The request's `metadata`, untouched; present only when the request had some."),
  usage: runUsageSchema
    .optional()
    .describe(
      "What the research run spent. Every result researched by this version carries it; results stored earlier do not.",
    ),
};

export const companyResearchResponseSchema = z
  .object(commonResponseFields)
  .register(apiRegistry, { id: "CompanyResearchResponse", description: "The answer to a question about a company." });

export const personResearchResponseSchema = z
  .object({ ...commonResponseFields, person: enrichedPersonSchema })
  .register(apiRegistry, {
    id: "PersonResearchResponse",
    description: "The answer to a question about a person, with the enriched person.",
  });

/** The twelve fields of the person record. */
export type EnrichedPerson = z.infer<typeof personRecordSchema>;
/** Where each field of the person record comes from. */
export type PersonSources = z.infer<typeof enrichedPersonSchema>["personSources"];
/** A verified quote of one field of an answer object. */
export type FieldQuote = z.infer<typeof fieldQuoteSchema>;
/** A verified quote of a response. */
export type Citation = z.infer<typeof citationSchema>;
export type CompanyResearchResponse = z.infer<typeof companyResearchResponseSchema>;
export type PersonResearchResponse = z.infer<typeof personResearchResponseSchema>;
export type ResearchResponse = CompanyResearchResponse | PersonResearchResponse;
