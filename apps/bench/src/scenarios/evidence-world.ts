import {
  type FakeChatServer,
  type FakeSearchServer,
  loadResearchCases,
  type ResearchCase,
  type SimulatedWeb,
  type SiteDefinition,
  startResearchWorld,
} from "@dossier/testing";
import type { LoadRequest } from "../load/run-http-load.js";

/** The fixed fake latencies of issue 3's and issue 5's benchmarks, in milliseconds. */
export const EVIDENCE_LATENCIES = { searchMs: 300, pageMs: 150, modelMs: 800 } as const;

/** Search, one round of pages in parallel, then the model: about 1.25 s. */
export const CRITICAL_PATH_MS = EVIDENCE_LATENCIES.searchMs + EVIDENCE_LATENCIES.pageMs + EVIDENCE_LATENCIES.modelMs;

/** The simulated web, a fake SearXNG over it and the fake model, each with its fixed latency. */
export interface EvidenceWorld {
  /** The simulated web, pages delayed by 150 ms. */
  web: SimulatedWeb;
  /** A fake SearXNG over the simulated web, answers delayed by 300 ms. */
  search: FakeSearchServer;
  /** The fake model, answers delayed by 800 ms. */
  model: FakeChatServer;
  /** Environment that points the gateway and workers at this world (`FETCH_HOST_DELAY_MS` left to the caller). */
  env: Record<string, string>;
  /** The research cases over the simulated web, in file order. */
  cases: ResearchCase[];
  /** Counts of what the world has served so far. */
  counts(): WorldCounts;
  close(): Promise<void>;
}

/** What the world served: the evidence a research run gathered. */
export interface WorldCounts {
  /** Searches the fake SearXNG answered. */
  searches: number;
  /** Page requests, robots.txt and sitemap.xml excluded. */
  pages: number;
  /** robots.txt and sitemap.xml requests. */
  siteFiles: number;
  /** Calls the fake model answered. */
  modelCalls: number;
}

/** The evidence world; `extraSites` are served beside the usual sites (a directory a list reads). */
export async function startEvidenceWorld(extraSites: SiteDefinition[] = []): Promise<EvidenceWorld> {
  const world = await startResearchWorld({
    extraSites,
    pageLatencyMs: EVIDENCE_LATENCIES.pageMs,
    searchLatencyMs: EVIDENCE_LATENCIES.searchMs,
    modelLatencyMs: EVIDENCE_LATENCIES.modelMs,
  });
  const { web, search, model } = world;
  const { FETCH_HOST_DELAY_MS: _hostDelay, ...env } = world.env;
  return {
    web,
    search,
    model,
    env,
    cases: loadResearchCases(),
    counts() {
      const siteFiles = web.requests.filter((request) => /^\/(robots\.txt|sitemap\.xml)/.test(request.path)).length;
      return {
        searches: search.requests.length,
        pages: web.requests.length - siteFiles,
        siteFiles,
        modelCalls: model.requests.length,
      };
    },
    close: () => world.close(),
  };
}

/** The difference of two counts, `after - before`. */
export function countsBetween(before: WorldCounts, after: WorldCounts): WorldCounts {
  return {
    searches: after.searches - before.searches,
    pages: after.pages - before.pages,
    siteFiles: after.siteFiles - before.siteFiles,
    modelCalls: after.modelCalls - before.modelCalls,
  };
}

/**
 * The research call of `researchCase`, made distinct by `context` (which changes the job id but
 * neither the search queries nor the pages read).
 */
export function caseCall(researchCase: ResearchCase, headers: Record<string, string>, context?: string): LoadRequest {
  const body = context === undefined ? researchCase.request : { ...researchCase.request, context };
  return { method: "POST", path: `/v1/research/${researchCase.kind}`, headers, body: JSON.stringify(body) };
}
