import type { FieldError } from "../errors/dossier-error.js";
import type { Metadata } from "./metadata.js";
import type { ResearchKind } from "./research-request.js";
import { issuesToFieldErrors, type NormalizedResearchRequest, validateResearchRequest } from "./validate-request.js";
import { parseWatchEvery, WATCH_EVERY_RULE } from "./watch-every.js";
import { watchEnvelopeSchema } from "./watch-schemas.js";

/** What a watch follows: a research request asked again, or a list's items. */
export type WatchTarget =
  | {
      type: "research";
      kind: ResearchKind;
      /** The request as validated and normalized: what each run researches. */
      request: NormalizedResearchRequest;
      /** The request as the caller gave it, for showing the watch back. */
      given: Record<string, unknown>;
    }
  | { type: "list"; listId: string };

/** A valid watch, ready to be stored. */
export interface ValidWatch {
  target: WatchTarget;
  /** The interval as given (`"6h"`). */
  every: string;
  /** The interval in seconds. */
  everySeconds: number;
  callbackUrl: string | null;
  metadata: Metadata | null;
}

export type WatchValidation = { ok: true; watch: ValidWatch } | { ok: false; errors: FieldError[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Checks `request: { type, request }`, naming each bad field under `request.`. */
function validateTarget(raw: unknown, errors: FieldError[]): WatchTarget | null {
  if (!isRecord(raw)) {
    errors.push({ path: "request", message: 'must be an object: { "type": "company" | "person", "request": {...} }' });
    return null;
  }
  for (const key of Object.keys(raw)) {
    if (key !== "type" && key !== "request")
      errors.push({ path: `request.${key}`, message: "is not a known field (names are case-sensitive)" });
  }
  if (raw.type !== "company" && raw.type !== "person") {
    errors.push({ path: "request.type", message: 'must be "company" or "person"' });
    return null;
  }
  if (!isRecord(raw.request)) {
    errors.push({
      path: "request.request",
      message: "must be a research request object, as POST /v1/research/{type} takes",
    });
    return null;
  }
  const kind = raw.type;
  const validation = validateResearchRequest(kind, raw.request);
  if (!validation.ok) {
    for (const error of validation.errors)
      errors.push({ ...error, path: error.path === "(body)" ? "request.request" : `request.request.${error.path}` });
    return null;
  }
  if (validation.metadata !== null) {
    errors.push({
      path: "request.request.metadata",
      message: "belongs on the watch: give `metadata` next to `every`, and it comes back with every event",
    });
    return null;
  }
  return { type: "research", kind, request: validation.request, given: raw.request };
}

/**
 * Validates a `POST /v1/watches` body: the envelope, the interval and the research request inside
 * (with the research call's own rules, its fields named under `request.request.`). Every bad field
 * is reported at once.
 */
export function validateWatchRequest(body: unknown): WatchValidation {
  const envelope = watchEnvelopeSchema.safeParse(body);
  if (!envelope.success) {
    const errors = issuesToFieldErrors(envelope.error.issues);
    // The interval's and the research request's own problems too, so that one answer names everything.
    if (isRecord(body)) {
      if (typeof body.every === "string" && parseWatchEvery(body.every) === null)
        errors.push({ path: "every", message: `${WATCH_EVERY_RULE}, not "${body.every}"` });
      if (body.request !== undefined) validateTarget(body.request, errors);
    }
    return { ok: false, errors };
  }
  const value = envelope.data;
  const errors: FieldError[] = [];
  const everySeconds = parseWatchEvery(value.every);
  if (everySeconds === null) errors.push({ path: "every", message: `${WATCH_EVERY_RULE}, not "${value.every}"` });
  let target: WatchTarget | null = null;
  if (value.request !== undefined && value.list !== undefined) {
    errors.push({ path: "list", message: "give either `request` or `list`, not both" });
  } else if (value.list !== undefined) {
    target = { type: "list", listId: value.list.trim() };
  } else if (value.request !== undefined) {
    target = validateTarget(value.request, errors);
  } else {
    errors.push({
      path: "request",
      message: 'is required: give `request` ({ "type": "company", "request": {...} }) or `list` (a list id)',
    });
  }
  if (errors.length > 0 || target === null || everySeconds === null) return { ok: false, errors };
  const metadata = value.metadata && Object.keys(value.metadata).length > 0 ? value.metadata : null;
  return {
    ok: true,
    watch: {
      target,
      every: value.every.trim(),
      everySeconds,
      callbackUrl: value.callbackUrl?.trim() || null,
      metadata,
    },
  };
}
