import type { NormalizedResearchRequest, ResearchResponse } from "@dossier/contract";
import { answerFromEvidence } from "./answer/answer-from-evidence.js";
import type { ChatModel, ChatUsage } from "./answer/chat-model.js";
import { applyCheck, checkAnswer } from "./answer/check-answer.js";
import type { PassageLabels } from "./answer/evidence-prompt.js";
import type { GatheredEvidence } from "./gather/gather-evidence.js";
import type { ResearchPlan } from "./plan/plan-research.js";
import type { ResearchContext } from "./research.js";
import { type PersonEvidenceField, verifyAnswer } from "./verify/verify-answer.js";

/** The answer fields every research response has; the person record is added after. */
export type AnswerFields = Omit<ResearchResponse, "person">;

/** What the answering stage of a run works from: the passages shown to the model and what was read. */
export interface AnswerStageInput {
  model: ChatModel;
  request: NormalizedResearchRequest;
  labels: PassageLabels;
  gathered: GatheredEvidence;
  plan: ResearchPlan;
  /** Whether a second model call checks the answer (`deep`). */
  checkAnswer: boolean;
  context: ResearchContext;
}

/** The answer, and the person fields the evidence states (for a person request). */
export interface AnswerStageResult {
  answer: AnswerFields;
  personEvidence: PersonEvidenceField[];
  /** The model's own confidence, before verification. */
  modelConfidence: number;
  /** Citations or values the model gave that verification rejected. */
  rejected: number;
  /** The first call's user message, to count the prompt's tokens. */
  prompt: string;
}

/** Adds a model call's spending to the run's counters. */
export function countModelUsage(context: ResearchContext, result: { usage: ChatUsage; calls: number }): void {
  if (!context.usage) return;
  context.usage.modelCalls += result.calls;
  context.usage.promptTokens += result.usage.promptTokens;
  context.usage.completionTokens += result.usage.completionTokens;
}

/**
 * A typed answer (`responseType`): one model call that must cite the passages, verification of
 * every quote, and for `deep` a second call that must confirm the answer, else it is withheld.
 */
export async function answerQuestion(input: AnswerStageInput): Promise<AnswerStageResult> {
  const { model, request, labels, gathered, plan, context } = input;
  const options = { signal: context.signal, background: context.background ?? false };
  const answered = await answerFromEvidence(model, request, labels, options);
  countModelUsage(context, answered);
  context.onProgress?.({ stage: "verifying" });
  const verified = verifyAnswer({
    subjectTerms: plan.subjectTerms,
    request,
    answer: answered.answer,
    labels,
    pages: gathered.pages,
    ownSites: gathered.ownSites,
    unreachable: gathered.unreachable,
    person: plan.person,
  });
  const answer: AnswerFields = {
    answerText: verified.answerText,
    answerNumber: verified.answerNumber,
    details: verified.details,
    sources: verified.sources,
    confidence: verified.confidence,
    citations: verified.citations,
  };
  // deep: a second model call reads the passages again and must confirm the answer.
  const checked =
    input.checkAnswer && answer.answerText !== null
      ? await checkAnswer(model, request, answer.answerText, labels, options)
      : null;
  if (checked) countModelUsage(context, checked);
  return {
    answer: checked && !checked.check.supported ? { ...applyCheck(answer, checked.check), citations: [] } : answer,
    personEvidence: verified.personEvidence,
    modelConfidence: answered.answer.confidence,
    rejected: verified.rejectedCitations,
    prompt: answered.prompt,
  };
}
