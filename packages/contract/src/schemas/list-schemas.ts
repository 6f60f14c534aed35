import * as z from "zod";
import type { FieldError } from "../errors/dossier-error.js";
import { effortLevels, effortSchema } from "./effort.js";
import { MAX_QUESTION_LENGTH, withoutInvisibleCharacters } from "./fields.js";
import { metadataSchema } from "./metadata.js";
import { oneOfProblem } from "./one-of-problem.js";
import { outputSchemaSchema, readOutputSchema } from "./output-schema.js";
import { apiRegistry } from "./registry.js";
import { citationSchema, fieldQuoteSchema } from "./research-response.js";
import { type Company, companySchema, type Person, personSchema } from "./subjects.js";
import { issuesToFieldErrors } from "./validate-request.js";

/** Most matches one list may ask for (`limit`). */
export const MAX_LIST_LIMIT = 10_000;
/** Matches a list asks for when `limit` is left out. */
export const DEFAULT_LIST_LIMIT = 25;
/**
 * Most criteria one list may carry. Every criterion of every candidate is one research run, so ten
 * criteria already make a list of 1,000 candidates 10,000 runs.
 */
export const MAX_LIST_CRITERIA = 10;
/** Longest criterion description, in characters. */
export const MAX_CRITERION_LENGTH = 500;
/** Most companies or people one list may exclude. */
export const MAX_LIST_EXCLUDES = 1_000;
/** Most items one page of `GET /v1/lists/{id}/items` holds. */
export const MAX_LIST_ITEMS_PAGE = 1_000;

/** What a list finds: the two kinds of subject research knows. */
export const listEntityTypes = ["company", "person"] as const;
export type ListEntityType = (typeof listEntityTypes)[number];

/** Why a list stopped looking. */
export const listStopReasons = ["limit_reached", "candidates_exhausted", "budget_reached", "cancelled"] as const;
export type ListStopReason = (typeof listStopReasons)[number];

const CRITERION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;

export const listCriterionSchema = z
  .strictObject({
    id: z
      .string({ error: "must be a string" })
      .regex(CRITERION_ID, "must be 1 to 40 letters, digits, `-` or `_`, starting with a letter or digit")
      .optional()
      .describe("Your name for the criterion (a CSV column); `c1`, `c2`, ... in order when left out."),
    description: z
      .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
      .overwrite(withoutInvisibleCharacters)
      .trim()
      .min(1, "must not be empty")
      .max(MAX_CRITERION_LENGTH, `must be at most ${MAX_CRITERION_LENGTH} characters`)
      .describe(
        'What a match must be or do, said of one candidate: "is headquartered in Norway", "is hiring engineers", "sits on the board".',
      ),
  })
  .register(apiRegistry, {
    id: "ListCriterion",
    description: "One condition every match must meet, checked for each candidate by research with a verified quote.",
  });

export const listRequestSchema = z
  .strictObject({
    objective: z
      .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
      .overwrite(withoutInvisibleCharacters)
      .trim()
      .min(1, "must not be empty")
      .max(MAX_QUESTION_LENGTH, `must be at most ${MAX_QUESTION_LENGTH} characters`)
      .describe('What to find, in words: "climate startups in the Nordics that are hiring engineers".'),
    entityType: z
      .enum(listEntityTypes, { error: (issue) => oneOfProblem(listEntityTypes, issue.input) })
      .describe("Whether the list holds companies or people."),
    criteria: z
      .array(listCriterionSchema, { error: "must be an array of criteria" })
      .min(1, "must hold at least one criterion; leave it out to derive the criteria from the objective")
      .max(MAX_LIST_CRITERIA, `must hold at most ${MAX_LIST_CRITERIA} criteria`)
      .optional()
      .describe(
        `Up to ${MAX_LIST_CRITERIA} conditions every match must meet. Left out, they are derived from the objective (one per clause) and returned by \`GET /v1/lists/{id}\`.`,
      ),
    outputSchema: outputSchemaSchema
      .optional()
      .describe("The fields wanted of each match, researched and verified field by field as a research answer's are."),
    limit: z
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(MAX_LIST_LIMIT, `must be at most ${MAX_LIST_LIMIT}`)
      .optional()
      .describe(`How many matches are wanted, 1 to ${MAX_LIST_LIMIT}; default ${DEFAULT_LIST_LIMIT}.`),
    exclude: z
      .array(z.unknown(), { error: "must be an array of companies or people" })
      .max(MAX_LIST_EXCLUDES, `must hold at most ${MAX_LIST_EXCLUDES} entries`)
      .optional()
      .describe(
        "Companies (or people, as in a research request) that must not be in the list: those you know already. Matched by website, profile URL or name.",
      ),
    effort: z
      .enum(effortLevels, { error: (issue) => oneOfProblem(effortLevels, issue.input) })
      .optional()
      .describe(
        "How much each candidate's research may do (`lite`, `standard`, `deep`), and how many candidates the list may evaluate for its limit.",
      ),
    callbackUrl: z
      .string({ error: "must be a string" })
      .url("must be an absolute http(s) URL")
      .optional()
      .describe("Called with a signed POST when the list is finished, as a batch's completion (docs/batches.md)."),
    metadata: metadataSchema.optional().describe("Your own string pairs, returned with the list."),
  })
  .register(apiRegistry, {
    id: "ListRequest",
    description: "A list to find: every company or person the objective describes that meets every criterion.",
  });

export type ListRequest = z.infer<typeof listRequestSchema>;
export type ListCriterion = { id: string; description: string };

/** A list request after validation: defaults applied, criterion ids given, exclusions read. */
export interface NormalizedListRequest {
  objective: string;
  entityType: ListEntityType;
  /** Empty when the criteria are to be derived from the objective. */
  criteria: ListCriterion[];
  limit: number;
  exclude: Array<Company | Person>;
  effort: z.infer<typeof effortSchema>;
  /** The output schema as given (checked against the subset): each match's research request carries it. */
  outputSchema?: Record<string, unknown>;
  callbackUrl?: string;
  metadata?: Record<string, string>;
}

export type ListValidation = { ok: true; request: NormalizedListRequest } | { ok: false; errors: FieldError[] };

/**
 * Validates a `POST /v1/lists` body. Every bad field is named at once: the schema's problems, the
 * output schema's subset, repeated criterion ids, and each excluded entry against the entity type.
 */
export function validateListRequest(body: unknown): ListValidation {
  const parsed = listRequestSchema.safeParse(body);
  const errors: FieldError[] = parsed.success ? [] : issuesToFieldErrors(parsed.error.issues);
  const record = (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >;
  let outputSchema: Record<string, unknown> | undefined;
  if (record.outputSchema !== undefined && typeof record.outputSchema === "object" && record.outputSchema !== null) {
    const read = readOutputSchema(record.outputSchema);
    if (read.ok) outputSchema = record.outputSchema as Record<string, unknown>;
    else errors.push(...read.errors);
  }
  const exclude: Array<Company | Person> = [];
  const entityType = record.entityType === "person" ? "person" : "company";
  if (Array.isArray(record.exclude)) {
    const schema = entityType === "person" ? personSchema : companySchema;
    for (const [index, entry] of record.exclude.slice(0, MAX_LIST_EXCLUDES).entries()) {
      const one = schema.safeParse(entry);
      if (!one.success) {
        for (const error of issuesToFieldErrors(one.error.issues))
          errors.push({
            path: `exclude.${index}${error.path === "(body)" ? "" : `.${error.path}`}`,
            message: error.message,
          });
      } else exclude.push(one.data);
    }
  }
  if (!parsed.success || errors.length > 0) return { ok: false, errors };
  const value = parsed.data;
  const seen = new Set<string>();
  const criteria: ListCriterion[] = [];
  for (const [index, criterion] of (value.criteria ?? []).entries()) {
    const id = criterion.id ?? `c${index + 1}`;
    if (seen.has(id.toLowerCase())) {
      errors.push({ path: `criteria.${index}.id`, message: `repeats the id "${id}"; each criterion needs its own` });
    }
    seen.add(id.toLowerCase());
    criteria.push({ id, description: criterion.description });
  }
  if (errors.length > 0) return { ok: false, errors };
  const metadata = value.metadata && Object.keys(value.metadata).length > 0 ? value.metadata : undefined;
  return {
    ok: true,
    request: {
      objective: value.objective.replace(/\s+/g, " "),
      entityType: value.entityType,
      criteria,
      limit: value.limit ?? DEFAULT_LIST_LIMIT,
      exclude,
      effort: value.effort ?? "standard",
      ...(outputSchema ? { outputSchema } : {}),
      ...(value.callbackUrl ? { callbackUrl: value.callbackUrl } : {}),
      ...(metadata ? { metadata } : {}),
    },
  };
}

export const listExtendSchema = z
  .strictObject({
    limit: z
      .number({ error: (issue) => (issue.input === undefined ? "is required" : "must be a whole number") })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(MAX_LIST_LIMIT, `must be at most ${MAX_LIST_LIMIT}`)
      .describe("The new number of matches wanted; more than the list's current `limit`."),
  })
  .register(apiRegistry, { id: "ListExtendRequest", description: "Asks a list for more matches." });

const count = (description: string) => z.number().int().min(0).describe(description);

export const listCountsSchema = z
  .object({
    candidates: count("Candidates found so far (after removing duplicates and exclusions)."),
    matched: count("Items whose every criterion is met with a verified quote."),
    unmatched: count("Items with a criterion a quote shows is not met."),
    unclear: count("Items decided neither way: a criterion no quote states, for or against."),
  })
  .register(apiRegistry, { id: "ListCounts", description: "How far a list has got." });

export const listUsageSchema = z
  .object({
    candidatesEvaluated: count("Candidates whose every criterion was researched."),
    researchRuns: count(
      "Research runs the verdicts and enrichments took (identical runs shared, stored results reused).",
    ),
    modelCalls: count("Model calls of those runs."),
    promptTokens: count("Prompt tokens of those runs."),
    completionTokens: count("Completion tokens of those runs."),
    searches: count("Search queries: those that found candidates and those of the runs."),
    pagesFetched: count("Pages read from the web: listing pages and those of the runs."),
    maxCandidates: count("The list's budget: the most candidates it may evaluate for its limit and effort."),
  })
  .register(apiRegistry, { id: "ListUsage", description: "What a list has spent, and its budget." });

export const listUnreadPageSchema = z
  .object({
    url: z.string().describe("The page discovery tried to read."),
    code: z
      .string()
      .describe("Why it could not: `FETCH_TIMEOUT`, `FETCH_HTTP_ERROR` (a 5xx or 429 status), `FETCH_FAILED`, ..."),
    status: z.number().int().optional().describe("The status the page answered, when it answered an error status."),
  })
  .register(apiRegistry, {
    id: "ListUnreadPage",
    description:
      "A page the list's discovery could not read for a reason that may pass (a time-out, a refused connection, a 5xx or 429 status). A page that answered 404 or that robots.txt forbids is not one: that is the web as it is.",
  });

export const listFailedSearchSchema = z
  .object({
    query: z.string().describe("The search query of the list's discovery."),
    code: z.string().describe("Why it failed: `SEARCH_PROVIDER_FAILED`, `SEARCH_PROVIDER_RATE_LIMITED`, ..."),
  })
  .register(apiRegistry, { id: "ListFailedSearch", description: "A search of the list's discovery that failed." });

export const listStatusSchema = z
  .object({
    id: z.string().describe("The list id, `l-...`."),
    status: z
      .enum(["queued", "running", "done", "cancelled", "failed"])
      .describe("`queued` until a worker takes it, `running` while it looks, then `done`, `cancelled` or `failed`."),
    objective: z.string().describe("The objective, as given."),
    entityType: z.enum(listEntityTypes).describe("Companies or people."),
    criteria: z
      .array(z.object({ id: z.string(), description: z.string() }))
      .describe("The criteria, as given or derived from the objective (empty until derived)."),
    criteriaDerived: z.boolean().describe("True when the criteria were derived from the objective."),
    limit: z.number().int().describe("Matches wanted."),
    effort: effortSchema,
    counts: listCountsSchema,
    stopReason: z
      .enum(listStopReasons)
      .optional()
      .describe(
        "Why it stopped: `limit_reached`, `candidates_exhausted` (every candidate found was evaluated), `budget_reached` or `cancelled`.",
      ),
    usage: listUsageSchema,
    createdAt: z.string().describe("When the list was accepted (ISO 8601)."),
    finishedAt: z.string().nullable().describe("When it finished (ISO 8601), or null."),
    metadata: metadataSchema.optional().describe("The list's `metadata`, when it was given some."),
    problem: z
      .object({ code: z.string(), detail: z.string() })
      .optional()
      .describe(
        "Why a `failed` list failed: e.g. `SEARCH_NOT_CONFIGURED`; `SEARCH_PROVIDER_FAILED` when every search failed; `RESEARCH_FAILED` when it found no candidate while pages or searches failed (its `detail` names the pages; `unreadPages` and `failedSearches` list them): an outage, not an empty result.",
      ),
    watchId: z
      .string()
      .optional()
      .describe("The watch (`w-...`) whose run made this list again from its definition, when one did."),
    unreadPages: z
      .array(listUnreadPageSchema)
      .optional()
      .describe(
        "Pages discovery tried to read and could not (a time-out, a 5xx): their entries are not among the candidates. Absent when every page was read. A list that found no candidate while any page or search failed is `failed`, not `done`.",
      ),
    failedSearches: z
      .array(listFailedSearchSchema)
      .optional()
      .describe(
        "Searches of discovery that failed: what they would have found is not among the candidates. Absent when none failed.",
      ),
  })
  .register(apiRegistry, { id: "ListStatus", description: "A list's progress." });

export const listListSchema = z
  .object({
    data: z.array(listStatusSchema).describe("The key's lists, newest first."),
    has_more: z
      .boolean()
      .describe("Whether older lists follow: ask again with `after` set to the id of the last list of this page."),
  })
  .register(apiRegistry, { id: "ListList", description: "One page of the calling key's lists." });

export const listVerdictSchema = z
  .object({
    criterionId: z.string().describe("The criterion this verdict is about."),
    satisfied: z
      .enum(["yes", "no", "unclear"])
      .describe(
        "`yes` only with a verified quote that states it of this item; `no` only with one that states the opposite; otherwise `unclear`.",
      ),
    confidence: z.number().min(0).max(1).describe("The research answer's confidence, 0 to 1."),
    citations: z
      .array(citationSchema)
      .describe(
        "The verified quotes behind a `yes` or `no`, each on its page and naming (or on the site of) this item.",
      ),
  })
  .register(apiRegistry, { id: "ListVerdict", description: "One criterion checked for one item." });

export const listFoundOnSchema = z
  .object({
    url: z.string().describe("The page the candidate was found on (a directory, a member list, a team page)."),
    title: z.string().nullable().describe("That page's title."),
  })
  .register(apiRegistry, { id: "ListFoundOn", description: "Where a candidate was found." });

export const listItemSchema = z
  .object({
    id: z.string().describe("Stable id of the item: the same entity has the same id in every list."),
    index: z.number().int().describe("0-based position in the list's items; `?after=` pages by it."),
    status: z.enum(["matched", "unmatched", "unclear"]),
    company: companySchema.optional().describe("The company, as found (for a company list)."),
    person: personSchema.optional().describe("The person, as found (for a person list)."),
    foundOn: z.array(listFoundOnSchema).describe("Every page the candidate was found on."),
    verdicts: z.array(listVerdictSchema).describe("One verdict per criterion, in the criteria's order."),
    answerObject: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("With `outputSchema`, for a matched item: its fields, a field no quote states being null."),
    fieldCitations: z
      .record(z.string(), z.array(fieldQuoteSchema))
      .optional()
      .describe("With `outputSchema`: the verified quotes of each non-null field."),
  })
  .register(apiRegistry, { id: "ListItem", description: "One evaluated candidate of a list." });

export const listItemsPageSchema = z
  .object({
    items: z
      .array(listItemSchema)
      .describe("The items after `after`, in a stable order (the order they were decided)."),
    hasMore: z
      .boolean()
      .describe("True when more items follow now: ask again with `after` set to the last item's `index`."),
  })
  .register(apiRegistry, { id: "ListItemsPage", description: "One page of a list's items." });

/** The payloads of the events of `GET /v1/lists/{id}/events`, by event name. */
export const listEventDataSchemas = {
  progress: listStatusSchema.describe("`progress`: the list as `GET /v1/lists/{id}` answers it, when it changes."),
  candidate: z
    .object({
      id: z.string(),
      name: z.string().describe("The candidate's name."),
      foundOn: z.array(listFoundOnSchema),
    })
    .register(apiRegistry, { id: "ListCandidateEvent", description: "`candidate`: a candidate was found." }),
  matched: listItemSchema.describe("`matched`: an item met every criterion."),
  unmatched: listItemSchema.describe("`unmatched`: a quote showed an item fails a criterion."),
  unclear: listItemSchema.describe("`unclear`: an item was decided neither way."),
  done: listStatusSchema.describe("`done`: the list finished, was cancelled or failed. The stream ends after it."),
} as const;

export type ListEventType = keyof typeof listEventDataSchemas;

/** One event of a list's stream; item events carry the item with its `index`. */
export type ListEvent = {
  [Name in ListEventType]: { type: Name; id: string; data: z.infer<(typeof listEventDataSchemas)[Name]> };
}[ListEventType];

export type ListItemsPage = z.infer<typeof listItemsPageSchema>;
export type ListList = z.infer<typeof listListSchema>;
export type ListStatus = z.infer<typeof listStatusSchema>;
export type ListItem = z.infer<typeof listItemSchema>;
export type ListVerdict = z.infer<typeof listVerdictSchema>;
export type ListUsage = z.infer<typeof listUsageSchema>;
export type ListCounts = z.infer<typeof listCountsSchema>;
export type ListFoundOn = z.infer<typeof listFoundOnSchema>;
export type ListUnreadPage = z.infer<typeof listUnreadPageSchema>;
export type ListFailedSearch = z.infer<typeof listFailedSearchSchema>;
