import { readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { parseArgs } from "node:util";
import { testRedisUrl } from "@dossier/testing";
import { type CpuProfile, summarizeCpuProfile } from "./profile/summarize-cpu-profile.js";
import { formatNumber, formatTable } from "./report/format-table.js";
import type { BenchSettings } from "./scenarios/bench-settings.js";
import { formatConsoleFigures, runConsoleBench } from "./scenarios/console-bench.js";
import { formatEventsFigures, runEventsBench } from "./scenarios/events-bench.js";
import { formatExtractionFigures, runExtractionBench } from "./scenarios/extraction-bench.js";
import { formatFleetFigures, runFleetBench } from "./scenarios/fleet-bench.js";
import { type Floors, measureFloors } from "./scenarios/floors.js";
import { formatGatewayProcessesFigures, runGatewayProcessesBench } from "./scenarios/gateway-processes-bench.js";
import { formatHealthzFigures, runHealthzBench } from "./scenarios/healthz-bench.js";
import { formatListFigures, runListBench } from "./scenarios/list-bench.js";
import { BrokenPremiseError } from "./scenarios/premise.js";
import { cpuText, formatQueueFigures, runQueueBench } from "./scenarios/queue-bench.js";
import { formatQueueTargets } from "./scenarios/queue-targets.js";
import { startQueueWorld } from "./scenarios/queue-world.js";
import { DEFAULT_FULL_SECONDS, formatRedisFullFigures, runRedisFullBench } from "./scenarios/redis-full-bench.js";
import { formatResearchFigures, runResearchBench } from "./scenarios/research-bench.js";
import { DEFAULT_WATCH_WINDOW_SECONDS, formatWatchesFigures, runWatchesBench } from "./scenarios/watches-bench.js";

const USAGE = `Usage: node apps/bench/dist/main.js [queue|research|fleet|list|extraction|events|console|watches|redis-full|healthz|profile FILE...] [options]

Without a command, runs queue, research, fleet, list, events, console, watches, redis-full and healthz
one after another.

Options:
  --seconds N   measured window of each scenario (default 10; watches: ${DEFAULT_WATCH_WINDOW_SECONDS} s of due times;
                redis-full: how long Redis stays full before maxmemory is raised, default ${DEFAULT_FULL_SECONDS})
  --warmup N    unmeasured warm-up before each window, in seconds (default 2)
  --only TEXT   run only the scenarios whose name contains TEXT; queue: also "1 gateway",
                "2 gateway", "4 gateway" or "gateway processes"; fleet: "1 workers",
                "2 workers", "4 workers", "throughput" (all three) or "batch"
  --profile     run the gateway and workers under node --cpu-prof (apps/bench/profiles/)
`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: "string" },
    warmup: { type: "string", default: "2" },
    only: { type: "string" },
    profile: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const settings: BenchSettings = {
  durationMs: Number(values.seconds ?? 10) * 1000,
  warmupMs: Number(values.warmup) * 1000,
  profile: values.profile,
  only: values.only,
  log: (line) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`),
};

function header(title: string, loadBefore: number): void {
  process.stdout.write(`\n## ${title}\n\n`);
  process.stdout.write(
    `node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), ${Math.round(totalmem() / 2 ** 30)} GiB; ` +
      `load average ${formatNumber(loadBefore, 2)} before, ${formatNumber(loadavg()[0], 2)} after (other processes on the machine skew the figures)\n\n`,
  );
}

/** The floors as one paragraph: what a far simpler server gives on this machine right now. */
function formatFloors(floors: Floors): string {
  const at = (result: { perSecond: number; latency: { p50: number } }) =>
    `${formatNumber(result.perSecond, 0)}/s, p50 ${formatNumber(result.latency.p50, 2)} ms`;
  return [
    "Floors on this machine in this run (the same load generator; each server in its own processes):",
    `- bare node:http answering {}: 1 connection ${at(floors.echo.oneConnection)}; 50 connections ${at(floors.echo.fiftyConnections)};`,
    `- bare Express parsing the JSON body and answering a stored body: 50 connections ${at(floors.express.fiftyConnections)} (CPU ms/call: ${cpuText(floors.express.cpuPerCall)});`,
    `- bare BullMQ gateway (Express, Queue.add, QueueEvents; a worker process returning {}): 1 connection ${at(floors.bullmq.oneConnection)}; 50 connections ${at(floors.bullmq.fiftyConnections)} (CPU ms/call: ${cpuText(floors.bullmq.cpuPerCall)}).`,
  ].join("\n");
}

const share = (value: number) => `${formatNumber(value * 100, 1)}%`;

const commands: Record<string, (files: string[]) => Promise<void>> = {
  async queue() {
    const load = loadavg()[0]!;
    settings.log("queue: floors (bare node:http, bare Express, bare BullMQ gateway, each in other processes)");
    const floors = await measureFloors(3_000, testRedisUrl());
    const world = await startQueueWorld();
    let figures: Awaited<ReturnType<typeof runQueueBench>>;
    let processes: Awaited<ReturnType<typeof runGatewayProcessesBench>>;
    try {
      figures = await runQueueBench(settings, world);
      processes = await runGatewayProcessesBench(settings, world);
    } finally {
      await world.close();
    }
    header("queue: gateway + queue + worker against the research function in-process", load);
    process.stdout.write(`${formatFloors(floors)}\n\n`);
    process.stdout.write(`${formatQueueFigures(figures)}\n\n`);
    process.stdout.write(
      `Gateway processes (GATEWAY_PROCESSES), one worker:\n\n${formatGatewayProcessesFigures(processes)}\n\n`,
    );
    process.stdout.write(
      `Targets, as ratios to the floors above:\n\n${formatQueueTargets(floors, figures, processes)}\n`,
    );
  },
  async research() {
    const load = loadavg()[0]!;
    const figures = await runResearchBench(settings);
    header(
      "research: latency against the critical path (search 300 ms + pages 150 ms + model 800 ms = 1,250 ms)",
      load,
    );
    process.stdout.write(`${formatResearchFigures(figures)}\n`);
  },
  async extraction() {
    const load = loadavg()[0]!;
    const figures = await runExtractionBench(settings);
    header("extraction: how long a 2 MB page blocks a worker's event loop", load);
    process.stdout.write(`${formatExtractionFigures(figures)}\n`);
  },
  async fleet() {
    const load = loadavg()[0]!;
    const figures = await runFleetBench(settings);
    header("fleet: throughput of 1, 2 and 4 workers, memory, synchronous calls beside a batch", load);
    process.stdout.write(`${formatFleetFigures(figures)}\n`);
  },
  async list() {
    const load = loadavg()[0]!;
    settings.log("list: floors (bare node:http, bare Express, bare BullMQ gateway, each in other processes)");
    const floors = await measureFloors(3_000, testRedisUrl());
    const figures = await runListBench(settings);
    header("list: a 1,000-candidate list beside synchronous calls, against a batch of as many research jobs", load);
    process.stdout.write(`${formatFloors(floors)}\n\n${formatListFigures(figures)}\n`);
  },
  async events() {
    const load = loadavg()[0]!;
    const figures = await runEventsBench(settings);
    header("events: progress over SSE, from the worker to the client, and 1,000 streams on one gateway", load);
    process.stdout.write(`${formatEventsFigures(figures)}\n`);
  },
  async console() {
    const load = loadavg()[0]!;
    const figures = await runConsoleBench(settings);
    header("console: load time in Chromium and bundle size", load);
    process.stdout.write(`${formatConsoleFigures(figures)}\n`);
  },
  async watches() {
    const load = loadavg()[0]!;
    settings.log("watches: floors (bare node:http, bare Express, bare BullMQ gateway, each in other processes)");
    const floors = await measureFloors(3_000, testRedisUrl());
    const figures = await runWatchesBench(settings, Number(values.seconds ?? DEFAULT_WATCH_WINDOW_SECONDS));
    header("watches: 10,000 watches due within one hour", load);
    process.stdout.write(`${formatFloors(floors)}\n\n`);
    process.stdout.write(`${formatWatchesFigures(figures)}\n`);
  },
  async "redis-full"() {
    const load = loadavg()[0]!;
    settings.log("redis-full: floors (bare node:http, bare Express, bare BullMQ gateway, each in other processes)");
    const floors = await measureFloors(3_000, testRedisUrl());
    const figures = await runRedisFullBench(settings, Number(values.seconds ?? DEFAULT_FULL_SECONDS));
    header("redis-full: Redis at maxmemory under two 1,500-item batches and synchronous calls", load);
    process.stdout.write(`${formatFloors(floors)}\n\n${formatRedisFullFigures(figures)}\n`);
  },
  async healthz() {
    const load = loadavg()[0]!;
    settings.log("healthz: floors (bare node:http, bare Express, bare BullMQ gateway, each in other processes)");
    const floors = await measureFloors(3_000, testRedisUrl());
    const windows = await runHealthzBench(settings);
    header("healthz: the gateway's /healthz while 10,000-item batches are submitted", load);
    process.stdout.write(`${formatFloors(floors)}\n\n${formatHealthzFigures(windows)}\n`);
  },
  async profile(files) {
    for (const file of files) {
      const summary = summarizeCpuProfile(JSON.parse(readFileSync(file, "utf8")) as CpuProfile);
      process.stdout.write(
        `\n## ${file}: ${formatNumber(summary.totalMs, 0)} ms, idle ${share(summary.idleShare)}\n\n`,
      );
      process.stdout.write(
        `${formatTable(
          ["package", "self ms", "share"],
          summary.packages.map((entry) => [entry.name, entry.selfMs, share(entry.share)]),
        )}\n\n`,
      );
      process.stdout.write(
        `${formatTable(
          ["function", "self ms", "share"],
          summary.functions.map((entry) => [entry.name, entry.selfMs, share(entry.share)]),
        )}\n`,
      );
    }
  },
};

const [command, ...rest] = positionals;
const chosen = command
  ? [command]
  : ["queue", "research", "fleet", "list", "events", "console", "watches", "redis-full", "healthz"];
for (const name of chosen) {
  const run = commands[name];
  if (!run) {
    process.stderr.write(`Unknown command "${name}".\n${USAGE}`);
    process.exit(2);
  }
  try {
    await run(rest);
  } catch (error) {
    if (!(error instanceof BrokenPremiseError)) throw error;
    // Figures of other work than the scenario names would be read as its figures: none are printed.
    process.stderr.write(`\nbench ${name}: FAILED: ${error.message}\n`);
    process.exit(1);
  }
}
process.exit(0);
