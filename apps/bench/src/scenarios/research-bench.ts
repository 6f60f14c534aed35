import type { Effort } from "@dossier/contract";
import type { ClosedLoopResult } from "../load/run-closed-loop.js";
import { type LoadRequest, runHttpLoad } from "../load/run-http-load.js";
import { formatNumber, formatTable } from "../report/format-table.js";
import type { BenchSettings } from "./bench-settings.js";
import { type BenchStack, startBenchStack } from "./bench-stack.js";
import {
  CRITICAL_PATH_MS,
  caseCall,
  countsBetween,
  EVIDENCE_LATENCIES,
  type EvidenceWorld,
  startEvidenceWorld,
  type WorldCounts,
} from "./evidence-world.js";
import { assertPremises, type Premise } from "./premise.js";
import { deleteKeys } from "./queue-world.js";
import { runTag } from "./research-requests.js";

/** Target of issue 3: p50 research latency within 1.2x of the critical path. */
export const RESEARCH_LATENCY_TARGET = 1.2;
/**
 * Target of the real-web issue for cold calls with the default polite delay, where a company's own
 * pages are read at two per polite window: p50 within 1.3x of the critical path, second look included.
 */
export const POLITE_RESEARCH_LATENCY_TARGET = 1.3;

/** One research-latency scenario's figures. */
export interface ResearchScenarioFigures {
  /** The scenario as the table names it. */
  name: string;
  /** The calls, one at a time. */
  result: ClosedLoopResult;
  /** What the world served per call, on average. */
  perCall: WorldCounts;
  /** Calls whose worker read a second round of pages (the second look), of those it logged; null when none logged. */
  secondLooks: { taken: number; logged: number } | null;
  /** Model tokens (prompt and completion) per answered call, from the responses' `usage`; null when none said. */
  tokensPerCall: number | null;
  /** False when no call searched or read a page: the worker does not run the evidence pipeline. */
  pipelineWired: boolean;
  /** The scenario's p50 target, as a multiple of the critical path. */
  target: number;
  /** p50 within {@link target} times the critical path. */
  met: boolean;
  /** The effort tier asked for, for a per-tier scenario (measured, not held to the latency target). */
  effort?: Effort;
}

interface Scenario {
  name: string;
  hostDelayMs: number;
  /** Empty the page and search caches before every call. */
  cold: boolean;
  /** The effort tier asked for; none: the default (standard). */
  effort?: Effort;
  /** The p50 target as a multiple of the critical path. Default {@link RESEARCH_LATENCY_TARGET}. */
  target?: number;
}

const scenarios: Scenario[] = [
  { name: "cold caches, FETCH_HOST_DELAY_MS=0", hostDelayMs: 0, cold: true },
  { name: "warm caches, FETCH_HOST_DELAY_MS=0", hostDelayMs: 0, cold: false },
  {
    name: "cold caches, FETCH_HOST_DELAY_MS=250 (default)",
    hostDelayMs: 250,
    cold: true,
    target: POLITE_RESEARCH_LATENCY_TARGET,
  },
  // One per effort tier, cold and with the default polite delay: what docs/api.md quotes per tier.
  { name: "effort lite, cold, FETCH_HOST_DELAY_MS=250", hostDelayMs: 250, cold: true, effort: "lite" },
  { name: "effort deep, cold, FETCH_HOST_DELAY_MS=250", hostDelayMs: 250, cold: true, effort: "deep" },
];

/** The call of a case at an effort tier. */
function tierCall(call: LoadRequest, effort: Effort | undefined): LoadRequest {
  if (!effort || call.body === undefined) return call;
  return { ...call, body: JSON.stringify({ ...(JSON.parse(call.body) as Record<string, unknown>), effort }) };
}

/** A cold call searches, reads pages and asks the model; a warm one finds its searches and pages cached. */
const PREMISES: Record<"cold" | "warm", readonly Premise[]> = {
  cold: ["a search per call", "a page per call", "a model call per call"],
  warm: ["no search", "no page", "a model call per call"],
};

/** Research calls per scenario, spread over the case file. */
const CALLS = 20;

/** Whether each call took the second look, by request id, from the workers' "research finished" lines. */
function readSecondLooks(stack: BenchStack, requestIdPrefix: string, into: Map<string, boolean>): void {
  for (const line of stack.workers.flatMap((worker) => worker.lines)) {
    if (!line.includes(requestIdPrefix) || !line.includes('"research finished"')) continue;
    try {
      const entry = JSON.parse(line) as { requestId?: string; secondLook?: boolean };
      if (entry.requestId?.startsWith(requestIdPrefix)) into.set(entry.requestId, entry.secondLook === true);
    } catch {
      // A line cut short: nothing to read.
    }
  }
}

async function runScenario(
  world: EvidenceWorld,
  stack: BenchStack,
  scenario: Scenario,
): Promise<ResearchScenarioFigures> {
  const every = Math.max(1, Math.floor(world.cases.length / CALLS));
  const chosen = world.cases.filter((_, index) => index % every === 0).slice(0, CALLS);
  const tag = runTag();
  const start = world.counts();
  if (!scenario.cold) {
    // Read every page once, so that the measured calls find them cached.
    for (const researchCase of chosen) {
      const call = caseCall(researchCase, stack.headers(), `bench ${tag} warm-up`);
      await fetch(`${stack.origin}${call.path}`, {
        method: "POST",
        headers: { ...call.headers, "content-type": "application/json" },
        body: call.body,
      }).then((response) => response.arrayBuffer());
    }
  }
  const before = world.counts();
  const tokens: number[] = [];
  const requestIdPrefix = `bench-${tag}-`;
  const secondLooks = new Map<string, boolean>();
  const result = await runHttpLoad({
    origin: stack.origin,
    connections: 1,
    durationMs: 10 * 60_000,
    maxRequests: chosen.length,
    request: (index) =>
      tierCall(
        caseCall(chosen[index]!, { ...stack.headers(), "x-request-id": `${requestIdPrefix}${index}` }, `bench ${tag}`),
        scenario.effort,
      ),
    onResponse: (status, body) => {
      // The worker's log is read as the calls go: it keeps its last lines only.
      readSecondLooks(stack, requestIdPrefix, secondLooks);
      if (status !== 200) return;
      const usage = (JSON.parse(body) as { usage?: { promptTokens: number; completionTokens: number } }).usage;
      if (usage) tokens.push(usage.promptTokens + usage.completionTokens);
    },
    beforeEach: scenario.cold
      ? async () => {
          await deleteKeys(stack.redis, `${stack.prefix}:page:*`);
          await deleteKeys(stack.redis, `${stack.prefix}:search:*`);
        }
      : undefined,
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  readSecondLooks(stack, requestIdPrefix, secondLooks);
  const served = countsBetween(before, world.counts());
  assertPremises(scenario.name, PREMISES[scenario.cold ? "cold" : "warm"], {
    calls: result.totalFinished,
    searches: served.searches,
    pages: served.pages,
    modelCalls: served.modelCalls,
  });
  const calls = Math.max(1, result.completed);
  const perCall = {
    searches: served.searches / calls,
    pages: served.pages / calls,
    siteFiles: served.siteFiles / calls,
    modelCalls: served.modelCalls / calls,
  };
  return {
    name: scenario.name,
    result,
    perCall,
    secondLooks:
      secondLooks.size === 0
        ? null
        : { taken: [...secondLooks.values()].filter(Boolean).length, logged: secondLooks.size },
    tokensPerCall: tokens.length === 0 ? null : tokens.reduce((sum, value) => sum + value, 0) / tokens.length,
    // Warm calls search and read nothing by design: their warm-up shows whether the pipeline ran.
    pipelineWired: (() => {
      const all = countsBetween(start, world.counts());
      return all.searches + all.pages > 0;
    })(),
    target: scenario.target ?? RESEARCH_LATENCY_TARGET,
    met: result.latency.p50 <= CRITICAL_PATH_MS * (scenario.target ?? RESEARCH_LATENCY_TARGET),
    ...(scenario.effort ? { effort: scenario.effort } : {}),
  };
}

/**
 * `bench research`: research calls one at a time through the real stack against the simulated web
 * (pages 150 ms), a fake SearXNG (300 ms) and the fake model (800 ms), against the critical path.
 */
export async function runResearchBench(settings: BenchSettings): Promise<ResearchScenarioFigures[]> {
  const world = await startEvidenceWorld();
  const figures: ResearchScenarioFigures[] = [];
  try {
    for (const scenario of scenarios) {
      if (settings.only && !scenario.name.includes(settings.only)) continue;
      // Cold means never seen: besides the Redis caches emptied before each call, the worker must not
      // serve a page from its own memory, which it does for pages read within CACHE_TTL_SECONDS.
      const env = {
        ...world.env,
        // The worker's "research finished" line says whether the call took the second look: a line
        // per call costs nothing against a call of over a second.
        LOG_LEVEL: "info",
        FETCH_HOST_DELAY_MS: String(scenario.hostDelayMs),
        ...(scenario.cold ? { CACHE_TTL_SECONDS: "0" } : {}),
      };
      const stack = await startBenchStack({ workers: 1, profile: settings.profile, env });
      try {
        settings.log(`research: ${scenario.name}`);
        figures.push(await runScenario(world, stack, scenario));
      } finally {
        await stack.stop();
      }
    }
  } finally {
    await world.close();
  }
  return figures;
}

/** The research benchmark's table. */
export function formatResearchFigures(figures: readonly ResearchScenarioFigures[]): string {
  const rows = figures.map((figure) => {
    const { latency } = figure.result;
    const pageRounds =
      (latency.p50 - EVIDENCE_LATENCIES.searchMs - EVIDENCE_LATENCIES.modelMs) / EVIDENCE_LATENCIES.pageMs;
    return [
      figure.name,
      figure.result.completed,
      latency.p50,
      latency.p90,
      latency.max,
      `${formatNumber(latency.p50 / CRITICAL_PATH_MS, 2)}x`,
      formatNumber(pageRounds, 1),
      figure.perCall.searches,
      figure.perCall.pages,
      figure.perCall.modelCalls,
      figure.secondLooks === null ? "-" : `${figure.secondLooks.taken} of ${figure.secondLooks.logged}`,
      figure.tokensPerCall === null ? "-" : Math.round(figure.tokensPerCall),
      Object.entries(figure.result.outcomes)
        .map(([status, count]) => `${status}: ${count}`)
        .join(", "),
      !figure.pipelineWired
        ? "pipeline not wired (no search, no page)"
        : figure.effort
          ? `measured for effort ${figure.effort}`
          : `<= ${figure.target}x: ${figure.met ? "met" : "MISSED"}`,
    ];
  });
  return formatTable(
    [
      "scenario",
      "calls",
      "p50 ms",
      "p90 ms",
      "max ms",
      "p50 / 1,250 ms",
      "page rounds at p50",
      "searches/call",
      "pages/call",
      "model calls/call",
      "second look",
      "tokens/call",
      "statuses",
      "target",
    ],
    rows,
  );
}
