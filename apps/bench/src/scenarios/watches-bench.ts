import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { WatchView } from "@dossier/contract";
import {
  createRedis,
  type RunRecord,
  redisKeys,
  scheduleOffsetMs,
  WATCH_QUEUE,
  WatchSchedule,
  WatchStore,
  waitForRedis,
} from "@dossier/queue";
import {
  deleteKeysWithPrefix,
  type RedisServerProcess,
  type ServiceProcess,
  startProcess,
  startResearchWorld,
  startScratchRedisServer,
} from "@dossier/testing";
import { Queue, QueueEvents } from "bullmq";
import { type LatencySummary, summarizeLatencies } from "../load/latency-summary.js";
import { formatNumber, formatTable } from "../report/format-table.js";
import type { BenchSettings } from "./bench-settings.js";
import { startBenchStack } from "./bench-stack.js";
import { startCpuMeter } from "./process-cpu.js";

/** Targets of issue 21. */
export const WATCHES_TARGETS = {
  /** A watch's run starts at most this long after it falls due, at p99, in ms. */
  p99StartDelayMs: 60_000,
} as const;

/** Watches made, the seed included. */
const WATCHES = 10_000;
/** Their interval: every watch falls due once within the hour. */
const EVERY_SECONDS = 3_600;
/** The sampled window of due times for Dossier's watches, in seconds, unless `--seconds` says otherwise. */
export const DEFAULT_WATCH_WINDOW_SECONDS = 180;
/** The floor's window, a third of Dossier's (at least 60 s). */
const floorWindowSeconds = (windowSeconds: number) => Math.max(60, Math.round(windowSeconds / 3));
/** Runs under way (or queued) after the window ends get this long to start before they count as not started. */
const GRACE_MS = 15_000;
/** Made at once while creating watches. */
const CREATE_CONCURRENCY = 50;

/** What starting scheduled runs cost and how late they started, over one window of due times. */
export interface StartWindow {
  /** The window's length, in seconds. */
  seconds: number;
  /** Runs due in the window, computed from the offsets. */
  due: number;
  /** Of those, the runs that started (by the window's end plus a grace). */
  started: number;
  /** Runs that finished while the window lasted, for the CPU per run. */
  finished: number;
  /** Start (the job's move to active, by Redis's clock) minus due time, in ms. */
  delays: LatencySummary;
  /** CPU ms used over the window, per process role. */
  cpuMs: Record<string, number>;
  /** What the finished jobs returned (`ran`, `busy`, ...), counted. */
  returned: Record<string, number>;
}

export interface WatchesFigures {
  watches: number;
  everySeconds: number;
  /** `used_memory` after making the watches minus before, per watch. */
  redisBytesPerWatch: number;
  /** Watches made per second through the store and the scheduler (one connection pool, 50 at once). */
  madePerSecond: number;
  window: StartWindow;
  /** CPU ms a second one idle worker process spends (heartbeats, BullMQ's polling), measured before the watches were made. */
  idleWorkerCpuMsPerSecond: number;
  /** What the watches whose runs finished (warm-up included) recorded, counted by `lastRun.outcome`. */
  outcomes: Record<string, number>;
  /** The same 10,000 due times on bare BullMQ job schedulers whose jobs return `{}`. */
  floor: { redisBytesPerScheduler: number; window: StartWindow };
}

const memoryUsed = async (redis: ReturnType<typeof createRedis>) =>
  Number(/^used_memory:(\d+)/m.exec(await redis.info("memory"))?.[1]);

const dueOf = (jobId: string) => Number(jobId.slice(jobId.lastIndexOf(":") + 1));

/** The due time of each id's scheduled run inside [start, end), by BullMQ's rule `floor(t / every) * every + offset`. */
export function dueInWindow(ids: readonly string[], start: number, end: number): Map<string, number> {
  const everyMs = EVERY_SECONDS * 1000;
  const due = new Map<string, number>();
  for (const id of ids) {
    let at = Math.floor(start / everyMs) * everyMs + scheduleOffsetMs(id, everyMs);
    if (at < start) at += everyMs;
    if (at < end) due.set(id, at);
  }
  return due;
}

/**
 * Follows a queue's event stream: when each scheduled job became active and when each job
 * finished, by the stream entries' ids (Redis's clock, milliseconds).
 */
async function followQueue(redisUrl: string, prefix: string, queue: string) {
  const url = new URL(redisUrl);
  const events = new QueueEvents(queue, { connection: { host: url.hostname, port: Number(url.port) }, prefix });
  const starts = new Map<string, number>();
  const finishes: Array<{ jobId: string; at: number; returned: string }> = [];
  const timeOf = (id: string) => Number(id.split("-")[0]);
  events.on("active", ({ jobId }, id) => {
    if (jobId.startsWith("repeat:") && !starts.has(jobId)) starts.set(jobId, timeOf(id));
  });
  events.on("completed", ({ jobId, returnvalue }, id) => {
    finishes.push({ jobId, at: timeOf(id), returned: String(returnvalue) });
  });
  await events.waitUntilReady();
  return { starts, finishes, close: () => events.close() };
}

/**
 * Measures one window of due times as it happens, in real time: the runs due in it (from the ids'
 * offsets), when each started, and the CPU of `processes` while the window lasted.
 */
async function measureWindow(
  ids: readonly string[],
  follow: Awaited<ReturnType<typeof followQueue>>,
  processes: Record<string, number[]>,
  windowMs: number,
): Promise<StartWindow> {
  const start = Date.now();
  const end = start + windowMs;
  const due = dueInWindow(ids, start, end);
  const meter = startCpuMeter(processes);
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  const cpuMs = meter.stop();
  const dueJobs = [...due].map(([id, at]) => `repeat:${id}:${at}`);
  const graceEnd = Date.now() + GRACE_MS;
  while (Date.now() < graceEnd && dueJobs.some((jobId) => !follow.starts.has(jobId))) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const delays = dueJobs
    .filter((jobId) => follow.starts.has(jobId))
    .map((jobId) => follow.starts.get(jobId)! - dueOf(jobId));
  const finished = follow.finishes.filter((entry) => entry.at >= start && entry.at < end);
  const returned: Record<string, number> = {};
  for (const entry of finished) returned[entry.returned] = (returned[entry.returned] ?? 0) + 1;
  return {
    seconds: windowMs / 1000,
    due: due.size,
    started: delays.length,
    finished: finished.length,
    delays: summarizeLatencies(delays),
    cpuMs,
    returned,
  };
}

async function started(server: ServiceProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!server.lines.includes("listening")) {
    if (Date.now() > deadline || server.child.exitCode !== null)
      throw new Error(`${server.name} did not start: ${server.lines.join("\n")}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function inChunks(count: number, make: (index: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < count; start += CREATE_CONCURRENCY) {
    await Promise.all(
      Array.from({ length: Math.min(CREATE_CONCURRENCY, count - start) }, (_, offset) => make(start + offset)),
    );
  }
}

/** The floor: 10,000 bare BullMQ job schedulers with the same offsets, and a bare worker whose job returns `{}`. */
async function measureFloor(
  settings: BenchSettings,
  redisUrl: string,
  redisPid: number,
  windowMs: number,
): Promise<WatchesFigures["floor"]> {
  const prefix = `bench-bare-scheduled-${randomBytes(4).toString("hex")}`;
  const url = new URL(redisUrl);
  const connection = { host: url.hostname, port: Number(url.port) };
  const redis = createRedis({ mode: "standalone", url: redisUrl }, "command");
  await waitForRedis(redis);
  const queue = new Queue("bare-scheduled", { connection, prefix });
  const ids = Array.from({ length: WATCHES }, () => `w-${randomBytes(12).toString("base64url")}`);
  const everyMs = EVERY_SECONDS * 1000;
  let worker: ServiceProcess | undefined;
  try {
    settings.log(`watches floor: ${WATCHES} bare BullMQ job schedulers`);
    const before = await memoryUsed(redis);
    await inChunks(WATCHES, async (index) => {
      const id = ids[index]!;
      await queue.upsertJobScheduler(
        id,
        { every: everyMs, offset: scheduleOffsetMs(id, everyMs) },
        { name: "schedule", data: { watchId: id, trigger: "schedule" }, opts: { removeOnComplete: true } },
      );
    });
    const redisBytesPerScheduler = ((await memoryUsed(redis)) - before) / WATCHES;
    const follow = await followQueue(redisUrl, prefix, "bare-scheduled");
    worker = startProcess(
      "bare-scheduled-worker",
      fileURLToPath(new URL("../baselines/bare-scheduled-worker.js", import.meta.url)),
      { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, QUEUE: "bare-scheduled" },
      { keepLines: 200 },
    );
    await started(worker);
    // Runs that fell due while the schedulers were made start late at once: the window opens after them.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    settings.log(`watches floor: measuring ${windowMs / 1000} s of due times`);
    const window = await measureWindow(ids, follow, { worker: [worker.child.pid!], redis: [redisPid] }, windowMs);
    await follow.close();
    return { redisBytesPerScheduler, window };
  } finally {
    if (worker) {
      worker.kill("SIGKILL");
      await worker.exited;
    }
    await queue.close();
    await deleteKeysWithPrefix(redis, prefix).catch(() => {});
    redis.disconnect();
  }
}

/**
 * 10,000 watches due within one hour, on a Redis of the benchmark's own (so that `used_memory` and
 * Redis's CPU are the watches' alone), in real time: a watch made through the API sets the
 * baseline every other watch copies; the others are made with the store and the scheduler the
 * gateway uses (without their first runs, which would be 10,000 research runs at once); then two
 * worker processes serve them and a window of due times is measured as it passes.
 */
export async function runWatchesBench(settings: BenchSettings, windowSeconds: number): Promise<WatchesFigures> {
  const server: RedisServerProcess = await startScratchRedisServer();
  const port = server.port;
  const redisUrl = `redis://127.0.0.1:${port}`;
  const redisPid = server.child.pid!;
  try {
    const floor = await measureFloor(settings, redisUrl, redisPid, floorWindowSeconds(windowSeconds) * 1000);
    const world = await startResearchWorld();
    try {
      return { ...(await measureWatches(settings, redisUrl, redisPid, world.env, windowSeconds * 1000)), floor };
    } finally {
      await world.close();
    }
  } finally {
    await server.stop("SIGKILL");
  }
}

async function measureWatches(
  settings: BenchSettings,
  redisUrl: string,
  redisPid: number,
  worldEnv: Record<string, string>,
  windowMs: number,
): Promise<Omit<WatchesFigures, "floor">> {
  const stack = await startBenchStack({ workers: 1, redisUrl, env: worldEnv });
  const target = { mode: "standalone", url: redisUrl } as const;
  const redis = createRedis(target, "command");
  const queueConnection = createRedis(target, "blocking");
  await Promise.all([waitForRedis(redis), waitForRedis(queueConnection)]);
  const store = new WatchStore({ prefix: stack.prefix, redis, maxPerKey: WATCHES * 2, eventsKept: 200 });
  const schedule = new WatchSchedule({ prefix: stack.prefix, queueConnection });
  try {
    settings.log("watches: one watch through the API, for the baseline the others copy");
    const response = await fetch(`${stack.origin}/v1/watches`, {
      method: "POST",
      headers: { ...stack.headers(), "content-type": "application/json" },
      body: JSON.stringify({
        request: {
          type: "company",
          request: {
            question: "How many employees does the company have?",
            responseType: "NUMBER",
            company: { name: "Northwind Robotics", website: "https://northwind-robotics.test" },
          },
        },
        every: "1h",
      }),
    });
    if (response.status !== 201) throw new Error(`making the seed watch answered ${response.status}`);
    const seed = (await response.json()) as WatchView;
    const deadline = Date.now() + 60_000;
    while ((await store.get(seed.id))?.lastRun?.outcome !== "baseline") {
      if (Date.now() > deadline) throw new Error("the seed watch recorded no baseline");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seedRecord = (await store.get(seed.id))!;
    const seedHash = await redis.hgetall(redisKeys.watch(stack.prefix, seed.id));
    const first = stack.workers[0]!;
    settings.log("watches: the idle worker's CPU, 10 s");
    const idleMeter = startCpuMeter({ worker: [first.child.pid!] });
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const idleWorkerCpuMsPerSecond = idleMeter.stop().worker! / 10;
    // The one worker stops, so that nothing runs while the watches are made and Redis's memory is read.
    first.kill("SIGTERM");
    await first.exited;
    stack.workers.splice(0, 1);

    const seedRun: RunRecord = {
      set: {
        lastRun: seedHash.lastRun!,
        lastAnswer: seedHash.lastAnswer!,
        lastAnswerAt: seedHash.lastAnswerAt!,
        memory: seedHash.memory!,
        failures: "0",
      },
      usage: seedRecord.usage,
    };
    settings.log(`watches: making ${WATCHES - 1} more, each with the seed's baseline`);
    const ids: string[] = [seed.id];
    const before = await memoryUsed(redis);
    const madeFrom = performance.now();
    await inChunks(WATCHES - 1, async () => {
      const created = await store.create({
        keyId: seedRecord.keyId,
        every: "1h",
        everySeconds: EVERY_SECONDS,
        target: seedRecord.target,
        given: seedHash.given ? (JSON.parse(seedHash.given) as Record<string, unknown>) : null,
        callbackUrl: null,
        metadata: null,
      });
      if (created.status !== "created") throw new Error("the store refused a watch");
      const id = created.record.id;
      ids.push(id);
      await schedule.schedule(id, EVERY_SECONDS);
      await store.recordRun(id, seedRecord.lastRunId!, seedRun);
    });
    const madePerSecond = (WATCHES - 1) / ((performance.now() - madeFrom) / 1000);
    const redisBytesPerWatch = ((await memoryUsed(redis)) - before) / (WATCHES - 1);

    const follow = await followQueue(redisUrl, stack.prefix, WATCH_QUEUE);
    settings.log("watches: two workers serve them");
    await stack.startWorker();
    await stack.startWorker();
    // The runs that fell due while the watches were made start late at once: the window opens after them.
    await new Promise((resolve) => setTimeout(resolve, Math.max(settings.warmupMs, 20_000)));
    settings.log(`watches: measuring ${windowMs / 1000} s of due times`);
    const window = await measureWindow(
      ids,
      follow,
      { worker: stack.workers.map((worker) => worker.child.pid!), redis: [redisPid] },
      windowMs,
    );
    await follow.close();
    const outcomes: Record<string, number> = {};
    const ran = follow.finishes.filter((entry) => entry.returned === "ran" && entry.jobId.startsWith("repeat:"));
    for (const entry of ran.slice(0, 2_000)) {
      const watchId = entry.jobId.split(":")[1]!;
      const outcome = (await store.get(watchId))?.lastRun?.outcome ?? "none";
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    return {
      watches: WATCHES,
      everySeconds: EVERY_SECONDS,
      redisBytesPerWatch,
      madePerSecond,
      window,
      idleWorkerCpuMsPerSecond,
      outcomes,
    };
  } finally {
    await schedule.close();
    queueConnection.disconnect();
    redis.disconnect();
    await stack.stop();
  }
}

const perRun = (window: StartWindow, role: string) => (window.cpuMs[role] ?? Number.NaN) / Math.max(1, window.finished);
const delays = (summary: LatencySummary) =>
  `p50 ${formatNumber(summary.p50, 0)}, p90 ${formatNumber(summary.p90, 0)}, p99 ${formatNumber(summary.p99, 0)}, max ${formatNumber(summary.max, 0)}`;
const counted = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(", ") || "-";

export function formatWatchesFigures(figures: WatchesFigures): string {
  const { window, floor } = figures;
  const dueRate = figures.watches / figures.everySeconds;
  const workerShare = (perRun(window, "worker") * dueRate) / 1000;
  const workers = 2;
  const aboveIdle =
    ((window.cpuMs.worker ?? Number.NaN) - figures.idleWorkerCpuMsPerSecond * workers * window.seconds) /
    Math.max(1, window.finished);
  const rows = [
    [
      "Redis memory per watch (used_memory after - before, / count)",
      `${formatNumber(figures.redisBytesPerWatch / 1024, 2)} KiB`,
      `${formatNumber(floor.redisBytesPerScheduler / 1024, 2)} KiB`,
    ],
    ["window of due times measured", `${window.seconds} s`, `${floor.window.seconds} s`],
    [
      "runs due in the window / started",
      `${window.due} / ${window.started}`,
      `${floor.window.due} / ${floor.window.started}`,
    ],
    ["start delay past due, ms", delays(window.delays), delays(floor.window.delays)],
    ["runs finished in the window", `${window.finished} (${counted(window.returned)})`, `${floor.window.finished}`],
    [
      "CPU ms per run: worker processes",
      formatNumber(perRun(window, "worker"), 2),
      formatNumber(perRun(floor.window, "worker"), 2),
    ],
    ["CPU ms per run: worker processes, less what they spend idle", formatNumber(aboveIdle, 2), "-"],
    ["CPU ms per run: Redis", formatNumber(perRun(window, "redis"), 2), formatNumber(perRun(floor.window, "redis"), 2)],
  ];
  const p99 = window.delays.p99;
  return [
    `${formatNumber(figures.watches, 0)} watches every ${figures.everySeconds / 3600} h (${formatNumber(dueRate, 2)} runs due a second), spread by their offsets; ${formatNumber(figures.madePerSecond, 0)} watches made a second through the store and the scheduler.`,
    "",
    formatTable(
      ["", "Dossier watches (2 worker processes)", "floor: bare BullMQ job schedulers, job returns {}"],
      rows,
    ),
    "",
    `Outcomes recorded by the runs that finished (warm-up included): ${counted(figures.outcomes)}. Every watch asks the same question, so after the first run its research is the stored result (a scheduled run accepts one a quarter of the interval old): the CPU per run is the watch's own work (schedule, lock, quota, waiting on the research queue, comparison, record), not research. Real time, not a scaled clock: the window samples the hour as it passes. At this rate the workers spend ${formatNumber(((aboveIdle * dueRate) / 1000) * 100, 1)}% of one core over their idle time (${formatNumber(workerShare * 100, 1)}% with it); an idle worker process spends ${formatNumber(figures.idleWorkerCpuMsPerSecond, 1)} CPU ms a second.`,
    "",
    `Target: p99 start delay <= ${WATCHES_TARGETS.p99StartDelayMs / 1000} s past due: ${formatNumber(p99, 0)} ms, ${p99 <= WATCHES_TARGETS.p99StartDelayMs && window.started === window.due ? "met" : "not met"}.`,
  ].join("\n");
}
