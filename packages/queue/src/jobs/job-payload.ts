import { DossierError, type ErrorCode, errorCodes, type NormalizedResearchRequest } from "@dossier/contract";

/** What a research job carries from the gateway to a worker. */
export interface ResearchJobData {
  request: NormalizedResearchRequest;
  /** X-Request-Id of the call that created the job; every worker log line carries it. */
  requestId: string;
  /** Id (never the secret) of the API key that asked. */
  keyId: string;
  /** When the gateway enqueued it, ms since epoch. */
  enqueuedAt: number;
  /** How the job was asked for: a waiting call, an async call, a batch item or a watch's run. Default `sync`. */
  origin?: "sync" | "async" | "batch" | "watch";
}

/** How a failed job's reason is stored: the problem's code and detail as JSON text. */
export interface EncodedFailure {
  code: ErrorCode;
  detail: string;
  retryAfterSeconds?: number;
}

export function encodeFailure(error: DossierError): string {
  const failure: EncodedFailure = { code: error.code, detail: error.detail };
  if (error.retryAfterSeconds !== undefined) failure.retryAfterSeconds = error.retryAfterSeconds;
  return JSON.stringify(failure);
}

/** Turns a stored failure reason back into an error; unknown reasons become a generic failure. */
export function decodeFailure(reason: string | undefined): DossierError {
  try {
    const parsed = JSON.parse(reason ?? "") as Partial<EncodedFailure>;
    if (parsed.code && parsed.code in errorCodes && typeof parsed.detail === "string") {
      return new DossierError(parsed.code, {
        detail: parsed.detail,
        ...(parsed.retryAfterSeconds !== undefined ? { retryAfterSeconds: parsed.retryAfterSeconds } : {}),
      });
    }
  } catch {
    // A reason that is not ours (a stalled job, a crash) falls through to the generic problem.
  }
  return new DossierError("RESEARCH_FAILED", { detail: "The research job failed; try again." });
}
