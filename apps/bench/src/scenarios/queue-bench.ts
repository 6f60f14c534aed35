import { randomBytes } from "node:crypto";
import type { Researcher } from "@dossier/research";
import { type ClosedLoopResult, runClosedLoop } from "../load/run-closed-loop.js";
import { runHttpLoad } from "../load/run-http-load.js";
import { formatNumber, formatTable } from "../report/format-table.js";
import type { BenchSettings } from "./bench-settings.js";
import { type BenchStack, stackProcesses, startBenchStack } from "./bench-stack.js";
import { assertPremises, countsSince, type Premise } from "./premise.js";
import { startCpuMeter } from "./process-cpu.js";
import { FOUND_COMPANY, type QueueWorld, UNKNOWN_COMPANY } from "./queue-world.js";
import { companyCall, distinctCompanyBody, normalizeCompanyBody, runTag } from "./research-requests.js";

/** One scenario's figures, through the stack and in-process. */
export interface QueueScenarioFigures {
  /** The scenario as the table names it. */
  name: string;
  /** Connections to the gateway. */
  connections: number;
  /** Delay of every fake model answer, in milliseconds. */
  modelLatencyMs: number;
  /** Calls through gateway, queue and worker. */
  stack: ClosedLoopResult;
  /** The same research function called in this process; undefined for the stored result. */
  inProcess: ClosedLoopResult | undefined;
  /** CPU milliseconds per call through the stack, by process role (bench: load, fakes and this process). */
  stackCpuPerCall: Record<string, number>;
  /** CPU milliseconds per in-process call, this process (fakes included) and Redis. */
  inProcessCpuPerCall: Record<string, number> | undefined;
  /** Model calls the fake model received per call through the stack (warm-up included in the count). */
  modelCallsPerCall: number;
  /** The target, in words. */
  target: string;
  /** Whether the figures meet it. */
  met: boolean;
}

interface Scenario {
  name: string;
  connections: number;
  /** Concurrency of the in-process comparison; none for the stored result. */
  inProcessConcurrency: number | undefined;
  modelLatencyMs: number;
  /**
   * The company asked about: {@link FOUND_COMPANY}, whose search answers a page, or
   * {@link UNKNOWN_COMPANY}, which no search result names, so that jobs skip the page and the model
   * (the queue's own cost).
   */
  company: string;
  /** What every call does, as the name says; checked against the fakes' counts after each run. */
  premises: readonly Premise[];
  /** Delay of the fake search, in milliseconds. Default 0. */
  searchLatencyMs?: number;
  identical: boolean;
  target: string;
  meets: (stack: ClosedLoopResult, inProcess: ClosedLoopResult | undefined) => boolean;
}

/** Worker concurrency of the queue benchmark's single worker (the 200 ms scenario needs 100). */
export const QUEUE_WORKER_CONCURRENCY = 100;

/** A job with evidence: a search, the (cached) page and a model call. */
const EVIDENCE: readonly Premise[] = ["a search per call", "a model call per call"];
/** "no evidence (no page, no model call)": the search finds nothing, so no page is read and no model asked. */
export const NO_EVIDENCE: readonly Premise[] = ["no search result", "no page", "no model call"];
/** A stored result: the gateway answers it without a job, so nothing is searched and no model asked. */
export const STORED: readonly Premise[] = ["no search", "no model call"];

const scenarios: Scenario[] = [
  {
    name: "1 connection, instant model",
    connections: 1,
    inProcessConcurrency: 1,
    modelLatencyMs: 0,
    company: FOUND_COMPANY,
    premises: EVIDENCE,
    identical: false,
    target: "queue adds <= 2 ms at p50",
    meets: (stack, inProcess) => !!inProcess && stack.latency.p50 - inProcess.latency.p50 <= 2,
  },
  {
    name: "1 connection, no evidence (no page, no model call)",
    connections: 1,
    inProcessConcurrency: 1,
    modelLatencyMs: 0,
    company: UNKNOWN_COMPANY,
    premises: NO_EVIDENCE,
    identical: false,
    target: "queue adds <= 2 ms at p50",
    meets: (stack, inProcess) => !!inProcess && stack.latency.p50 - inProcess.latency.p50 <= 2,
  },
  {
    name: "50 connections, instant model",
    connections: 50,
    inProcessConcurrency: 50,
    modelLatencyMs: 0,
    company: FOUND_COMPANY,
    premises: EVIDENCE,
    identical: false,
    target: ">= 2,000 calls/s",
    meets: (stack) => stack.perSecond >= 2_000,
  },
  {
    name: "50 connections, no evidence (no page, no model call)",
    connections: 50,
    inProcessConcurrency: 50,
    modelLatencyMs: 0,
    company: UNKNOWN_COMPANY,
    premises: NO_EVIDENCE,
    identical: false,
    target: ">= 2,000 calls/s",
    meets: (stack) => stack.perSecond >= 2_000,
  },
  {
    name: "50 connections, stored result",
    connections: 50,
    inProcessConcurrency: undefined,
    modelLatencyMs: 0,
    company: FOUND_COMPANY,
    premises: STORED,
    identical: true,
    target: ">= 5,000 calls/s",
    meets: (stack) => stack.perSecond >= 5_000,
  },
  {
    name: "200 connections, model 200 ms",
    connections: 200,
    inProcessConcurrency: QUEUE_WORKER_CONCURRENCY,
    modelLatencyMs: 200,
    company: FOUND_COMPANY,
    premises: EVIDENCE,
    identical: false,
    target: ">= 95% of ideal 500 calls/s",
    meets: (stack) => stack.perSecond >= 475,
  },
  {
    name: "200 connections, search 200 ms, no evidence (no page, no model call)",
    connections: 200,
    inProcessConcurrency: QUEUE_WORKER_CONCURRENCY,
    modelLatencyMs: 0,
    company: UNKNOWN_COMPANY,
    premises: NO_EVIDENCE,
    searchLatencyMs: 200,
    identical: false,
    target: ">= 95% of ideal 500 calls/s",
    meets: (stack) => stack.perSecond >= 475,
  },
];

function perCall(used: Record<string, number>, calls: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(used).map(([name, milliseconds]) => [name, milliseconds / Math.max(1, calls)]),
  );
}

async function runInProcess(
  research: Researcher,
  concurrency: number,
  settings: BenchSettings,
  tag: string,
  company: string,
): Promise<ClosedLoopResult> {
  return runClosedLoop({
    concurrency,
    durationMs: settings.durationMs,
    warmupMs: settings.warmupMs,
    warmupOperations: concurrency,
    operation: async (index) => {
      const response = await research(normalizeCompanyBody(distinctCompanyBody(`${tag}-local`, index, company)));
      // A job that read no evidence skips the model call: count it apart so that it cannot pass for the 200 path.
      return response.sources.length > 0 ? "200 with sources" : "200 without sources";
    },
  });
}

/** Makes the stored scenario's one call, so that its result is stored before the load starts. */
async function storeResult(stack: BenchStack, scenario: Scenario, tag: string): Promise<void> {
  if (!scenario.identical) return;
  const stored = companyCall(distinctCompanyBody(`${tag}-stored`, 0, scenario.company), stack.headers());
  const first = await fetch(`${stack.origin}${stored.path}`, {
    method: "POST",
    headers: { ...stack.headers(), "content-type": "application/json" },
    body: stored.body,
  });
  if (first.status !== 200) throw new Error(`the call to be stored answered ${first.status}: ${await first.text()}`);
}

async function runThroughStack(
  stack: BenchStack,
  scenario: Scenario,
  settings: BenchSettings,
  tag: string,
): Promise<ClosedLoopResult> {
  const headers = stack.headers();
  const stored = companyCall(distinctCompanyBody(`${tag}-stored`, 0, scenario.company), headers);
  return runHttpLoad({
    origin: stack.origin,
    connections: scenario.connections,
    durationMs: settings.durationMs,
    warmupMs: settings.warmupMs,
    warmupRequests: scenario.connections,
    request: (index) =>
      scenario.identical ? stored : companyCall(distinctCompanyBody(tag, index, scenario.company), headers),
  });
}

/**
 * `bench queue`: the 200 path with a fake model through gateway, queue and one worker, against the
 * same research function called in-process, in one run. Throws a `BrokenPremiseError` when a
 * scenario's calls did other work than it says (a model call in a "no model call" row).
 */
export async function runQueueBench(settings: BenchSettings, world: QueueWorld): Promise<QueueScenarioFigures[]> {
  const { model } = world;
  const research = world.createInProcessResearcher(`bench-local-${randomBytes(5).toString("hex")}`);
  const stack = await startBenchStack({
    workers: 1,
    profile: settings.profile,
    env: { ...world.env, WORKER_CONCURRENCY: String(QUEUE_WORKER_CONCURRENCY) },
  });
  const figures: QueueScenarioFigures[] = [];
  try {
    for (const scenario of scenarios) {
      if (settings.only && !scenario.name.includes(settings.only)) continue;
      model.setLatency(scenario.modelLatencyMs);
      world.setSearchLatency(scenario.searchLatencyMs ?? 0);
      const tag = runTag();
      settings.log(`queue: ${scenario.name}: in-process`);
      const processes = stackProcesses(stack);
      const localMeter = startCpuMeter({ redis: processes.redis!, bench: processes.bench! });
      const localBefore = world.counts();
      const inProcess =
        scenario.inProcessConcurrency === undefined
          ? undefined
          : await runInProcess(research, scenario.inProcessConcurrency, settings, tag, scenario.company);
      const inProcessCpuPerCall = inProcess ? perCall(localMeter.stop(), inProcess.totalFinished) : undefined;
      if (inProcess)
        assertPremises(
          `${scenario.name}, in-process`,
          scenario.premises,
          countsSince(localBefore, world.counts(), inProcess.totalFinished),
        );
      settings.log(`queue: ${scenario.name}: through the stack`);
      await storeResult(stack, scenario, tag);
      const stackBefore = world.counts();
      const stackMeter = startCpuMeter(processes);
      const through = await runThroughStack(stack, scenario, settings, tag);
      const stackCpuPerCall = perCall(stackMeter.stop(), through.totalFinished);
      const done = countsSince(stackBefore, world.counts(), through.totalFinished);
      assertPremises(scenario.name, scenario.premises, done);
      // Requests made during the warm-up count too, so this is an upper bound per measured call.
      const modelCallsPerCall = done.modelCalls / Math.max(1, through.completed);
      figures.push({
        name: scenario.name,
        connections: scenario.connections,
        modelLatencyMs: scenario.modelLatencyMs,
        stack: through,
        inProcess,
        modelCallsPerCall,
        stackCpuPerCall,
        inProcessCpuPerCall,
        target: scenario.target,
        met: scenario.meets(through, inProcess),
      });
    }
  } finally {
    await stack.stop();
  }
  return figures;
}

function outcomesText(result: ClosedLoopResult): string {
  return Object.entries(result.outcomes)
    .map(([outcome, count]) => `${outcome}: ${count}`)
    .join(", ");
}

/** `gateway 0.4 + worker 1.2 + ...` in CPU milliseconds per call. */
export function cpuText(used: Record<string, number>): string {
  const parts = Object.entries(used).filter(([, milliseconds]) => !Number.isNaN(milliseconds));
  const total = parts.reduce((sum, [, milliseconds]) => sum + milliseconds, 0);
  return `${parts.map(([name, milliseconds]) => `${name} ${formatNumber(milliseconds, 2)}`).join(" + ")} = ${formatNumber(total, 2)}`;
}

/** The queue benchmark's table: both paths per scenario, their ratios, and the target. */
export function formatQueueFigures(figures: readonly QueueScenarioFigures[]): string {
  const rows = figures.map((figure) => {
    const local = figure.inProcess;
    return [
      figure.name,
      figure.stack.perSecond,
      figure.stack.latency.p50,
      figure.stack.latency.p99,
      local?.perSecond,
      local?.latency.p50,
      local?.latency.p99,
      local ? `${formatNumber(figure.stack.perSecond / local.perSecond, 2)}x` : "-",
      local ? `${formatNumber(figure.stack.latency.p50 - local.latency.p50, 2)} ms` : "-",
      outcomesText(figure.stack),
      figure.modelCallsPerCall > 0.05 ? "yes" : "no",
      cpuText(figure.stackCpuPerCall),
      figure.inProcessCpuPerCall ? cpuText(figure.inProcessCpuPerCall) : "-",
      `${figure.target}: ${figure.met ? "met" : "MISSED"}`,
    ];
  });
  return formatTable(
    [
      "scenario",
      "stack calls/s",
      "stack p50 ms",
      "stack p99 ms",
      "in-process calls/s",
      "in-process p50 ms",
      "in-process p99 ms",
      "calls/s ratio",
      "added p50",
      "statuses",
      "model called",
      "stack CPU ms/call",
      "in-process CPU ms/call",
      "target",
    ],
    rows,
  );
}
