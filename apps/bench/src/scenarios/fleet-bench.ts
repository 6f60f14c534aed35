import type { ClosedLoopResult } from "../load/run-closed-loop.js";
import { runHttpLoad } from "../load/run-http-load.js";
import { formatNumber, formatTable } from "../report/format-table.js";
import type { BenchSettings } from "./bench-settings.js";
import { type BenchStack, stackProcesses, startBenchStack } from "./bench-stack.js";
import { CRITICAL_PATH_MS, caseCall, type EvidenceWorld, startEvidenceWorld } from "./evidence-world.js";
import { startCpuMeter } from "./process-cpu.js";
import { sampleResidentPeaks } from "./process-memory.js";
import { cpuText } from "./queue-bench.js";
import { runTag } from "./research-requests.js";

/** Jobs each worker process runs at once in the fleet benchmark. */
export const FLEET_WORKER_CONCURRENCY = 50;
/** Items of the batch that runs beside the synchronous calls. */
export const BATCH_ITEMS = 10_000;
/** Connections of the synchronous calls measured idle and beside the batch. */
const SYNC_CONNECTIONS = 4;

/** Throughput of one fleet size. */
export interface FleetThroughputFigures {
  /** Worker processes. */
  workers: number;
  /** Workers times WORKER_CONCURRENCY; also the number of connections. */
  totalConcurrency: number;
  /** The calls of the measured window. */
  result: ClosedLoopResult;
  /** Total concurrency over the critical path (1.25 s), calls per second. */
  idealPerSecond: number;
  /** Largest VmRSS of each worker during the run, in bytes. */
  workerPeakBytes: number[];
  /** CPU milliseconds per finished call by process role, warm-up included. */
  cpuPerCall: Record<string, number>;
}

/** Synchronous calls idle and beside another key's batch. */
export interface FleetPriorityFigures {
  /** Synchronous calls with nothing else running. */
  idle: ClosedLoopResult;
  /** Undefined when the batch could not be submitted. */
  duringBatch: ClosedLoopResult | undefined;
  /** Why the batch scenario did not run, when it did not. */
  skipped: string | undefined;
  /** Items of the batch finished when the measurement ended. */
  batchCompleted: number | undefined;
}

/** Everything the fleet benchmark measured. */
export interface FleetFigures {
  /** One entry per fleet size run. */
  throughput: FleetThroughputFigures[];
  /** Undefined when `--only` left the batch scenario out. */
  priority: FleetPriorityFigures | undefined;
}

/** Synchronous research calls of key a on 4 connections, over the measured window (at least 15 s). */
export function measureSync(
  world: EvidenceWorld,
  stack: BenchStack,
  settings: BenchSettings,
  tag: string,
): Promise<ClosedLoopResult> {
  return runHttpLoad({
    origin: stack.origin,
    connections: SYNC_CONNECTIONS,
    durationMs: Math.max(settings.durationMs, 15_000),
    warmupMs: settings.warmupMs,
    warmupRequests: SYNC_CONNECTIONS,
    request: (index) =>
      caseCall(world.cases[index % world.cases.length]!, stack.headers("a"), `bench ${tag} sync ${index}`),
  });
}

async function runThroughput(
  world: EvidenceWorld,
  workers: number,
  settings: BenchSettings,
): Promise<FleetThroughputFigures> {
  const stack = await startBenchStack({
    workers,
    profile: settings.profile,
    env: { ...world.env, FETCH_HOST_DELAY_MS: "0", WORKER_CONCURRENCY: String(FLEET_WORKER_CONCURRENCY) },
  });
  try {
    const totalConcurrency = workers * FLEET_WORKER_CONCURRENCY;
    const tag = runTag();
    const memory = sampleResidentPeaks(stack.workers.map((worker) => worker.child.pid!));
    const cpu = startCpuMeter(stackProcesses(stack));
    const result = await runHttpLoad({
      origin: stack.origin,
      connections: totalConcurrency,
      durationMs: Math.max(settings.durationMs, 15_000),
      warmupMs: Math.max(settings.warmupMs, 3_000),
      // Steady state: every connection has had one answer before the window opens.
      warmupRequests: totalConcurrency,
      request: (index) =>
        caseCall(world.cases[index % world.cases.length]!, stack.headers(), `bench ${tag} call ${index}`),
    });
    const peaks = memory.stop();
    const used = cpu.stop();
    return {
      cpuPerCall: Object.fromEntries(
        Object.entries(used).map(([name, milliseconds]) => [name, milliseconds / Math.max(1, result.totalFinished)]),
      ),
      workers,
      totalConcurrency,
      result,
      idealPerSecond: totalConcurrency / (CRITICAL_PATH_MS / 1000),
      workerPeakBytes: stack.workers.map((worker) => peaks.get(worker.child.pid!) ?? Number.NaN),
    };
  } finally {
    await stack.stop();
  }
}

async function submitBatch(
  world: EvidenceWorld,
  stack: BenchStack,
  tag: string,
): Promise<{ id: string } | { skipped: string }> {
  const items = Array.from({ length: BATCH_ITEMS }, (_, index) => {
    const researchCase = world.cases[index % world.cases.length]!;
    return {
      type: researchCase.kind,
      ref: `item-${index}`,
      request: { ...researchCase.request, context: `bench ${tag} batch ${index}` },
    };
  });
  const response = await fetch(`${stack.origin}/v1/batches`, {
    method: "POST",
    headers: { ...stack.headers("b"), "content-type": "application/json" },
    body: JSON.stringify({ items }),
  });
  const text = await response.text();
  if (response.status !== 202)
    return { skipped: `POST /v1/batches answered ${response.status} (${text.slice(0, 120)})` };
  return { id: (JSON.parse(text) as { id: string }).id };
}

async function batchCompleted(stack: BenchStack, id: string): Promise<number | undefined> {
  const response = await fetch(`${stack.origin}/v1/batches/${id}`, { headers: stack.headers("b") });
  if (!response.ok) return undefined;
  const status = (await response.json()) as { completed?: number; failed?: number };
  return (status.completed ?? 0) + (status.failed ?? 0);
}

async function runPriority(world: EvidenceWorld, settings: BenchSettings): Promise<FleetPriorityFigures> {
  const stack = await startBenchStack({
    workers: 2,
    profile: settings.profile,
    env: { ...world.env, FETCH_HOST_DELAY_MS: "0", WORKER_CONCURRENCY: String(FLEET_WORKER_CONCURRENCY) },
  });
  try {
    const tag = runTag();
    settings.log("fleet: synchronous calls, idle");
    const idle = await measureSync(world, stack, settings, `${tag}-idle`);
    settings.log(`fleet: submitting a ${BATCH_ITEMS}-item batch with another key`);
    const batch = await submitBatch(world, stack, tag);
    if ("skipped" in batch) return { idle, duringBatch: undefined, skipped: batch.skipped, batchCompleted: undefined };
    // Let the batch fill every worker slot before measuring.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    settings.log("fleet: synchronous calls beside the batch");
    const duringBatch = await measureSync(world, stack, settings, `${tag}-busy`);
    return { idle, duringBatch, skipped: undefined, batchCompleted: await batchCompleted(stack, batch.id) };
  } finally {
    await stack.stop();
  }
}

/**
 * `bench fleet`: throughput of 1, 2 and 4 worker processes against the ideal, resident memory per
 * worker, and synchronous latency idle and beside another key's 10,000-item batch.
 */
export async function runFleetBench(settings: BenchSettings): Promise<FleetFigures> {
  const world = await startEvidenceWorld();
  const figures: FleetFigures = { throughput: [], priority: undefined };
  try {
    for (const workers of [1, 2, 4]) {
      if (settings.only && !`${workers} workers`.includes(settings.only) && settings.only !== "throughput") continue;
      settings.log(`fleet: ${workers} worker${workers > 1 ? "s" : ""} x ${FLEET_WORKER_CONCURRENCY}`);
      figures.throughput.push(await runThroughput(world, workers, settings));
    }
    if (!settings.only || settings.only === "batch") figures.priority = await runPriority(world, settings);
  } finally {
    await world.close();
  }
  return figures;
}

const mebibytes = (bytes: number) => bytes / 2 ** 20;

/** The fleet benchmark's tables. */
export function formatFleetFigures(figures: FleetFigures): string {
  const throughput = formatTable(
    [
      "workers",
      "concurrency",
      "calls/s",
      "ideal calls/s",
      "of ideal",
      "p50 ms",
      "p99 ms",
      "statuses",
      "peak RSS per worker MiB",
      "CPU ms/call",
      ">= 90% of ideal",
      "<= 250 MB per worker",
    ],
    figures.throughput.map((figure) => {
      const share = figure.result.perSecond / figure.idealPerSecond;
      const worst = Math.max(...figure.workerPeakBytes);
      return [
        String(figure.workers),
        figure.totalConcurrency,
        figure.result.perSecond,
        figure.idealPerSecond,
        `${formatNumber(share * 100, 0)}%`,
        figure.result.latency.p50,
        figure.result.latency.p99,
        Object.entries(figure.result.outcomes)
          .map(([status, count]) => `${status}: ${count}`)
          .join(", "),
        figure.workerPeakBytes.map((bytes) => formatNumber(mebibytes(bytes), 0)).join(", "),
        cpuText(figure.cpuPerCall),
        share >= 0.9 ? "met" : "MISSED",
        worst <= 250e6 ? "met" : "MISSED",
      ];
    }),
  );
  const priority = figures.priority;
  if (!priority) return throughput;
  const row = (name: string, result: ClosedLoopResult | undefined, note: string) => [
    name,
    result?.completed,
    result?.latency.p50,
    result?.latency.p99,
    result
      ? Object.entries(result.outcomes)
          .map(([status, count]) => `${status}: ${count}`)
          .join(", ")
      : "-",
    note,
  ];
  const ratio = priority.duringBatch ? priority.duringBatch.latency.p99 / priority.idle.latency.p99 : Number.NaN;
  const batchTable = formatTable(
    ["synchronous calls (key a, 4 connections, 2 workers x 50)", "calls", "p50 ms", "p99 ms", "statuses", "note"],
    [
      row("idle", priority.idle, ""),
      row(
        `beside a ${formatNumber(BATCH_ITEMS, 0)}-item batch of key b`,
        priority.duringBatch,
        priority.skipped
          ? `not run: ${priority.skipped}`
          : `p99 ${formatNumber(ratio, 2)}x idle (target <= 1.5x: ${ratio <= 1.5 ? "met" : "MISSED"}); batch items done: ${priority.batchCompleted ?? "?"}`,
      ),
    ],
  );
  return `${throughput}\n\n${batchTable}`;
}
