import * as z from "zod";
import { listCountsSchema, listCriterionSchema, listEntityTypes, listStopReasons } from "./list-schemas.js";
import { metadataSchema } from "./metadata.js";
import { apiRegistry } from "./registry.js";
import { companyResearchRequestSchema, personResearchRequestSchema } from "./research-request.js";
import { companyResearchResponseSchema, personResearchResponseSchema } from "./research-response.js";
import { runUsageSchema } from "./usage-schemas.js";

export const watchedResearchSchema = z
  .strictObject({
    type: z.enum(["company", "person"]).describe("Which research to repeat: as `POST /v1/research/{type}`."),
    request: z
      .union([companyResearchRequestSchema, personResearchRequestSchema])
      .describe(
        "The body the synchronous call would take. Its `metadata` belongs on the watch instead; its `maxAgeSeconds`, when given, " +
          "can only make a run's evidence fresher than the watch's own rule (docs/watches.md).",
      ),
  })
  .register(apiRegistry, { id: "WatchedResearch", description: "The research request a watch asks again." });

export const watchedListSchema = z
  .object({
    objective: z.string().describe("What to find, as the list was given it."),
    entityType: z.enum(listEntityTypes).describe("Companies or people."),
    criteria: z
      .array(listCriterionSchema)
      .describe("The criteria every match must meet: as given, or as derived for the list (empty: derived each run)."),
    limit: z.number().int().describe("Matches wanted."),
    effort: z.string().describe("The effort of each run's research."),
    outputSchema: z.record(z.string(), z.unknown()).optional().describe("The fields wanted of each match."),
    exclude: z.array(z.unknown()).describe("Companies or people left out."),
  })
  .register(apiRegistry, { id: "WatchedList", description: "The definition of a list a watch finds again." });

export const watchRequestSchema = z
  .strictObject({
    request: watchedResearchSchema
      .optional()
      .describe("The research request to ask again. Give this or `list`, not both."),
    list: z
      .string()
      .optional()
      .describe(
        "The id of a list of this key (`POST /v1/lists`) to find again on each run: the watch keeps its definition and " +
          "reports the matches added and dropped. Give this or `request`, not both.",
      ),
    every: z
      .string()
      .describe(
        'How often to ask again: a whole number and a unit (`m`, `h`, `d`, `w`) from `1h` to `30d`, such as `"6h"`, `"1d"`, `"2w"`.',
      ),
    callbackUrl: z
      .string()
      .url()
      .optional()
      .describe(
        "Receives each change event as a signed POST (the batch callbacks' scheme, docs/batches.md). Must be a public http(s) URL.",
      ),
    metadata: metadataSchema.optional().describe("Your own string pairs, returned with the watch and its callbacks."),
  })
  .register(apiRegistry, {
    id: "WatchRequest",
    description: "A research request (or a list) to ask again on a schedule, telling what changed.",
  });

/** The envelope checked first; the research request inside is validated on its own, naming its fields. */
export const watchEnvelopeSchema = z.strictObject({
  request: z.unknown().optional(),
  list: z.string().min(1, "must not be empty").optional(),
  every: z.string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") }),
  callbackUrl: z.string().optional(),
  metadata: metadataSchema.nullish(),
});

export const watchQuoteSchema = z
  .object({
    url: z.string().describe("The page the quote is on."),
    quote: z.string().describe("The words of the page, verified to be on it, that state the value."),
    title: z.string().nullable().optional().describe("The page's title, when known."),
    criterionId: z
      .string()
      .optional()
      .describe("For a list item: the criterion the quote proves (or, for a dropped item, denies)."),
  })
  .register(apiRegistry, { id: "WatchQuote", description: "A verified quote that stated a value in one run." });

export const watchChangeKinds = ["changed", "unconfirmed", "confirmed", "added", "dropped"] as const;

export const watchChangeSchema = z
  .object({
    field: z
      .string()
      .describe(
        "What changed: `answerText` for a typed answer, a field path of `answerObject` (`hq`, `address.city`, `certifications`), " +
          "a person field (`person.jobTitle`), or `items` for a watch on a list (a match added, dropped or unconfirmed).",
      ),
    kind: z
      .enum(watchChangeKinds)
      .describe(
        "`changed`: another value is stated now. `unconfirmed`: no page read states any value now (the old one is not contradicted, " +
          "only no longer found). `confirmed`: a value reported unconfirmed is stated again. `added` / `dropped`: an item of a list " +
          "field is stated now / no longer.",
      ),
    before: z.unknown().describe("The value the last confirming run found (null when there was none)."),
    after: z.unknown().describe("The value this run found; null when `unconfirmed` or `dropped`."),
    citations: z
      .object({
        before: z.array(watchQuoteSchema).describe("The quotes that stated `before`."),
        after: z.array(watchQuoteSchema).describe("The quotes that state `after`; empty when nothing states it."),
      })
      .describe("The proof on each side."),
  })
  .register(apiRegistry, { id: "WatchChange", description: "One field that changed between two runs of a watch." });

export const watchEventSchema = z
  .object({
    id: z
      .string()
      .describe(
        "The event's id, `we-...`: the same on every delivery of this event, so a receiver can drop duplicates.",
      ),
    watchId: z.string().describe("The watch, `w-...`."),
    runId: z.string().describe("The run that found the changes."),
    detectedAt: z.string().describe("When the run found them (ISO 8601)."),
    changes: z.array(watchChangeSchema).min(1).describe("What changed, one entry per field or list item."),
    listId: z
      .string()
      .optional()
      .describe("For a watch on a list: the list this run made (`GET /v1/lists/{id}/items` has all its items)."),
  })
  .register(apiRegistry, {
    id: "WatchEvent",
    description: "What one run of a watch found changed. A run that finds nothing new makes no event.",
  });

const problemSummarySchema = z.object({
  code: z.string().describe("The problem's code (docs/errors.md)."),
  detail: z.string().describe("What went wrong, in words."),
});

export const watchUsageSchema = runUsageSchema
  .omit({ durationMs: true })
  .extend({
    runs: z.number().int().min(0).describe("Runs made (scheduled and on demand), failed ones included."),
    events: z.number().int().min(0).describe("Change events the runs made."),
  })
  .register(apiRegistry, {
    id: "WatchUsage",
    description:
      "What the watch's runs spent in all: each run counts as one research call against the key's monthly limits.",
  });

export const watchSchema = z
  .object({
    id: z.string().describe("The watch id, `w-...`."),
    status: z
      .enum(["active", "failing", "stopped"])
      .describe(
        "`active`; `failing` when its last runs failed (see `failing`: scheduled runs are spaced out until one succeeds); " +
          "`stopped` when it can no longer run (`stoppedReason`).",
      ),
    request: watchedResearchSchema.optional().describe("The research request asked again, as given."),
    list: z.string().optional().describe("The list the watch was made from, when the watch is on a list."),
    listRequest: watchedListSchema
      .optional()
      .describe("For a watch on a list: the list's definition, kept when the watch was made; each run finds it again."),
    lastList: z
      .object({
        id: z.string().describe("The list, `l-...`: its items are at `GET /v1/lists/{id}/items` while it is kept."),
        status: z.enum(["queued", "running", "done", "cancelled", "failed"]).describe("How the list ended."),
        counts: listCountsSchema,
        stopReason: z.enum(listStopReasons).optional().describe("Why it stopped looking."),
      })
      .nullable()
      .optional()
      .describe("For a watch on a list: the list of the latest run that succeeded; null before the first."),
    every: z.string().describe("The interval, as given."),
    everySeconds: z.number().int().describe("The interval in seconds."),
    callbackUrl: z.string().nullable().describe("Where change events are POSTed, or null."),
    metadata: metadataSchema.optional().describe("The watch's `metadata`, when it was given some."),
    createdAt: z.string().describe("When the watch was made (ISO 8601)."),
    nextRunAt: z
      .string()
      .nullable()
      .describe("When the next scheduled run is due (ISO 8601); runs of one watch are spread over its interval."),
    lastRun: z
      .object({
        id: z.string().describe("The run's id."),
        at: z.string().describe("When it ended (ISO 8601)."),
        trigger: z
          .enum(["created", "schedule", "manual"])
          .describe("What started it: the watch's creation, its schedule, or `POST /v1/watches/{id}/run`."),
        outcome: z
          .enum(["baseline", "unchanged", "changed", "failed", "skipped"])
          .describe(
            "`baseline`: the first answer, nothing to compare with; `unchanged`; `changed` (see `eventId`); `failed` (see `problem`); " +
              "`skipped`: not run, see `problem` (the key's monthly limit, for one).",
          ),
        eventId: z.string().optional().describe("The change event this run made."),
        problem: problemSummarySchema.optional().describe("Why the run failed or was skipped."),
      })
      .nullable()
      .describe("The latest run, or null before the first one ends."),
    lastAnswer: z
      .union([companyResearchResponseSchema, personResearchResponseSchema])
      .nullable()
      .describe("The latest verified answer, exactly as the research call returns it; null before the first one."),
    lastAnswerAt: z.string().nullable().describe("When `lastAnswer` was found (ISO 8601)."),
    failing: z
      .object({
        consecutiveFailures: z.number().int().describe("Runs that failed in a row."),
        since: z.string().describe("When the first of them failed (ISO 8601)."),
        problem: problemSummarySchema.describe("Why the latest one failed."),
        nextAttemptAt: z
          .string()
          .nullable()
          .describe("The first scheduled run that will be tried again (ISO 8601); `POST .../run` tries at once."),
      })
      .optional()
      .describe("Only while `status` is `failing`."),
    stoppedReason: problemSummarySchema.optional().describe("Only when `status` is `stopped`: why."),
    usage: watchUsageSchema,
  })
  .register(apiRegistry, { id: "Watch", description: "A watch: a request asked again on a schedule." });

/** Most watches or events one page holds. */
export const MAX_WATCH_PAGE = 100;

export const watchListSchema = z
  .object({
    data: z.array(watchSchema).describe("The key's watches, newest first."),
    has_more: z
      .boolean()
      .describe("Whether more follow: ask again with `after` set to the id of the last watch of this page."),
  })
  .register(apiRegistry, { id: "WatchList", description: "One page of the calling key's watches." });

export const watchEventListSchema = z
  .object({
    data: z.array(watchEventSchema).describe("The watch's change events, newest first."),
    has_more: z
      .boolean()
      .describe("Whether older events follow: ask again with `after` set to the id of the last event of this page."),
  })
  .register(apiRegistry, { id: "WatchEventList", description: "One page of a watch's change events." });

export const watchRunAcceptedSchema = z
  .object({
    watchId: z.string().describe("The watch."),
    status: z.literal("queued").describe("The run waits for a worker; a run already waiting is not queued twice."),
  })
  .register(apiRegistry, { id: "WatchRunAccepted", description: "A run asked for outside the schedule." });

export type WatchRequest = z.infer<typeof watchRequestSchema>;
export type WatchQuote = z.infer<typeof watchQuoteSchema>;
export type WatchChange = z.infer<typeof watchChangeSchema>;
export type WatchChangeKind = (typeof watchChangeKinds)[number];
export type WatchEvent = z.infer<typeof watchEventSchema>;
export type WatchView = z.infer<typeof watchSchema>;
export type WatchUsage = z.infer<typeof watchUsageSchema>;
export type WatchList = z.infer<typeof watchListSchema>;
export type WatchEventList = z.infer<typeof watchEventListSchema>;
