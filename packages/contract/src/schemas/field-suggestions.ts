import { companySchema, personSchema } from "./subjects.js";

/** The object a field path points into, for suggestions: the request itself, a company or a person. */
type Scope = "request" | "company" | "person";

/** A known field an unknown name was probably meant as, with a hint about what it takes. */
interface Suggestion {
  field: string;
  hint?: string;
}

/**
 * Names callers use for Dossier's fields, by the object they appear in (lower-case, without `_`
 * or `-`). Names that differ from a field only in case or separators are found without this list.
 */
const ALIASES: Record<Scope, Record<string, Suggestion>> = {
  request: {
    type: { field: "responseType" },
    answertype: { field: "responseType" },
    options: { field: "responseOptions" },
    choices: { field: "responseOptions" },
    schema: { field: "outputSchema" },
    query: { field: "question" },
    prompt: { field: "question" },
    maxage: { field: "maxAgeSeconds" },
    domain: { field: "company", hint: "the subject goes in company (or person), e.g. company.website" },
  },
  company: {
    domain: { field: "website", hint: "it takes a bare domain too, such as acme.com" },
    url: { field: "website" },
    site: { field: "website" },
    homepage: { field: "website" },
    web: { field: "website" },
    linkedin: { field: "linkedinUrl" },
    companyname: { field: "name" },
    employees: { field: "numEmployees" },
    employeecount: { field: "numEmployees" },
    headcount: { field: "numEmployees" },
    size: { field: "numEmployees" },
    revenue: { field: "annualRevenue" },
    city: { field: "location" },
    country: { field: "location" },
    address: { field: "location" },
    hq: { field: "location" },
  },
  person: {
    first: { field: "firstName" },
    givenname: { field: "firstName" },
    last: { field: "lastName" },
    surname: { field: "lastName" },
    familyname: { field: "lastName" },
    emailaddress: { field: "email" },
    mail: { field: "email" },
    phonenumber: { field: "phone" },
    mobile: { field: "phone" },
    jobtitle: { field: "title" },
    role: { field: "title" },
    position: { field: "title" },
    linkedin: { field: "linkedinUrl" },
    organization: { field: "company" },
    employer: { field: "company" },
    domain: { field: "company", hint: "a person's company goes in company, e.g. company.website" },
  },
};

const FIELDS: Record<Scope, readonly string[]> = {
  request: [
    "question",
    "responseType",
    "responseOptions",
    "context",
    "maxAgeSeconds",
    "effort",
    "sourcePolicy",
    "outputSchema",
    "metadata",
    "company",
    "person",
  ],
  company: Object.keys(companySchema.shape),
  person: Object.keys(personSchema.shape),
};

const squash = (name: string) => name.toLowerCase().replace(/[_\-\s]/g, "");

function scopeOf(path: readonly string[]): Scope | null {
  if (path.length === 0) return "request";
  const last = path.at(-1);
  if (last === "company") return "company";
  if (last === "person") return "person";
  return null;
}

/**
 * The message for an unknown field of a research request at `path` (the object's path, not
 * including the field), naming the field it was probably meant as.
 */
export function unknownFieldMessage(path: readonly string[], name: string): string {
  const base = "is not a known field (names are case-sensitive)";
  const scope = scopeOf(path);
  if (scope === null) return base;
  const squashed = squash(name);
  const suggestion =
    FIELDS[scope].filter((field) => squash(field) === squashed).map((field): Suggestion => ({ field }))[0] ??
    ALIASES[scope][squashed];
  if (!suggestion || suggestion.field === name) return base;
  return `${base}; did you mean ${suggestion.field}?${suggestion.hint ? ` (${suggestion.hint})` : ""}`;
}
