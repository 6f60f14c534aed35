import type { NormalizedResearchRequest, ResearchResponse } from "@dossier/contract";
import { mergePersonEvidence, normalizePersonRequest } from "@dossier/enrich";
import type { ChatModel, ChatUsage } from "./answer/chat-model.js";
import {
  buildEvidencePrompt,
  EVIDENCE_SYSTEM_PROMPT,
  labelPassages,
  type PassageLabels,
} from "./answer/evidence-prompt.js";
import { buildObjectPrompt, OBJECT_SYSTEM_PROMPT } from "./answer/object-answer.js";
import { questionWithFields } from "./answer/output-leaves.js";
import { answerInShape, emptyObjectAnswer } from "./answer-in-shape.js";
import { answerQuestion } from "./answer-question.js";
import { setBounded } from "./bounded-map.js";
import type { ExtractedPageCache } from "./gather/extract/extracted-page-cache.js";
import type { ExtractionPool } from "./gather/extract/extraction-pool.js";
import type { PageFetcher } from "./gather/fetch/page-fetcher.js";
import { type GatheredEvidence, startGathering } from "./gather/gather-evidence.js";
import type { SearchProvider } from "./gather/search/search-provider.js";
import { isOwnSite, namesOfSite } from "./own-site.js";
import { pageWithoutMarkup } from "./page-markup.js";
import { type CardPassage, fullNameFromCards, personFieldsFromCards } from "./person-from-cards.js";
import { personSourcesOf } from "./person-sources.js";
import { planResearch } from "./plan/plan-research.js";
import { answerShape } from "./rank/answer-shape.js";
import { countTokens } from "./rank/count-tokens.js";
import { coveringPassage } from "./rank/covers-question.js";
import { evidencePassages } from "./rank/evidence-passages.js";
import type { Passage } from "./rank/passage.js";
import { rankPassages } from "./rank/rank-passages.js";
import { selectWithinBudget } from "./rank/select-within-budget.js";
import { countPageRead, type EvidenceUsage, type PageReadMemory } from "./scope/count-usage.js";
import { effortProfile, planForEffort } from "./scope/effort-profile.js";
import { scopeDependencies } from "./scope/scope-dependencies.js";
import { keepToPolicy, SourcePolicyFilter } from "./scope/source-policy.js";
import { siteHostOf } from "./site-host.js";
import { companyNameForms, shortNameAsked } from "./text/company-names.js";
import { withProfileLinks } from "./with-profile-links.js";

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
  /** Whether the best passages of the first round did not cover the question and more pages were read. */
  secondLook: boolean;
  /** The model's own confidence in its answer, before verification. */
  modelConfidence?: number;
  /** Citations the model gave that verification rejected (not on their page, or not stating the answer). */
  rejectedQuotes?: number;
}

/** A stage boundary of a research run, as `onProgress` hears of it. */
export type ResearchProgress =
  | { stage: "searching" }
  | { stage: "reading" /** Pages read. */; pages: number }
  | { stage: "answering" }
  | { stage: "verifying" };

export interface ResearchContext {
  signal?: AbortSignal;
  /** Told at each stage boundary (searching, reading, answering, verifying); must not throw. */
  onProgress?: (event: ResearchProgress) => void;
  /**
   * True when nobody waits on the connection for this run (a batch item, an async call): an
   * upstream's 429 may be waited out rather than failing the run. Default false.
   */
  background?: boolean;
  /** Added to as the run goes; kept even when the run fails. */
  usage?: ResearchUsage;
  /**
   * Which pages the caller read before, so that `usage` counts a page as cached only for the caller
   * that read it. Without it every page from the cache counts as cached.
   */
  pageReads?: PageReadMemory;
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
  /** Extracts large pages off the event loop. Default: every page on the calling thread. */
  extraction?: Pick<ExtractionPool, "extract">;
}

const passageHeaderTokens = new Map<string, number>();

/** Tokens the prompt spends on a passage's block around its text (id, URL, title), counted once per page. */
function passageOverhead(passage: Passage): number {
  let tokens = passageHeaderTokens.get(passage.url);
  if (tokens === undefined) {
    tokens = countTokens(`<passage id="P99" url="${passage.url}" title="${passage.title ?? ""}">\n\n</passage>\n`);
    setBounded(passageHeaderTokens, passage.url, tokens, 2_000);
  }
  return tokens;
}

/** Tokens that joining a passage into the prompt may add beyond its text's and header's own counts. */
const JOIN_SLACK_TOKENS = 8;

/**
 * An upper bound of the prompt's tokens with `passages`, from counts already made: the prompt
 * without passages, each passage's text and header, and slack for each join and for each angle
 * bracket the prompt rewrites (‹ › may take more tokens than < >).
 */
function promptBound(passages: readonly Passage[], emptyPromptTokens: number): number {
  let tokens = emptyPromptTokens;
  for (const passage of passages) {
    const brackets = angleBrackets(passage.text) + angleBrackets(passage.title ?? "");
    tokens += passage.tokens + passageOverhead(passage) + JOIN_SLACK_TOKENS + 2 * brackets;
  }
  return tokens;
}

function angleBrackets(text: string): number {
  let count = 0;
  for (let index = text.indexOf("<"); index !== -1; index = text.indexOf("<", index + 1)) count += 1;
  for (let index = text.indexOf(">"); index !== -1; index = text.indexOf(">", index + 1)) count += 1;
  return count;
}

/**
 * The passages the person record may be filled from: those the model read on the company's own
 * site or cited for the answer (verified, so about the person), the cited pages first so that a
 * person with two roles is given the one that answered.
 */
function cardPassages(
  labels: PassageLabels,
  gathered: GatheredEvidence,
  citations: ReadonlyArray<{ url: string }>,
  ownSites: readonly string[],
): CardPassage[] {
  const cited = new Set(citations.map((citation) => citation.url));
  const published = new Map(gathered.pages.map((page) => [page.url, page.publishedAt]));
  const passages = [...labels.values()].sort(
    (left, right) => Number(cited.has(right.url)) - Number(cited.has(left.url)),
  );
  return passages
    .filter((passage) => passage.source === "page" && (isOwnSite(passage.url, ownSites) || cited.has(passage.url)))
    .map((passage) => ({
      passage,
      ownSite: isOwnSite(passage.url, ownSites),
      publishedAt: published.get(passage.url) ?? null,
    }));
}

/** Passages ranked at most: enough for any prompt budget, however long the pages. */
const MAX_RANKED_PASSAGES = 400;
/** Best passages whose search snippets lead the second look's reads. */
const LEAD_PASSAGES = 10;
/** A search snippet ranked this high calls for the second look. */
const SNIPPET_LEAD_RANK = 5;

/** Tokens kept free for the model's chat formatting around the messages. */
const PROMPT_MARGIN_TOKENS = 200;

const systemPromptTokenCounts = new Map<string, number>();

/** Tokens of a fixed system prompt, counted once per process. */
function systemPromptTokens(prompt: string): number {
  let tokens = systemPromptTokenCounts.get(prompt);
  if (tokens === undefined) {
    tokens = countTokens(prompt);
    systemPromptTokenCounts.set(prompt, tokens);
  }
  return tokens;
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
    const outputSchema = request.outputSchema;
    // For an answer in the caller's shape, what is asked is the question and every field.
    const focus = outputSchema ? { ...request, question: questionWithFields(request.question, outputSchema) } : request;
    const planned = planForEffort(planResearch(focus), request, profile);
    const policy = request.sourcePolicy && new SourcePolicyFilter(request.sourcePolicy, planned.ownSites);
    const plan = policy ? policy.restrictPlan(planned) : planned;
    context.onProgress?.({ stage: "searching" });
    const gatherSignal = AbortSignal.any([
      ...(context.signal ? [context.signal] : []),
      AbortSignal.timeout(dependencies.gatherTimeoutMs ?? 20_000),
    ]);
    const usage = context.usage;
    const scoped = scopeDependencies(dependencies, {
      ...(usage ? { usage } : {}),
      ...(context.pageReads ? { pageReads: context.pageReads } : {}),
      ...(request.maxAgeSeconds !== undefined ? { maxAgeSeconds: request.maxAgeSeconds } : {}),
      ...(policy ? { sourcePolicy: policy } : {}),
    });
    const gathering = await startGathering(plan, request.question, scoped, {
      pageBudget: profile.pageBudget,
      hitsPerQuery: profile.hitsPerQuery,
      siteDepth: profile.siteDepth,
      crawlPages: profile.crawlPages,
      readSearchResults: profile.readSearchResults,
      alwaysLooksTwice: profile.effort === "deep",
      signal: gatherSignal,
      background: context.background ?? false,
      ...(usage ? { countReused: (url: string) => countPageRead(usage, context.pageReads, url, true) } : {}),
    });
    context.signal?.throwIfAborted();
    /** What was gathered so far, inside the caller's source policy (a copy: the gathering goes on). */
    const evidenceNow = () => {
      const evidence = gathering.evidence();
      // Titles, descriptions and structured data may hold HTML; what callers are shown holds none.
      const pages = evidence.pages.map(pageWithoutMarkup);
      const kept = { ...evidence, pages, unreachable: [...evidence.unreachable] };
      if (policy) keepToPolicy(kept, policy);
      return kept;
    };
    context.onProgress?.({ stage: "reading", pages: evidenceNow().pages.length });

    // A third-party page counts only when it names the subject: other companies' pages are not
    // evidence. A first name alone is too common to make a page relevant; with the company it is.
    // A directory or register may write the company's name in another form ("Example Company
    // (The)", "Example Inc" for "Example, Inc.").
    const relevanceTerms = [
      plan.person?.fullName,
      ...(plan.companyName ? companyNameForms(plan.companyName) : []),
      ...(plan.companyName ? [shortNameAsked(plan.companyName, request.question)] : []),
      ...plan.ownSites.map((origin) => siteHostOf(origin)),
    ].filter((term): term is string => !!term);
    const rankQuery = {
      question: focus.question,
      subjectTerms: plan.subjectTerms,
      personName: plan.person ? (plan.person.fullName ?? plan.person.firstName) : null,
      answerShape: answerShape(request.responseType, plan.intents, focus.question),
      ...(request.responseOptions ? { options: request.responseOptions } : {}),
      company:
        plan.companyName && !plan.person
          ? {
              names: [plan.companyName, shortNameAsked(plan.companyName, request.question)].filter(
                (name): name is string => !!name,
              ),
              ownSites: plan.ownSites,
            }
          : null,
    };
    const systemTokens = systemPromptTokens(outputSchema ? OBJECT_SYSTEM_PROMPT : EVIDENCE_SYSTEM_PROMPT);
    const promptOf = (labels: PassageLabels) =>
      outputSchema ? buildObjectPrompt(request, outputSchema, labels) : buildEvidencePrompt(request, labels);
    const emptyPromptTokens = countTokens(promptOf(new Map()));
    const passageBudget = Math.max(500, promptTokenBudget - systemTokens - emptyPromptTokens - PROMPT_MARGIN_TOKENS);
    const rankEvidence = () => {
      const evidence = evidenceNow();
      // A company known by its website alone is named by what its home page and other sites' links
      // to it call it: a directory's card names "Acme Surveys", not acme.example.
      const names = plan.companyName ? [] : namesOfSite(evidence.pages, plan.ownSites);
      // The own sites given, and the one the second look found for a company named without one.
      const ownSites = evidence.ownSites;
      const passages = evidencePassages(evidence, ownSites, [...relevanceTerms, ...names]);
      const query = {
        ...rankQuery,
        subjectTerms: [...rankQuery.subjectTerms, ...names],
        // Known by its website alone, the company's card on a directory is found by those names.
        company: rankQuery.company
          ? { ...rankQuery.company, ownSites }
          : names.length > 0 && !plan.person
            ? { names, ownSites }
            : null,
      };
      const ranked = rankPassages(passages, query, { limit: MAX_RANKED_PASSAGES });
      const selected =
        ranked.length === 0
          ? []
          : selectWithinBudget(ranked, { maxTokens: passageBudget, overheadTokens: passageOverhead });
      return { ranked, selected, names };
    };
    const firstRanking = rankEvidence();
    let { ranked, selected } = firstRanking;
    // The second look: when the best passages do not cover the question, read the next best pages
    // (now including links found on the pages read) and rank again, once, inside the page budget.
    // Passages of pages read: a search engine's snippet that seems to answer is cut off ("took 32
    // days …") and points at a page worth reading whole, whose sentence a quote can be checked against.
    const covering = coveringPassage(
      ranked.filter((passage) => passage.source !== "search-snippet"),
      {
        question: focus.question,
        responseType: request.responseType,
        responseOptions: request.responseOptions,
        subjectTerms: plan.subjectTerms,
        personName: rankQuery.personName,
        subject: { ownSites: evidenceNow().ownSites, names: [...relevanceTerms, ...firstRanking.names] },
      },
    );
    // A snippet ranked above the passage that seems to cover the question points at an unread page
    // that says more about it: that page is worth the second look.
    const coveredAt = covering === null ? ranked.length : ranked.indexOf(covering);
    const snippetLeads = ranked
      .slice(0, Math.min(coveredAt, SNIPPET_LEAD_RANK))
      .some((passage) => passage.source === "search-snippet");
    const covered = covering !== null && !snippetLeads;
    // deep research always looks twice; lite never does (its budget is the home page and the snippets).
    // A person's own page on the site, found and not yet read, is worth the second look too.
    const mayLook = profile.effort !== "lite" && gathering.remainingBudget() > 0 && !gatherSignal.aborted;
    const looksAgain = mayLook && (!covered || profile.effort === "deep" || (await gathering.personPageUnread()));
    // Where the passages seem to cover the question, a page of the site named after it and linked
    // from the pages read or found by search, not read yet ("/news/2021/05/one-million-members" for
    // "when did they pass a million members"), may still say it first hand: it is read.
    const named = mayLook && !looksAgain ? gathering.namedPagesUnread().slice(0, 1) : [];
    const secondLook = looksAgain || named.length > 0;
    if (secondLook) {
      // Unread pages whose snippets rank among the best passages, best first: they lead the reads.
      const leads = [
        ...ranked
          .slice(0, LEAD_PASSAGES)
          .filter((passage) => passage.source === "search-snippet")
          .map((passage) => passage.url),
        ...named,
      ];
      await gathering.readMore(gathering.remainingBudget(), [...new Set(leads)]);
      context.signal?.throwIfAborted();
      context.onProgress?.({ stage: "reading", pages: evidenceNow().pages.length });
      ({ ranked, selected } = rankEvidence());
    }
    const gathered = evidenceNow();
    // Token counts of the parts do not add up exactly once joined: the whole prompt must fit. It is
    // counted whole only when the parts' counts, with room for what joining them may add, come near
    // the limit; far from it the count cannot change the choice.
    const promptLimit = promptTokenBudget - systemTokens - PROMPT_MARGIN_TOKENS;
    while (
      selected.length > 1 &&
      promptBound(selected, emptyPromptTokens) > promptLimit &&
      countTokens(promptOf(labelPassages(selected))) > promptLimit
    ) {
      selected = selected.slice(0, -1);
    }
    const labels = labelPassages(selected);
    if (context.trace) {
      context.trace.queries = plan.queries;
      context.trace.pagesRead = gathered.pages.map((page) => page.url);
      context.trace.passagesInPrompt = selected.length;
      context.trace.secondLook = secondLook;
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
        citations: [],
        ...(outputSchema ? emptyObjectAnswer(outputSchema) : {}),
      };
      return baseRecord
        ? { ...empty, person: { ...baseRecord, personSources: personSourcesOf(baseRecord, {}, {}) } }
        : empty;
    }

    context.onProgress?.({ stage: "answering" });
    const stage = {
      model: dependencies.model,
      request,
      labels,
      gathered,
      plan,
      checkAnswer: profile.checkAnswer,
      context,
    };
    const answered = outputSchema
      ? await answerInShape({ ...stage, schema: outputSchema })
      : await answerQuestion(stage);
    const response = answered.answer;
    if (context.trace) {
      context.trace.promptTokens = systemTokens + countTokens(answered.prompt);
      context.trace.modelConfidence = answered.modelConfidence;
      context.trace.rejectedQuotes = answered.rejected;
    }
    if (!baseRecord) return response;
    // The person's card fills what the model's own per-field answer left empty (the title, the
    // place); known by first name only, the full name their card writes finds their profile.
    const cards = plan.person ? cardPassages(labels, gathered, response.citations, plan.ownSites) : [];
    const fromCards = plan.person ? personFieldsFromCards(cards, plan.person) : [];
    const cardName = plan.person ? fullNameFromCards(cards, plan.person) : null;
    const profiles = withProfileLinks(
      baseRecord,
      gathered.pages,
      plan.ownSites,
      plan.person && cardName ? { ...plan.person, fullName: cardName } : plan.person,
    );
    const stated = new Set(answered.personEvidence.map((item) => item.field));
    const merged = mergePersonEvidence(profiles.record, [
      ...answered.personEvidence,
      ...fromCards.filter((item) => !stated.has(item.field)),
    ]);
    return {
      ...response,
      details: [response.details, ...merged.notes].filter(Boolean).join(" "),
      person: { ...merged.person, personSources: personSourcesOf(merged.person, merged.used, profiles.linkedFrom) },
    };
  };
}
