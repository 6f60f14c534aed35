import type { NormalizedResearchRequest, ResearchResponse } from "@dossier/contract";
import {
  canonicalLinkedinUrl,
  type EnrichedPerson,
  mergePersonEvidence,
  normalizePersonRequest,
} from "@dossier/enrich";
import { answerFromEvidence } from "./answer/answer-from-evidence.js";
import type { ChatModel, ChatUsage } from "./answer/chat-model.js";
import { applyCheck, checkAnswer } from "./answer/check-answer.js";
import { buildEvidencePrompt, EVIDENCE_SYSTEM_PROMPT, labelPassages } from "./answer/evidence-prompt.js";
import type { ExtractedPage } from "./gather/extract/extracted-page.js";
import type { ExtractedPageCache } from "./gather/extract/extracted-page-cache.js";
import type { PageFetcher } from "./gather/fetch/page-fetcher.js";
import { gatherEvidence } from "./gather/gather-evidence.js";
import type { SearchProvider } from "./gather/search/search-provider.js";
import { planResearch } from "./plan/plan-research.js";
import { countTokens } from "./rank/count-tokens.js";
import { rankPassages } from "./rank/rank-passages.js";
import { selectWithinBudget } from "./rank/select-within-budget.js";
import { splitPassages } from "./rank/split-passages.js";
import type { EvidenceUsage } from "./scope/count-usage.js";
import { effortProfile, planForEffort } from "./scope/effort-profile.js";
import { scopeDependencies } from "./scope/scope-dependencies.js";
import { keepToPolicy, SourcePolicyFilter } from "./scope/source-policy.js";
import { isOnSite, siteHostOf } from "./site-host.js";
import type { PersonIdentity } from "./verify/is-about-person.js";
import { containsWhole, normalizeForMatch } from "./verify/quote-matches.js";
import { verifyAnswer } from "./verify/verify-answer.js";

/** Counters a research run adds to, for metrics and cost reporting. */
export interface ResearchUsage extends ChatUsage, EvidenceUsage {
  modelCalls: number;
}

/** What one run saw, for the evaluation and for debugging; never part of the API response. */
export interface ResearchTrace {
  queries: string[];
  pagesRead: string[];
  passagesInPrompt: number;
  promptTokens: number;
}

export interface ResearchContext {
  signal?: AbortSignal;
  /**
   * True when nobody waits on the connection for this run (a batch item, an async call): an
   * upstream's 429 may be waited out rather than failing the run. Default false.
   */
  background?: boolean;
  /** Added to as the run goes; kept even when the run fails. */
  usage?: ResearchUsage;
  /** Filled in as the run goes. */
  trace?: ResearchTrace;
}

export type Researcher = (request: NormalizedResearchRequest, context?: ResearchContext) => Promise<ResearchResponse>;

export interface ResearcherDependencies {
  model: ChatModel;
  fetcher: PageFetcher;
  /** Null when no search provider is configured. */
  search: SearchProvider | null;
  /** Most pages read per request. Default 12. */
  pageBudget?: number;
  /** Most prompt tokens per model call. Default 6,000. */
  promptTokenBudget?: number;
  /** How long gathering may take before the answer is built from what arrived, in milliseconds. */
  gatherTimeoutMs?: number;
  /** Extractions kept across jobs of this process. */
  extracted?: ExtractedPageCache;
}

function isOwnSite(url: string, ownSites: readonly string[]): boolean {
  const host = siteHostOf(url);
  return ownSites.some((origin) => isOnSite(host, siteHostOf(origin)));
}

/** A third-party page counts only when it names the subject: other companies' pages are not evidence. */
function mentionsAny(page: { title: string | null; text: string }, terms: readonly string[]): boolean {
  const text = normalizeForMatch(`${page.title ?? ""} ${page.text}`);
  return terms.some((term) => containsWhole(text, normalizeForMatch(term), term.includes(".")));
}

/**
 * Profile URLs the subject's own pages state: the company's LinkedIn page linked from its own site,
 * and the person's LinkedIn profile from a schema.org Person of the same name there.
 */
function withProfileLinks(
  record: EnrichedPerson,
  pages: readonly ExtractedPage[],
  ownSites: readonly string[],
  person: PersonIdentity | null,
): EnrichedPerson {
  const own = pages.filter((page) => isOwnSite(page.url, ownSites));
  const companyLinkedinUrl =
    record.companyLinkedinUrl ??
    own
      .flatMap((page) => page.profileLinks)
      .map((link) => canonicalLinkedinUrl(link, "company"))
      .find((url): url is string => !!url) ??
    null;
  let linkedinUrl = record.linkedinUrl;
  if (!linkedinUrl && person) {
    const name = normalizeForMatch(person.fullName);
    for (const entity of own.flatMap((page) => page.jsonLd)) {
      if (entity["@type"] !== "Person" || typeof entity.name !== "string" || normalizeForMatch(entity.name) !== name)
        continue;
      const sameAs = ([] as unknown[]).concat(entity.sameAs ?? []);
      linkedinUrl =
        sameAs
          .map((link) => (typeof link === "string" ? canonicalLinkedinUrl(link, "person") : null))
          .find((url): url is string => !!url) ?? null;
      if (linkedinUrl) break;
    }
  }
  return { ...record, companyLinkedinUrl, linkedinUrl };
}

/** Tokens kept free for the model's chat formatting around the messages. */
const PROMPT_MARGIN_TOKENS = 200;

let systemPromptTokenCount: number | undefined;

/** Tokens of the fixed system prompt, counted once per process. */
function systemPromptTokens(): number {
  systemPromptTokenCount ??= countTokens(EVIDENCE_SYSTEM_PROMPT);
  return systemPromptTokenCount;
}

/**
 * The research pipeline the worker runs for every job: plan, gather (search and crawl), read,
 * rank, answer with citations, verify. The answer comes only from pages it read; what could not be
 * reached is said in `details`.
 */
export function createResearcher(dependencies: ResearcherDependencies): Researcher {
  const pageBudget = dependencies.pageBudget ?? 12;
  const promptTokenBudget = dependencies.promptTokenBudget ?? 6_000;
  return async (request, context = {}) => {
    const profile = effortProfile(request.effort, pageBudget);
    const planned = planForEffort(planResearch(request), request, profile);
    const policy = request.sourcePolicy && new SourcePolicyFilter(request.sourcePolicy, planned.ownSites);
    const plan = policy ? policy.restrictPlan(planned) : planned;
    const gatherSignal = AbortSignal.any([
      ...(context.signal ? [context.signal] : []),
      AbortSignal.timeout(dependencies.gatherTimeoutMs ?? 20_000),
    ]);
    const scoped = scopeDependencies(dependencies, {
      ...(context.usage ? { usage: context.usage } : {}),
      ...(request.maxAgeSeconds !== undefined ? { maxAgeSeconds: request.maxAgeSeconds } : {}),
      ...(policy ? { sourcePolicy: policy } : {}),
    });
    const gathered = await gatherEvidence(plan, request.question, scoped, {
      pageBudget: profile.pageBudget,
      hitsPerQuery: profile.hitsPerQuery,
      siteDepth: profile.siteDepth,
      crawlPages: profile.crawlPages,
      readSearchResults: profile.readSearchResults,
      signal: gatherSignal,
      background: context.background ?? false,
      ...(context.usage ? { usage: context.usage } : {}),
    });
    context.signal?.throwIfAborted();
    if (policy) keepToPolicy(gathered, policy);

    const relevant = gathered.pages.filter(
      (page) => isOwnSite(page.url, plan.ownSites) || mentionsAny(page, plan.subjectTerms),
    );
    const passages = relevant.flatMap((page) => splitPassages(page));
    const ranked = rankPassages(
      passages,
      { question: request.question, subjectTerms: plan.subjectTerms },
      { limit: 200 },
    );
    const selected =
      ranked.length === 0
        ? []
        : selectWithinBudget(ranked, {
            maxTokens: Math.max(
              500,
              promptTokenBudget -
                systemPromptTokens() -
                countTokens(buildEvidencePrompt(request, new Map())) -
                PROMPT_MARGIN_TOKENS,
            ),
          });
    const labels = labelPassages(selected);
    if (context.trace) {
      context.trace.queries = plan.queries;
      context.trace.pagesRead = gathered.pages.map((page) => page.url);
      context.trace.passagesInPrompt = selected.length;
    }

    const baseRecord = request.kind === "person" ? normalizePersonRequest(request.subject) : null;
    if (selected.length === 0) {
      const reached = gathered.unreachable.slice(0, 3).join(" ");
      const empty = {
        answerText: null,
        answerNumber: null,
        details: ["Not enough evidence: no page about the subject could be read.", reached].filter(Boolean).join(" "),
        sources: [],
        confidence: 0,
      };
      return baseRecord ? { ...empty, person: baseRecord } : empty;
    }

    const answered = await answerFromEvidence(dependencies.model, request, labels, {
      signal: context.signal,
      background: context.background ?? false,
    });
    if (context.usage) {
      context.usage.modelCalls += answered.calls;
      context.usage.promptTokens += answered.usage.promptTokens;
      context.usage.completionTokens += answered.usage.completionTokens;
    }
    if (context.trace) context.trace.promptTokens = systemPromptTokens() + countTokens(answered.prompt);

    const identity: PersonIdentity | null =
      request.kind === "person" && plan.personName
        ? {
            fullName: plan.personName,
            companyName: plan.companyName,
            companyHosts: plan.ownSites.map((origin) => new URL(origin).hostname.replace(/^www\./, "")),
          }
        : null;
    const verified = verifyAnswer({
      request,
      answer: answered.answer,
      labels,
      pages: gathered.pages,
      ownSites: gathered.ownSites,
      unreachable: gathered.unreachable,
      person: identity,
    });
    const answer = {
      answerText: verified.answerText,
      answerNumber: verified.answerNumber,
      details: verified.details,
      sources: verified.sources,
      confidence: verified.confidence,
    };
    // deep: a second model call reads the passages again and must confirm the answer.
    const checked =
      profile.checkAnswer && answer.answerText !== null
        ? await checkAnswer(dependencies.model, request, answer.answerText, labels, {
            signal: context.signal,
            background: context.background ?? false,
          })
        : null;
    if (checked && context.usage) {
      context.usage.modelCalls += checked.calls;
      context.usage.promptTokens += checked.usage.promptTokens;
      context.usage.completionTokens += checked.usage.completionTokens;
    }
    const response = checked ? applyCheck(answer, checked.check) : answer;
    if (!baseRecord) return response;
    const merged = mergePersonEvidence(
      withProfileLinks(baseRecord, gathered.pages, plan.ownSites, identity),
      verified.personEvidence,
    );
    return {
      ...response,
      details: [response.details, ...merged.notes].filter(Boolean).join(" "),
      person: merged.person,
    };
  };
}
