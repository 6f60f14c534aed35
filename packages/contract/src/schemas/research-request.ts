import * as z from "zod";
import { effortLevels, effortSchema } from "./effort.js";
import {
  MAX_AGE_SECONDS,
  MAX_CONTEXT_LENGTH,
  MAX_FIELD_LENGTH,
  MAX_QUESTION_LENGTH,
  MAX_RESPONSE_OPTIONS,
  withoutInvisibleCharacters,
} from "./fields.js";
import { metadataSchema } from "./metadata.js";
import { oneOfProblem } from "./one-of-problem.js";
import { outputSchemaSchema, readOutputSchema } from "./output-schema.js";
import { apiRegistry } from "./registry.js";
import {
  RESPONSE_TYPE_SYNONYMS,
  type ResponseType,
  responseTypeSchema,
  responseTypes,
  takesOptions,
} from "./response-type.js";
import { sourcePolicySchema } from "./source-policy.js";
import { companySchema, personSchema } from "./subjects.js";

/** The two research operations. */
export type ResearchKind = "person" | "company";

const commonFields = {
  question: z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
    .overwrite(withoutInvisibleCharacters)
    .trim()
    .min(1, "must not be empty")
    .max(MAX_QUESTION_LENGTH, `must be at most ${MAX_QUESTION_LENGTH} characters`)
    .describe(
      `The question to answer, 1 to ${MAX_QUESTION_LENGTH} characters once control and format characters (NUL, zero-width, bidi controls) are removed.`,
    ),
  // `""` means "not given" for every optional field (docs/api.md), so it too stands for TEXT.
  responseType: z
    .union([responseTypeSchema, z.literal("")], {
      error: (issue) => oneOfProblem(responseTypes, issue.input, RESPONSE_TYPE_SYNONYMS),
    })
    .nullish()
    .describe("The kind of answer wanted. Defaults to `TEXT`."),
  responseOptions: z
    .array(z.string().overwrite(withoutInvisibleCharacters).trim().min(1, "must not be empty").max(MAX_FIELD_LENGTH))
    .max(MAX_RESPONSE_OPTIONS)
    .nullish()
    .describe(
      `Candidate answer values, required for \`OPTION\` (at least 2) and \`OPTIONS\` (at least 1), at most ${MAX_RESPONSE_OPTIONS}. ` +
        "Other response types accept only an empty list.",
    ),
  context: z
    .string()
    .overwrite(withoutInvisibleCharacters)
    .max(MAX_CONTEXT_LENGTH, `must be at most ${MAX_CONTEXT_LENGTH} characters`)
    .nullish()
    .describe(
      "Extra free-text context for the question. Treated as the caller's information, not as evidence. Control and format characters other than line breaks and tabs are removed.",
    ),
  maxAgeSeconds: z
    .number({ error: "must be a whole number of seconds" })
    .int("must be a whole number of seconds")
    .min(0, "must not be negative")
    .max(MAX_AGE_SECONDS, `must be at most ${MAX_AGE_SECONDS} (a year)`)
    .nullish()
    .describe(
      "How old, in seconds, evidence may be: a stored result, a cached page or a cached search older than this is not used, and the research runs again with fresh reads. 0 (also `Cache-Control: no-cache` on the request) means nothing cached. Default: the server's cache lifetimes (24 h).",
    ),
  effort: z
    .union([effortSchema, z.literal("")], { error: (issue) => oneOfProblem(effortLevels, issue.input) })
    .nullish()
    .describe(
      "How much work the research may do: `lite`, `standard` (the default) or `deep`. Each tier's pages, typical latency and tokens are in docs/api.md.",
    ),
  sourcePolicy: sourcePolicySchema
    .nullish()
    .describe(
      "Which sources may be used: `includeDomains`, `excludeDomains` (subdomains included) and `after` (a day, compared with a page's stated publication date). The subject's own site is used unless excluded.",
    ),
  outputSchema: outputSchemaSchema
    .nullish()
    .describe(
      "The shape of the answer: a JSON Schema subset (an object of up to 25 properties of strings, numbers, integers, booleans, enums, arrays of those, objects nested at most two levels). The answer comes back in `answerObject`, each field with its verified quotes in `fieldCitations` and its `fieldConfidence`; a field the evidence does not state is null. Replaces `responseType`, which must then be left out (or `TEXT`).",
    ),
  metadata: metadataSchema
    .nullish()
    .describe(
      "Your own string pairs (up to 16), returned untouched with the result. They do not change the research: identical requests with different metadata share one run.",
    ),
};

type Loose = Record<string, unknown>;

const asRecord = (value: unknown): Loose | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Loose) : undefined;
// The identification rule sees a value as the schema leaves it: a name of zero-width spaces is no name.
const text = (value: unknown): string | undefined =>
  typeof value === "string" && withoutInvisibleCharacters(value).trim() !== "" ? value : undefined;

function looseCompanyIdentified(company: unknown): boolean {
  const record = asRecord(company);
  return !!record && !!(text(record.name) || text(record.website) || text(record.linkedinUrl));
}

function loosePersonIdentified(person: unknown): boolean {
  const record = asRecord(person);
  if (!record) return false;
  if (text(record.email) || text(record.linkedinUrl)) return true;
  if (!text(record.firstName)) return false;
  const company = asRecord(record.company);
  // A full name with any company fact; a first name alone only with the company's own site or
  // profile, where a page can name the first name together with the company (docs/api.md).
  if (text(record.lastName)) return looseCompanyIdentified(company);
  return !!company && !!(text(company.website) || text(company.linkedinUrl));
}

/**
 * The rules that span several fields (options against responseType, enough facts to identify the
 * subject). They read the raw body defensively so that they can be reported together with the
 * per-field problems, and every bad field is named in one answer.
 */
export function crossFieldProblems(kind: ResearchKind, body: unknown): Array<{ path: string; message: string }> {
  const record = asRecord(body);
  if (!record) return [];
  const problems: Array<{ path: string; message: string }> = [];
  const rawType = record.responseType;
  const type =
    typeof rawType === "string" && (responseTypeSchema.options as readonly string[]).includes(rawType)
      ? (rawType as ResponseType)
      : rawType == null || rawType === ""
        ? "TEXT"
        : undefined;
  const options = Array.isArray(record.responseOptions) ? record.responseOptions : [];
  const outputSchema = asRecord(record.outputSchema);
  if (outputSchema) {
    const read = readOutputSchema(outputSchema);
    if (!read.ok) problems.push(...read.errors);
    if (type !== "TEXT" && type !== undefined)
      problems.push({
        path: "responseType",
        message: `does not apply with outputSchema, which gives the answer's shape; leave it out (not ${type})`,
      });
  }
  if (type && takesOptions(type)) {
    const minimum = type === "OPTION" ? 2 : 1;
    if (options.length < minimum) {
      problems.push({
        path: "responseOptions",
        message: `${type} needs at least ${minimum} option${minimum > 1 ? "s" : ""}`,
      });
    } else if (options.every((option) => typeof option === "string")) {
      const distinct = new Set(
        options.map((option) =>
          withoutInvisibleCharacters(option as string)
            .trim()
            .toLowerCase(),
        ),
      );
      if (distinct.size !== options.length)
        problems.push({ path: "responseOptions", message: "must not repeat an option" });
    }
  } else if (type && options.length > 0) {
    problems.push({
      path: "responseOptions",
      message: `only applies to OPTION and OPTIONS, not ${type}; leave it out or empty`,
    });
  }
  if (kind === "company" && asRecord(record.company) && !looseCompanyIdentified(record.company)) {
    problems.push({
      path: "company",
      message: "must identify the company: give at least one of name, website or linkedinUrl",
    });
  }
  if (kind === "person" && asRecord(record.person) && !loosePersonIdentified(record.person)) {
    problems.push({
      path: "person",
      message:
        "must identify the person: give email, or linkedinUrl, or firstName and lastName with company.name, company.website or company.linkedinUrl, or firstName with company.website or company.linkedinUrl",
    });
  }
  return problems;
}

function addCrossFieldIssues(kind: ResearchKind) {
  return (value: unknown, context: z.RefinementCtx): void => {
    for (const problem of crossFieldProblems(kind, value)) {
      context.addIssue({ code: "custom", path: [problem.path], message: problem.message });
    }
  };
}

export const companyResearchRequestSchema = z
  .strictObject({
    ...commonFields,
    company: companySchema.describe(
      "The company to research. It must carry at least one of `name`, `website` or `linkedinUrl`.",
    ),
  })
  .superRefine(addCrossFieldIssues("company"))
  .register(apiRegistry, { id: "CompanyResearchRequest", description: "A question about a company." });

export const personResearchRequestSchema = z
  .strictObject({
    ...commonFields,
    person: personSchema.describe(
      "The person to research. It must carry `email`, or `linkedinUrl`, or `firstName` and `lastName` together with a company that has a `name`, `website` or `linkedinUrl`, or `firstName` alone with a company that has a `website` or `linkedinUrl` (a page then counts as being about the person only when it names the first name together with the company).",
    ),
  })
  .superRefine(addCrossFieldIssues("person"))
  .register(apiRegistry, { id: "PersonResearchRequest", description: "A question about a person." });

export type CompanyResearchRequest = z.infer<typeof companyResearchRequestSchema>;
export type PersonResearchRequest = z.infer<typeof personResearchRequestSchema>;

export const researchRequestSchemas = {
  person: personResearchRequestSchema,
  company: companyResearchRequestSchema,
} as const;
