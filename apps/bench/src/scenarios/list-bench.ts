import type { SiteDefinition } from "@dossier/testing";
import type { ClosedLoopResult } from "../load/run-closed-loop.js";
import { formatNumber, formatTable } from "../report/format-table.js";
import type { BenchSettings } from "./bench-settings.js";
import { BENCH_API_KEYS, type BenchStack, startBenchStack } from "./bench-stack.js";
import { startEvidenceWorld } from "./evidence-world.js";
import { FLEET_WORKER_CONCURRENCY, measureSync } from "./fleet-bench.js";
import { sampleResidentPeaks } from "./process-memory.js";
import { runTag } from "./research-requests.js";

/** Candidates of the list, and research jobs of the batch it is compared with. */
export const LIST_CANDIDATES = 1_000;
/** A third key: the batch's, so that neither the list's key nor the synchronous one shares its work. */
const BATCH_KEY = "bench-key-c-0123456789";
const WORKERS = 2;

const FIRST = (
  "Amber Birch Cedar Delta Ember Fable Granite Harbor Indigo Juniper Kestrel Lumen Maple Nimbus Onyx Pine Quartz " +
  "Raven Saffron Tidal Umber Vesper Willow Xenon Yarrow Zephyr Aspen Basalt Cobalt Dune Elm Fjord Glacier Heath " +
  "Iris Jasper Krill Larch Moss Nettle"
).split(" ");
const SECOND = (
  "Falcon Forge Grid Harvest Ion Kite Loom Mill Orbit Pulse Quarry Ridge Signal Spark Stream Tower Vale Wave Yard " +
  "Anchor Beacon Circuit Dynamo Engine Field"
).split(" ");

/** 1,000 distinct company names ending in `suffix` ("Labs", "Works"). */
function companyNames(suffix: string): string[] {
  return FIRST.flatMap((first) => SECOND.map((second) => `${first} ${second} ${suffix}`)).slice(0, LIST_CANDIDATES);
}

/** A directory of 1,000 member companies, each card saying it is hiring engineers. */
function directorySite(host: string, brand: string, names: readonly string[]): SiteDefinition {
  const cards = names
    .map(
      (name) =>
        `<article class="member-card"><h3>${name}</h3><p>${name} is a member of the ${brand} and is hiring engineers.</p></article>`,
    )
    .join("\n");
  return {
    host,
    brand,
    legalLine: `${brand}, Example City`,
    accent: "#334155",
    navigation: [{ label: "Members", href: "/members" }],
    legalLinks: [],
    pages: [
      {
        path: "/",
        title: brand,
        description: `The ${brand}.`,
        body: `<p>The ${brand} lists its member companies.</p>`,
      },
      {
        path: "/members",
        title: `${brand} member companies directory`,
        description: `Every member company of the ${brand}.`,
        body: `<p>Member companies of the ${brand}.</p>\n<section class="member-grid">\n${cards}\n</section>`,
      },
    ],
  };
}

/** What the list scenario measured. */
export interface ListBenchFigures {
  /** Synchronous calls alone, beside the batch, and beside the list. */
  idle: ClosedLoopResult;
  besideBatch: ClosedLoopResult;
  besideList: ClosedLoopResult;
  /** Research jobs of the batch, and how long from submission to the last one. */
  batchJobs: number;
  batchMs: number;
  /** Candidates the list evaluated, its research runs, and how long from creation to its end. */
  listCandidates: number;
  listRuns: number;
  listMs: number;
  listStopReason: string | undefined;
  /** Largest VmRSS of each worker during the whole scenario, in bytes. */
  workerPeakBytes: number[];
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await sleep(200);
  }
}

/**
 * `bench list`: a 1,000-candidate list (one criterion, so 1,000 research jobs) on two workers beside
 * synchronous calls of another key, against a batch of 1,000 research jobs of the same shape (the
 * same question about as many other companies of another directory, so neither reuses the other's
 * cached pages) beside the same calls; the synchronous p99 of each against idle, and worker memory.
 */
export async function runListBench(settings: BenchSettings): Promise<ListBenchFigures> {
  const listNames = companyNames("Labs");
  const batchNames = companyNames("Works");
  const world = await startEvidenceWorld([
    directorySite("listindex.test", "List Index", listNames),
    directorySite("batchindex.test", "Batch Index", batchNames),
  ]);
  const stack: BenchStack = await startBenchStack({
    workers: WORKERS,
    profile: settings.profile,
    env: {
      ...world.env,
      API_KEYS: `${BENCH_API_KEYS.a},${BENCH_API_KEYS.b},${BATCH_KEY}`,
      FETCH_HOST_DELAY_MS: "0",
      WORKER_CONCURRENCY: String(FLEET_WORKER_CONCURRENCY),
    },
  });
  const memory = sampleResidentPeaks(stack.workers.map((worker) => worker.child.pid!));
  const json = (key: string) => ({ "x-api-key": key, "content-type": "application/json" });
  try {
    const tag = runTag();
    settings.log("list: synchronous calls, idle");
    const idle = await measureSync(world, stack, settings, `${tag}-idle`);

    settings.log(`list: a batch of ${LIST_CANDIDATES} research jobs beside synchronous calls`);
    const batchStarted = performance.now();
    const batchResponse = await fetch(`${stack.origin}/v1/batches`, {
      method: "POST",
      headers: json(BATCH_KEY),
      body: JSON.stringify({
        items: batchNames.map((name, index) => ({
          type: "company",
          ref: `item-${index}`,
          request: { question: `Is ${name} hiring engineers?`, responseType: "BOOL", company: { name } },
        })),
      }),
    });
    if (batchResponse.status !== 202) throw new Error(`POST /v1/batches answered ${batchResponse.status}`);
    const batchId = ((await batchResponse.json()) as { id: string }).id;
    const besideBatch = await measureSync(world, stack, settings, `${tag}-batch`);
    const batch = await waitFor(
      async () =>
        (await (await fetch(`${stack.origin}/v1/batches/${batchId}`, { headers: json(BATCH_KEY) })).json()) as {
          status: string;
          completed?: number;
          failed?: number;
        },
      (status) => status.status !== "queued" && status.status !== "running" && status.status !== "in_progress",
    );
    const batchMs = performance.now() - batchStarted;

    settings.log(`list: a ${LIST_CANDIDATES}-candidate list beside synchronous calls`);
    const listStarted = performance.now();
    const listResponse = await fetch(`${stack.origin}/v1/lists`, {
      method: "POST",
      headers: json(BENCH_API_KEYS.b),
      body: JSON.stringify({
        objective: "member companies of the List Index that are hiring engineers",
        entityType: "company",
        criteria: [{ id: "hiring", description: "is hiring engineers" }],
        limit: LIST_CANDIDATES,
      }),
    });
    if (listResponse.status !== 202) throw new Error(`POST /v1/lists answered ${listResponse.status}`);
    const listId = ((await listResponse.json()) as { id: string }).id;
    const besideList = await measureSync(world, stack, settings, `${tag}-list`);
    const list = await waitFor(
      async () =>
        (await (await fetch(`${stack.origin}/v1/lists/${listId}`, { headers: json(BENCH_API_KEYS.b) })).json()) as {
          finishedAt: string | null;
          stopReason?: string;
          usage: { candidatesEvaluated: number; researchRuns: number };
        },
      (body) => body.finishedAt !== null,
    );
    const listMs = performance.now() - listStarted;
    const peaks = memory.stop();
    return {
      idle,
      besideBatch,
      besideList,
      batchJobs: (batch.completed ?? 0) + (batch.failed ?? 0),
      batchMs,
      listCandidates: list.usage.candidatesEvaluated,
      listRuns: list.usage.researchRuns,
      listMs,
      listStopReason: list.stopReason,
      workerPeakBytes: stack.workers.map((worker) => peaks.get(worker.child.pid!) ?? Number.NaN),
    };
  } finally {
    memory.stop();
    await stack.stop();
    await world.close();
  }
}

/** The list scenario's table: throughput of the list against the batch, synchronous latency, memory. */
export function formatListFigures(figures: ListBenchFigures): string {
  const batchRate = figures.batchJobs / (figures.batchMs / 1000);
  const listRate = figures.listRuns / (figures.listMs / 1000);
  const share = listRate / batchRate;
  const worst = Math.max(...figures.workerPeakBytes);
  const throughput = formatTable(
    ["work (2 workers x 50)", "research jobs", "seconds", "jobs/s", "note"],
    [
      [
        `batch of ${formatNumber(LIST_CANDIDATES, 0)} (key c)`,
        figures.batchJobs,
        figures.batchMs / 1000,
        batchRate,
        "",
      ],
      [
        `list of ${formatNumber(LIST_CANDIDATES, 0)} candidates (key b)`,
        figures.listRuns,
        figures.listMs / 1000,
        listRate,
        `${formatNumber(figures.listCandidates, 0)} candidates evaluated, stop ${figures.listStopReason ?? "?"}; ${formatNumber(share * 100, 0)}% of the batch (target >= 90%: ${share >= 0.9 ? "met" : "MISSED"})`,
      ],
    ],
  );
  const row = (name: string, result: ClosedLoopResult, note: string) => [
    name,
    result.completed,
    result.latency.p50,
    result.latency.p99,
    Object.entries(result.outcomes)
      .map(([status, count]) => `${status}: ${count}`)
      .join(", "),
    note,
  ];
  const ratio = (result: ClosedLoopResult) => result.latency.p99 / figures.idle.latency.p99;
  const latency = formatTable(
    ["synchronous calls (key a, 4 connections)", "calls", "p50 ms", "p99 ms", "statuses", "note"],
    [
      row("idle", figures.idle, ""),
      row("beside the batch", figures.besideBatch, `p99 ${formatNumber(ratio(figures.besideBatch), 2)}x idle`),
      row(
        "beside the list",
        figures.besideList,
        `p99 ${formatNumber(ratio(figures.besideList), 2)}x idle (target <= 1.5x: ${ratio(figures.besideList) <= 1.5 ? "met" : "MISSED"})`,
      ),
    ],
  );
  const memory = `Peak RSS per worker over the scenario: ${figures.workerPeakBytes
    .map((bytes) => `${formatNumber(bytes / 2 ** 20, 0)} MiB`)
    .join(", ")} (target <= 250 MB: ${worst <= 250e6 ? "met" : "MISSED"}).`;
  return `${throughput}\n\n${latency}\n\n${memory}`;
}
