import type { ResearchBody, ResearchCase } from "@dossier/testing";

/** Which case file a case comes from: the simulated fixture sites, or saved real sites. */
export type CaseSetName = "fixture" | "realweb";

/** What one case produced, as the report needs it. */
export interface CaseResult {
  id: string;
  set: CaseSetName;
  /** The responseType, or `ENRICH` for an enrichment case. */
  group: string;
  /** Real-web cases: the kind of page that answers, the way to it, the person's identity form. */
  pageKind?: string;
  reach?: string;
  identity?: string;
  /** HTTP status of the call. */
  status: number;
  /** The case expects "the evidence does not say". */
  expectsUnknown: boolean;
  /** The answer is the expected one (for an unanswerable case: it was withheld). */
  correct: boolean;
  /** The response withheld an answer (both answer fields null). */
  withheld: boolean;
  /** Whether every proving phrase reached the prompt; null when the case has no proof. */
  evidenceInPrompt: boolean | null;
  sources: string[];
  /** Sources that are a proving page or hold a proving phrase. */
  provingSources: number;
  /** A non-null answer none of whose returned quotes states it; null when that cannot be told. */
  unsupportedAnswer: boolean | null;
  promptTokens: number[];
  completionTokens: number;
  modelCalls: number;
  latencyMs: number;
  /** The response's confidence, and the model's own number when the worker logged it. */
  confidence: number | null;
  modelConfidence: number | null;
  /** Quotes the model gave and verification rejected, when the worker logged them. */
  rejectedQuotes: number | null;
  /** The call failed because the model's output never fit the schema (LLM_OUTPUT_INVALID). */
  schemaFailure: boolean;
  person?: Record<string, string | null>;
  expectedPerson?: Record<string, string | null>;
}

/** Words only, so that punctuation and dashes the extractor adds do not hide a phrase. */
export function wordsOf(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The first of `passages` whose text holds `phrase` as whole words. */
export function passageWith<T extends { text: string }>(passages: readonly T[], phrase: string): T | undefined {
  const wanted = wordsOf(phrase);
  return passages.find((passage) => ` ${wordsOf(passage.text)} `.includes(` ${wanted} `));
}

/** Whether a response gives the answer a case expects (an unanswerable case: both fields null). */
export function answerMatches(testCase: ResearchCase, body: ResearchBody): boolean {
  const { answerText, answerNumber } = testCase.expected;
  const expectsUnknown = (answerText ?? null) === null && (answerNumber ?? null) === null;
  if (expectsUnknown) return body.answerText === null && body.answerNumber === null;
  if (answerNumber !== undefined && answerNumber !== null && body.answerNumber !== answerNumber) return false;
  if (answerText === undefined || answerText === null || testCase.request.responseType === "NUMBER") return true;
  if (typeof body.answerText !== "string") return false;
  switch (testCase.request.responseType) {
    case "OPTIONS":
      return JSON.stringify(JSON.parse(body.answerText)) === JSON.stringify(JSON.parse(answerText));
    case "TEXT": {
      // Free text is right when it says what the expected text says.
      const given = wordsOf(body.answerText);
      const expected = wordsOf(answerText);
      return ` ${given} `.includes(` ${expected} `) || ` ${expected} `.includes(` ${given} `);
    }
    case "URL":
      return body.answerText.replace(/\/+$/, "") === answerText.replace(/\/+$/, "");
    default:
      return body.answerText === answerText;
  }
}

/** Same page, whatever the scheme and a trailing slash. */
export function sameUrl(left: string, right: string): boolean {
  const key = (url: string) => url.replace(/^https?:\/\//, "").replace(/\/$/, "");
  return key(left) === key(right);
}
