import type { Effort, NormalizedResearchRequest } from "@dossier/contract";
import { questionKeywords, type ResearchPlan } from "../plan/plan-research.js";

/** What one effort tier lets a run do. */
export interface EffortProfile {
  effort: Effort;
  /** Pages read at most (the configured `RESEARCH_PAGE_BUDGET` for `standard`). */
  pageBudget: number;
  /** Search queries made at most. */
  maxQueries: number;
  /** Search results asked for per query. */
  hitsPerQuery: number;
  /** `home`: each of the subject's own sites is read at its home page only; `crawl`: sitemap and chosen pages too. */
  siteDepth: "home" | "crawl";
  /** Pages of the subject's own site read after its home page when search also runs. */
  crawlPages: number;
  /** Whether the pages of search results are read (`lite` uses their snippets only). */
  readSearchResults: boolean;
  /** Whether the answer is checked against the passages by a second model call. */
  checkAnswer: boolean;
}

/**
 * The profile of an effort tier. `standard` is the pipeline as configured; `lite` reads the subject's
 * home page and the search engine's snippets; `deep` doubles the page budget, asks more queries for
 * more results each, crawls further, and checks its answer with a second model call.
 */
export function effortProfile(effort: Effort | undefined, configuredPageBudget: number): EffortProfile {
  switch (effort ?? "standard") {
    case "lite":
      return {
        effort: "lite",
        pageBudget: Math.min(configuredPageBudget, 2),
        maxQueries: 1,
        hitsPerQuery: 8,
        siteDepth: "home",
        crawlPages: 0,
        readSearchResults: false,
        checkAnswer: false,
      };
    case "deep":
      return {
        effort: "deep",
        pageBudget: configuredPageBudget * 2,
        maxQueries: 5,
        hitsPerQuery: 10,
        siteDepth: "crawl",
        crawlPages: 8,
        readSearchResults: true,
        checkAnswer: true,
      };
    default:
      return {
        effort: "standard",
        pageBudget: configuredPageBudget,
        maxQueries: 3,
        hitsPerQuery: 6,
        siteDepth: "crawl",
        crawlPages: 4,
        readSearchResults: true,
        checkAnswer: false,
      };
  }
}

/**
 * The plan's queries for the tier: the first `maxQueries` of them; `deep` adds the question in the
 * user's own words with the subject, and the keywords searched on the subject's own site.
 */
export function planForEffort(
  plan: ResearchPlan,
  request: NormalizedResearchRequest,
  profile: EffortProfile,
): ResearchPlan {
  const queries = [...plan.queries];
  if (profile.effort === "deep") {
    const add = (query: string) => {
      const trimmed = query.replace(/\s+/g, " ").trim();
      if (trimmed && !queries.includes(trimmed)) queries.push(trimmed);
    };
    const subject = plan.personName ?? plan.companyName;
    const words = request.question.replace(/[?!.,;:()"]/g, " ");
    if (subject) add(`"${subject}" ${words}`);
    const domain = plan.ownSites[0] ? new URL(plan.ownSites[0]).hostname.replace(/^www\./, "") : null;
    if (domain) add(`site:${domain} ${questionKeywords(request.question, plan.subjectTerms)}`);
  }
  const limited = queries.slice(0, profile.maxQueries);
  return limited.length === plan.queries.length && limited.every((query, index) => query === plan.queries[index])
    ? plan
    : { ...plan, queries: limited };
}
