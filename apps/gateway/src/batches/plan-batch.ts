import { createHash } from "node:crypto";
import {
  batchEnvelopeSchema,
  DossierError,
  type ErrorCode,
  type FieldError,
  issuesToFieldErrors,
  type Metadata,
  metadataSchema,
  reservedMetadataKeys,
  TYPICAL_RUN_TOKENS,
  validateResearchRequest,
} from "@dossier/contract";
import { type BatchItemPlan, type PreparedBatch, prepareBatch, researchJobId, stableStringify } from "@dossier/queue";
import { exceedsJsonDepth } from "../http/exceeds-json-depth.js";
import { MAX_JSON_DEPTH } from "../http/json-body-limits.js";
import { problemBody } from "../http/problem.js";
import { validationProblem } from "../http/validation-problem.js";

/** A `POST /v1/batches` body to plan, as read from the connection. */
export interface BatchPlanInput {
  /** The body's bytes, decompressed, in blocks as read (see `readBodyBlocks`). */
  blocks: Uint8Array[];
  /** Their bytes in all. */
  byteLength: number;
  /** Its charset (`utf-8` unless the Content-Type said another `utf-*`). */
  charset: string;
  keyId: string;
  requestId: string;
  /** When the batch was received, ms since epoch (the items' `enqueuedAt`). */
  now: number;
  /** Items one batch may hold (`BATCH_MAX_ITEMS`). */
  maxItems: number;
}

/** A problem as plain data, so that it crosses from a worker thread. */
export interface PlannedProblem {
  code: ErrorCode;
  detail: string;
  errors?: FieldError[];
}

/** A planned batch, plain data (it crosses from a worker thread): what the route needs to store it. */
export interface PlannedBatch {
  /** SHA-256 of the body's JSON with keys in a stable order, for `Idempotency-Key`. */
  fingerprint: string;
  callbackUrl?: string;
  metadata: Metadata | null;
  /** The batch ready to be written. */
  prepared: PreparedBatch;
  /** The valid items and the model tokens their runs typically spend, for the monthly quota. */
  runs: { count: number; estimatedTokens: number };
  /** When every item is invalid: the first items' errors, their paths starting `items[<index>].`. */
  invalidItemErrors: FieldError[];
}

export type BatchPlanOutcome = { ok: true; batch: PlannedBatch } | { ok: false; problem: PlannedProblem };

/** Items whose errors a refusal of an all-invalid batch lists at most. */
const LISTED_INVALID_ITEMS = 20;

const problem = (code: ErrorCode, detail: string, errors?: FieldError[]): BatchPlanOutcome => ({
  ok: false,
  problem: { code, detail, ...(errors ? { errors } : {}) },
});

/**
 * Reads, checks and plans a batch body: JSON nesting and syntax, the envelope, every item on its own,
 * the idempotency fingerprint, and the encoded form Redis stores. Pure and synchronous: for a large
 * body it runs in a worker thread (see `BatchPlanner`), so that the gateway's event loop goes on.
 */
export function planBatch(input: BatchPlanInput): BatchPlanOutcome {
  const utf8 = /^utf-?8$/i.test(input.charset);
  const body = input.blocks.length === 1 ? input.blocks[0]! : Buffer.concat(input.blocks, input.byteLength);
  let text: string;
  try {
    text = new TextDecoder(utf8 ? "utf-8" : input.charset).decode(body);
  } catch {
    return problem("REQUEST_UNSUPPORTED_MEDIA_TYPE", "The body must be UTF-8 JSON.");
  }
  const bytes = utf8 ? body : Buffer.from(text, "utf8");
  if (exceedsJsonDepth(bytes, MAX_JSON_DEPTH)) {
    return problem(
      "REQUEST_TOO_DEEPLY_NESTED",
      `The body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels, the most accepted.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return problem("REQUEST_MALFORMED_JSON", `The body is not valid JSON: ${(error as Error).message}.`);
  }
  const envelope = batchEnvelopeSchema.safeParse(parsed);
  const reserved = reservedMetadataKeys(parsed);
  if (!envelope.success || reserved.length > 0) {
    const errors = [...(envelope.success ? [] : issuesToFieldErrors(envelope.error.issues)), ...reserved];
    return problem("REQUEST_VALIDATION_FAILED", validationProblem(errors).detail, errors);
  }
  const { items, callbackUrl, metadata } = envelope.data;
  if (items.length > input.maxItems) {
    const errors = [
      { path: "items", message: `holds ${items.length} items; a batch may hold at most ${input.maxItems}` },
    ];
    return problem("REQUEST_VALIDATION_FAILED", validationProblem(errors).detail, errors);
  }
  // Paths of an item's errors: its own fields (`type`, `ref`), or its request's (below `request`).
  const errorsWithin: Array<"item" | "request"> = [];
  const plans = items.map((raw) =>
    planItem(raw, input.keyId, input.requestId, input.now, (within) => errorsWithin.push(within)),
  );
  const runs = { count: 0, estimatedTokens: 0 };
  for (const plan of plans) {
    if (!("data" in plan)) continue;
    runs.count += 1;
    runs.estimatedTokens += TYPICAL_RUN_TOKENS[plan.data.request.effort ?? "standard"];
  }
  return {
    ok: true,
    batch: {
      fingerprint: createHash("sha256").update(stableStringify(parsed)).digest("hex"),
      ...(callbackUrl !== undefined ? { callbackUrl } : {}),
      metadata: metadata && Object.keys(metadata).length > 0 ? metadata : null,
      prepared: prepareBatch(plans),
      runs,
      invalidItemErrors: runs.count === 0 ? invalidItemErrors(plans, errorsWithin) : [],
    },
  };
}

/** A planned problem as the error the gateway answers. */
export function plannedProblemError(planned: PlannedProblem): DossierError {
  return new DossierError(planned.code, {
    detail: planned.detail,
    ...(planned.errors ? { errors: planned.errors } : {}),
  });
}

/** The first invalid items' errors, each path prefixed with its item (`items[3].request.question`). */
function invalidItemErrors(plans: readonly BatchItemPlan[], within: ReadonlyArray<"item" | "request">): FieldError[] {
  const errors: FieldError[] = [];
  let invalid = 0;
  for (const [index, plan] of plans.entries()) {
    if (!("problem" in plan)) continue;
    if (errors.length >= LISTED_INVALID_ITEMS) break;
    const itemErrors = (plan.problem.errors as FieldError[] | undefined) ?? [];
    const first = itemErrors[0];
    const base = within[invalid++] === "request" ? `items[${index}].request` : `items[${index}]`;
    errors.push({
      path: first?.path ? `${base}.${first.path}` : base,
      message: first
        ? `${first.message}${itemErrors.length > 1 ? ` (and ${itemErrors.length - 1} more in this item)` : ""}`
        : "is invalid",
    });
  }
  return errors;
}

/** Plans one item: a job for a valid request, or the item's own 422 problem. */
function planItem(
  raw: unknown,
  keyId: string,
  requestId: string,
  now: number,
  invalidWithin: (within: "item" | "request") => void,
): BatchItemPlan {
  const item = (typeof raw === "object" && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const ref = typeof item.ref === "string" ? item.ref : undefined;
  const withRef = ref !== undefined ? { ref } : {};
  const envelopeErrors: FieldError[] = [];
  if (item.type !== "person" && item.type !== "company")
    envelopeErrors.push({ path: "type", message: 'must be "person" or "company"' });
  if (item.ref !== undefined && (typeof item.ref !== "string" || item.ref.length > 200))
    envelopeErrors.push({ path: "ref", message: "must be a string of at most 200 characters" });
  for (const key of Object.keys(item)) {
    if (!["type", "request", "ref"].includes(key))
      envelopeErrors.push({ path: key, message: "is not a known field (names are case-sensitive)" });
  }
  if (envelopeErrors.length > 0) {
    invalidWithin("item");
    return { ...withRef, problem: itemProblem(envelopeErrors, requestId) };
  }
  const kind = item.type as "person" | "company";
  const validation = validateResearchRequest(kind, item.request);
  if (!validation.ok) {
    // A bad item keeps its metadata when that part was valid, so its failure line can be matched up.
    const metadata = validMetadata(item.request);
    invalidWithin("request");
    return { ...withRef, ...(metadata ? { metadata } : {}), problem: itemProblem(validation.errors, requestId) };
  }
  const jobId = researchJobId(keyId, validation.request);
  return {
    ...withRef,
    ...(validation.metadata ? { metadata: validation.metadata } : {}),
    kind,
    jobId,
    data: { request: validation.request, requestId, keyId, enqueuedAt: now, origin: "batch" },
  };
}

function itemProblem(errors: FieldError[], requestId: string): Record<string, unknown> {
  return problemBody(validationProblem(errors), requestId);
}

/** The metadata of an item's request when it is valid on its own, else undefined. */
function validMetadata(request: unknown): Metadata | undefined {
  const raw =
    typeof request === "object" && request !== null ? (request as Record<string, unknown>).metadata : undefined;
  const parsed = metadataSchema.safeParse(raw);
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : undefined;
}
