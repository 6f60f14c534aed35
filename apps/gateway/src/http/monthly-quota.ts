import { DossierError, unavailable } from "@dossier/contract";
import type { RedisClient } from "@dossier/queue";
import { type ApiKeyIdentity, admitCalls, type CallAdmission, type ChargeNote } from "@dossier/queue";

/** What is asked of a key's monthly allowance: one call, or a batch's items with their expected tokens. */
export interface QuotaRequest {
  /** Calls to count. */
  count: number;
  /** Tokens the calls are expected to spend (a batch's estimate); 0 for a single call. */
  estimatedTokens?: number;
  /** How the estimate was made, for the refusal's detail. */
  estimate?: string;
}

const formatted = (value: number) => value.toLocaleString("en-US");

function refusal(identity: ApiKeyIdentity, request: QuotaRequest, admission: CallAdmission & { allowed: false }) {
  const resetsAt = new Date(admission.resetsAtMs).toISOString();
  const limits = identity.limits;
  const what =
    admission.exceeded === "calls"
      ? `This key may make ${formatted(limits?.monthlyCalls ?? 0)} research calls a month (UTC) and has made ${formatted(admission.calls)}` +
        (request.count > 1 ? `; these ${formatted(request.count)} would pass the limit` : "")
      : `This key may spend ${formatted(limits?.monthlyTokens ?? 0)} model tokens a month (UTC) and has spent ${formatted(admission.tokens)}` +
        (request.estimatedTokens
          ? `; ${request.estimate ?? `about ${formatted(request.estimatedTokens)} more`} would pass the limit`
          : "");
  return new DossierError("QUOTA_EXCEEDED", {
    detail: `${what}. Nothing was queued. The limit starts again at ${resetsAt}.`,
    retryable: true,
    retryAfterSeconds: Math.max(1, Math.ceil((admission.resetsAtMs - Date.now()) / 1000)),
    extensions: { resetsAt },
  });
}

/**
 * Counts calls against the key's monthly limits before anything is queued, so that a call past a
 * limit never becomes a half-run job: it is 429 `QUOTA_EXCEEDED` with `Retry-After` and `resetsAt`.
 * Every key's calls are counted, limited or not, for `GET /v1/usage`.
 */
export async function admitToQuota(
  redis: RedisClient,
  prefix: string,
  identity: ApiKeyIdentity,
  request: QuotaRequest,
): Promise<void> {
  let admission: CallAdmission;
  try {
    admission = await admit(redis, prefix, identity, request);
  } catch (error) {
    throw unavailable("The usage ledger", error);
  }
  if (!admission.allowed) throw refusal(identity, request, admission);
}

/**
 * {@link admitToQuota} as one of the writes of a held write (`writeHeld`, docs/decisions/0012): the
 * charge is noted where `once` says, so that made again after a failover it is counted once, and a
 * Redis error is given back as it is, for the held write to make the charge again on the new primary.
 * A refusal is 429 `QUOTA_EXCEEDED`, as there.
 */
export async function chargeQuotaOnce(
  redis: RedisClient,
  prefix: string,
  identity: ApiKeyIdentity,
  request: QuotaRequest,
  once: ChargeNote,
): Promise<void> {
  const admission = await admit(redis, prefix, identity, request, once);
  if (!admission.allowed) throw refusal(identity, request, admission);
}

function admit(
  redis: RedisClient,
  prefix: string,
  identity: ApiKeyIdentity,
  request: QuotaRequest,
  once?: ChargeNote,
): Promise<CallAdmission> {
  return admitCalls(redis, prefix, identity.id, {
    count: request.count,
    limits: identity.limits,
    ...(request.estimatedTokens ? { estimatedTokens: request.estimatedTokens } : {}),
    ...(once ? { once } : {}),
  });
}
