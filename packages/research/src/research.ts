import type { NormalizedResearchRequest, ResearchResponse } from "@dossier/contract";
import { normalizePersonRequest } from "@dossier/enrich";
import type { ChatModel, ChatUsage } from "./answer/chat-model.js";
import { answerFromFacts } from "./answer/answer-from-facts.js";

/** Counters a research run adds to, for metrics and cost reporting. */
export interface ResearchUsage extends ChatUsage {
  modelCalls: number;
}

export interface ResearchContext {
  signal?: AbortSignal;
  /** Added to as the run goes; kept even when the run fails. */
  usage?: ResearchUsage;
}

export type Researcher = (request: NormalizedResearchRequest, context?: ResearchContext) => Promise<ResearchResponse>;

export interface ResearcherDependencies {
  model: ChatModel;
}

/** Builds the research function the worker runs for every job. */
export function createResearcher(dependencies: ResearcherDependencies): Researcher {
  return async (request, context = {}) => {
    const answer = await answerFromFacts(dependencies.model, request, { signal: context.signal });
    if (context.usage) {
      context.usage.modelCalls += answer.calls;
      context.usage.promptTokens += answer.usage.promptTokens;
      context.usage.completionTokens += answer.usage.completionTokens;
    }
    const base = {
      answerText: answer.answerText,
      answerNumber: answer.answerNumber,
      details: answer.details,
      sources: [] as string[],
      confidence: Math.round(answer.confidence * 100) / 100,
    };
    if (request.kind === "person") return { ...base, person: normalizePersonRequest(request.subject) };
    return base;
  };
}
