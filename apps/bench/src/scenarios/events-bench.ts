import { readServerSentEvents } from "@dossier/client";
import { startResearchWorld } from "@dossier/testing";
import { type LatencySummary, summarizeLatencies } from "../load/latency-summary.js";
import { formatNumber, formatTable } from "../report/format-table.js";
import type { BenchSettings } from "./bench-settings.js";
import { type BenchStack, startBenchStack } from "./bench-stack.js";
import { residentBytes, sampleResidentPeaks } from "./process-memory.js";
import { runTag } from "./research-requests.js";

/** Targets of issue 11. */
export const EVENTS_TARGETS = {
  /** The first progress event reaches the client within this long of the worker emitting it, in ms. */
  firstEventMs: 100,
  /** 1,000 concurrent event streams cost the gateway less than this, in bytes. */
  thousandStreamsBytes: 100 * 2 ** 20,
} as const;

/** Concurrent streams of the memory scenario. */
const STREAMS = 1_000;
/** Jobs of the latency scenario, queued before a worker starts so that every client follows them live. */
const LATENCY_JOBS = 50;

export interface EventsFigures {
  /** Worker emit → client receipt of each job's first progress event (`searching`), clients waiting before it ran. */
  firstEvent: LatencySummary;
  /** The same for every stage event of those jobs (searching to done). */
  stageEvents: LatencySummary;
  /** The same first-event delay while the gateway serves {@link STREAMS} streams at once. */
  firstEventUnderLoad: LatencySummary;
  streams: number;
  /** Gateway resident memory before the streams opened, with them open and idle, and at most while their jobs ran. */
  gatewayBytes: { before: number; idle: number; peakWhileRunning: number };
  /** Time from the first worker starting to the last stream receiving `done`, in ms. */
  allDoneMs: number;
  /** Streams that ended with `done`. */
  doneStreams: number;
}

const COMPANY = { name: "Northwind Robotics", website: "https://northwind-robotics.test" };

/** One followed job: the events' payload timestamps and when each arrived here. */
interface Followed {
  received: Array<{ event: string; emittedAt: number; receivedAt: number }>;
  done: Promise<void>;
}

async function submitJobs(stack: BenchStack, count: number, label: string): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 50) {
    const chunk = await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, async (_, offset) => {
        const response = await fetch(`${stack.origin}/v1/research/company`, {
          method: "POST",
          headers: { ...stack.headers(), "content-type": "application/json", prefer: "respond-async" },
          body: JSON.stringify({ question: `${label} question ${start + offset}?`, company: COMPANY }),
        });
        if (response.status !== 202) throw new Error(`submitting a job answered ${response.status}`);
        return ((await response.json()) as { id: string }).id;
      }),
    );
    ids.push(...chunk);
  }
  return ids;
}

/** Opens a job's event stream; resolves once its first event (`queued`) arrived, so the client is following. */
async function follow(stack: BenchStack, jobId: string): Promise<Followed> {
  const response = await fetch(`${stack.origin}/v1/jobs/${jobId}/events`, { headers: stack.headers() });
  if (response.status !== 200 || !response.body) throw new Error(`events of ${jobId} answered ${response.status}`);
  const events = readServerSentEvents(response.body);
  const received: Followed["received"] = [];
  const first = await events.next();
  if (first.done || first.value.event !== "queued") throw new Error(`the events of ${jobId} did not start with queued`);
  const done = (async () => {
    for await (const event of events) {
      const receivedAt = Date.now();
      const { at } = JSON.parse(event.data) as { at: string };
      received.push({ event: event.event, emittedAt: Date.parse(at), receivedAt });
      if (event.event === "done" || event.event === "failed") return;
    }
  })();
  return { received, done };
}

const delay = (entry: { emittedAt: number; receivedAt: number }) => entry.receivedAt - entry.emittedAt;
const firstProgress = (followed: Followed[]) =>
  followed.map((job) => job.received.find((entry) => entry.event === "searching")).filter((entry) => !!entry);

/**
 * Measures progress events end to end with real processes on the simulated web: clients follow
 * queued jobs over SSE, then a worker starts; each event's delay is its arrival here minus the
 * time in its payload (`at`, taken by the worker as it emits). Then {@link STREAMS} clients follow
 * a job each: the gateway's resident memory idle and while all those jobs run.
 */
export async function runEventsBench(settings: BenchSettings): Promise<EventsFigures> {
  const world = await startResearchWorld({ modelLatencyMs: 100 });
  const env = { ...world.env, WORKER_CONCURRENCY: "20", CACHE_TTL_SECONDS: "3600" };
  try {
    settings.log(`events: ${LATENCY_JOBS} clients follow queued jobs, then a worker starts`);
    let stack = await startBenchStack({ workers: 0, env });
    let latency: Followed[];
    try {
      const ids = await submitJobs(stack, LATENCY_JOBS, `Events bench ${runTag()}`);
      latency = await Promise.all(ids.map((id) => follow(stack, id)));
      await stack.startWorker();
      await Promise.all(latency.map((job) => job.done));
    } finally {
      await stack.stop();
    }

    settings.log(`events: ${STREAMS} concurrent streams on one gateway`);
    stack = await startBenchStack({ workers: 0, env });
    try {
      const ids = await submitJobs(stack, STREAMS, `Streams bench ${runTag()}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const gatewayPid = stack.gateway.child.pid!;
      const before = residentBytes(gatewayPid) ?? Number.NaN;
      const streams: Followed[] = [];
      for (let start = 0; start < ids.length; start += 100) {
        streams.push(...(await Promise.all(ids.slice(start, start + 100).map((id) => follow(stack, id)))));
      }
      const idleSampler = sampleResidentPeaks([gatewayPid], 200);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const idle = idleSampler.stop().get(gatewayPid) ?? Number.NaN;
      settings.log(`events: ${STREAMS} streams open; starting 2 workers`);
      const runningSampler = sampleResidentPeaks([gatewayPid], 200);
      const started = Date.now();
      await Promise.all([stack.startWorker(), stack.startWorker()]);
      await Promise.all(streams.map((stream) => stream.done));
      const allDoneMs = Date.now() - started;
      const peakWhileRunning = runningSampler.stop().get(gatewayPid) ?? Number.NaN;
      return {
        firstEvent: summarizeLatencies(firstProgress(latency).map(delay)),
        stageEvents: summarizeLatencies(latency.flatMap((job) => job.received).map(delay)),
        firstEventUnderLoad: summarizeLatencies(firstProgress(streams).map(delay)),
        streams: streams.length,
        gatewayBytes: { before, idle, peakWhileRunning },
        allDoneMs,
        doneStreams: streams.filter((stream) => stream.received.at(-1)?.event === "done").length,
      };
    } finally {
      await stack.stop();
    }
  } finally {
    await world.close();
  }
}

const mebibytes = (bytes: number) => formatNumber(bytes / 2 ** 20, 1);

export function formatEventsFigures(figures: EventsFigures): string {
  const row = (name: string, summary: LatencySummary) => [
    name,
    summary.count,
    summary.p50,
    summary.p90,
    summary.p99,
    summary.max,
  ];
  const latencyTable = formatTable(
    ["worker emit → client receipt (ms)", "events", "p50", "p90", "p99", "max"],
    [
      row(`first progress event, ${LATENCY_JOBS} clients waiting`, figures.firstEvent),
      row("every stage event of those jobs", figures.stageEvents),
      row(`first progress event, ${figures.streams} streams open`, figures.firstEventUnderLoad),
    ],
  );
  const { before, idle, peakWhileRunning } = figures.gatewayBytes;
  const perStream = (idle - before) / figures.streams;
  const streamCost = Math.max(idle, peakWhileRunning) - before;
  return [
    latencyTable,
    "",
    `Target: first progress event within ${EVENTS_TARGETS.firstEventMs} ms of the worker emitting it: ` +
      `p99 ${formatNumber(figures.firstEvent.p99, 0)} ms at rest, ${formatNumber(figures.firstEventUnderLoad.p99, 0)} ms with ${figures.streams} streams ` +
      `(${figures.firstEvent.p99 <= EVENTS_TARGETS.firstEventMs ? "met" : "missed"}). Millisecond clocks of one machine.`,
    "",
    formatTable(
      ["gateway resident memory", "MiB"],
      [
        ["before the streams opened", before / 2 ** 20],
        [`${figures.streams} streams open and idle`, idle / 2 ** 20],
        [`peak while their ${figures.streams} jobs ran`, peakWhileRunning / 2 ** 20],
      ],
    ),
    "",
    `${figures.streams} streams cost ${mebibytes(idle - before)} MiB idle (${formatNumber(perStream / 1024, 1)} KiB each) and at most ` +
      `${mebibytes(streamCost)} MiB while every job reported; target < ${mebibytes(EVENTS_TARGETS.thousandStreamsBytes)} MiB ` +
      `(${streamCost < EVENTS_TARGETS.thousandStreamsBytes ? "met" : "missed"}). ${figures.doneStreams} of ${figures.streams} streams ended with done, ` +
      `${formatNumber(figures.allDoneMs / 1000, 1)} s after the workers started.`,
  ].join("\n");
}
