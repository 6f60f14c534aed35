import { readFileSync } from "node:fs";
import type { ClosedLoopResult } from "../load/run-closed-loop.js";
import { runHttpLoad } from "../load/run-http-load.js";
import { formatNumber, formatTable } from "../report/format-table.js";
import type { BenchSettings } from "./bench-settings.js";
import { startBenchStack } from "./bench-stack.js";
import { assertPremises, countsSince } from "./premise.js";
import { startCpuMeter } from "./process-cpu.js";
import { cpuText, NO_EVIDENCE, QUEUE_WORKER_CONCURRENCY, STORED } from "./queue-bench.js";
import { FOUND_COMPANY, type QueueWorld, UNKNOWN_COMPANY } from "./queue-world.js";
import { companyCall, distinctCompanyBody, runTag } from "./research-requests.js";

/** Gateway process counts `bench queue` measures. */
export const GATEWAY_PROCESS_COUNTS = [1, 2, 4] as const;

/** One scenario through a stack with `GATEWAY_PROCESSES` gateway processes. */
export interface GatewayProcessesFigures {
  processes: number;
  scenario: "stored result" | "no evidence";
  result: ClosedLoopResult;
  /** CPU milliseconds per call: every gateway process (and the supervisor), the worker, Redis, the benchmark. */
  cpuPerCall: Record<string, number>;
}

/** The process ids under `pid` (the supervisor's gateway processes), from /proc. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * The stored-result and no-evidence paths at 50 connections through 1, 2 and 4 gateway processes
 * (`GATEWAY_PROCESSES`), one stack each, in the same run as the floors. Connections spread over the
 * processes, so a CPU-bound gateway gains from each core it gets.
 */
export async function runGatewayProcessesBench(
  settings: BenchSettings,
  world: QueueWorld,
): Promise<GatewayProcessesFigures[]> {
  const figures: GatewayProcessesFigures[] = [];
  for (const processes of GATEWAY_PROCESS_COUNTS) {
    if (settings.only && !`${processes} gateway processes`.includes(settings.only)) continue;
    settings.log(`queue: ${processes} gateway processes`);
    const stack = await startBenchStack({
      workers: 1,
      profile: settings.profile,
      env: {
        ...world.env,
        WORKER_CONCURRENCY: String(QUEUE_WORKER_CONCURRENCY),
        GATEWAY_PROCESSES: String(processes),
      },
    });
    try {
      const headers = stack.headers();
      world.model.setLatency(0);
      world.setSearchLatency(0);
      for (const scenario of ["stored result", "no evidence"] as const) {
        const tag = runTag();
        const company = scenario === "stored result" ? FOUND_COMPANY : UNKNOWN_COMPANY;
        const stored = companyCall(distinctCompanyBody(`${tag}-stored`, 0, company), headers);
        if (scenario === "stored result") {
          const first = await fetch(`${stack.origin}${stored.path}`, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: stored.body,
          });
          if (first.status !== 200) throw new Error(`the call to be stored answered ${first.status}`);
        }
        const before = world.counts();
        const gatewayPids = [stack.gateway.child.pid!, ...childrenOf(stack.gateway.child.pid!)];
        const meter = startCpuMeter({
          gateway: gatewayPids,
          worker: stack.workers.map((worker) => worker.child.pid!),
          redis: stack.redisPid === undefined ? [] : [stack.redisPid],
          bench: [process.pid],
        });
        const result = await runHttpLoad({
          origin: stack.origin,
          connections: 50,
          durationMs: settings.durationMs,
          warmupMs: settings.warmupMs,
          warmupRequests: 50,
          request: (index) =>
            scenario === "stored result" ? stored : companyCall(distinctCompanyBody(tag, index, company), headers),
        });
        const used = meter.stop();
        assertPremises(
          `${scenario}, 50 connections, ${processes} gateway processes`,
          scenario === "stored result" ? STORED : NO_EVIDENCE,
          countsSince(before, world.counts(), result.totalFinished),
        );
        figures.push({
          processes,
          scenario,
          result,
          cpuPerCall: Object.fromEntries(
            Object.entries(used).map(([name, milliseconds]) => [
              name,
              milliseconds / Math.max(1, result.totalFinished),
            ]),
          ),
        });
      }
    } finally {
      await stack.stop();
    }
  }
  return figures;
}

/** The table of 1, 2 and 4 gateway processes, each against the 1-process figure of its scenario. */
export function formatGatewayProcessesFigures(figures: readonly GatewayProcessesFigures[]): string {
  const rows = figures.map((figure) => {
    const single = figures.find((other) => other.scenario === figure.scenario && other.processes === 1);
    return [
      `${figure.scenario}, 50 connections`,
      figure.processes,
      figure.result.perSecond,
      figure.result.latency.p50,
      figure.result.latency.p99,
      single ? `${formatNumber(figure.result.perSecond / single.result.perSecond, 2)}x` : "-",
      Object.entries(figure.result.outcomes)
        .map(([outcome, count]) => `${outcome}: ${count}`)
        .join(", "),
      cpuText(figure.cpuPerCall),
    ];
  });
  return formatTable(
    ["scenario", "gateway processes", "calls/s", "p50 ms", "p99 ms", "vs 1 process", "statuses", "CPU ms/call"],
    rows,
  );
}
