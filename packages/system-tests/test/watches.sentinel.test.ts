import type { WatchView } from "@dossier/contract";
import { WatchSchedule } from "@dossier/queue";
import {
  companyRequest,
  type FakeChatRequest,
  type Harness,
  type RedisSentinelProcesses,
  sentinelRedis,
  startHarness,
  startRedisSentinels,
  statedAnswerResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

/**
 * A watch behind Sentinel when its primary dies right after a write of the watch: the replica that
 * takes over never received the write (its replication is held back, as an asynchronous replica lags
 * behind), so whatever was answered or recorded before the primary died must have been confirmed on
 * the replica first, or made again on the new primary.
 */

let group: RedisSentinelProcesses;
let harness: Harness;

beforeEach(async () => {
  group = await startRedisSentinels({ replicas: 1 });
  harness = await startHarness({
    redis: sentinelRedis(group.sentinels, group.name),
    workers: 2,
    env: {
      // The default lock (30 s) outlasts a failover; the harness's short one would expire during it.
      JOB_LOCK_MS: "15000",
      RATE_LIMIT_CALLS_PER_MINUTE: "0",
    },
  });
  await group.replicasInSync();
}, 120_000);
afterEach(async (context) => {
  // A failure explains itself: what the processes said of watch runs and of Redis, and what the Sentinels did.
  if (context.task.result?.state === "fail" && harness) {
    const lines = harness.stack
      .logLines()
      .filter((line) => /"level":(4|5)0|"msg":"(watch run|research started)"/.test(line));
    process.stdout.write(`${[...lines, ...group.switches()].join("\n")}\n`);
  }
  await harness?.stop();
  await group?.stop();
});

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Resolves once `check` holds; asks again every 20 ms, for at most `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await sleep(20);
  }
}

function call(method: string, path: string): Promise<Response> {
  return fetch(`${harness.stack.baseUrl}${path}`, { method, headers: { "x-api-key": TEST_API_KEY } });
}

function watchBody(question: string) {
  return { request: { type: "company", request: companyRequest(question) }, every: "1d" };
}

/** The watch as the gateway answers it now, null when it has none (404); asked again while Redis fails over (503). */
async function readWatch(id: string): Promise<WatchView | null> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await call("GET", `/v1/watches/${id}`);
    if (response.status === 200) return (await response.json()) as WatchView;
    if (response.status === 404) return null;
    if (response.status !== 503 || attempt >= 300)
      throw new Error(`GET /v1/watches/${id} answered ${response.status}: ${await response.text()}`);
    await sleep(100);
  }
}

/** Waits until the watch is as `done` says. */
async function watchWhen(id: string, done: (watch: WatchView) => boolean, what: string): Promise<WatchView> {
  let watch: WatchView | null = null;
  await until(`watch ${id}: ${what}`, async () => {
    watch = await readWatch(id);
    return watch !== null && done(watch);
  });
  return watch!;
}

/** A connection to the server that is primary now, for what it alone holds. */
async function onPrimary<T>(read: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(await group.primaryPort(), "127.0.0.1", { maxRetriesPerRequest: 1 });
  redis.on("error", () => {});
  try {
    return await read(redis);
  } finally {
    redis.disconnect();
  }
}

/** The watch hashes the primary holds, by id. */
function watchesOnPrimary(): Promise<string[]> {
  const pattern = `${harness.stack.prefix}:watch:w-*`;
  return onPrimary(async (redis) => {
    const keys = await redis.keys(pattern);
    return keys.filter((key) => /:watch:w-[^:]+$/.test(key)).map((key) => key.split(":watch:")[1]!);
  });
}

/** The watch's scheduler on the primary: when its next run is due, or null without one. */
function nextRunOnPrimary(watchId: string): Promise<number | null> {
  return onPrimary(async (redis) => {
    const schedule = new WatchSchedule({ prefix: harness.stack.prefix, queueConnection: redis });
    try {
      return await schedule.nextRunAt(watchId);
    } finally {
      await schedule.close();
    }
  });
}

/** The research calls counted against the test key this month on the primary (its usage ledger). */
function callsOnPrimary(): Promise<number> {
  return onPrimary(async (redis) => {
    const months = await redis.keys(`${harness.stack.prefix}:usage:*:month:*`);
    const counts = await Promise.all(months.map((key) => redis.hget(key, "calls")));
    return counts.reduce((sum, count) => sum + Number(count ?? 0), 0);
  });
}

/**
 * The watch's runs that are queued or under way on the primary: none once its runs are settled
 * (its next scheduled run aside). Asked while Redis fails over, it says "unknown".
 */
async function runsPending(watchId: string): Promise<string[]> {
  try {
    return await onPrimary(async (redis) => {
      const schedule = new WatchSchedule({ prefix: harness.stack.prefix, queueConnection: redis });
      try {
        const jobs = await schedule.queue.getJobs(["active", "waiting", "prioritized", "delayed"]);
        const next = await schedule.nextRunAt(watchId);
        return jobs
          .filter((job) => job?.data.watchId === watchId && job.id !== `repeat:${watchId}:${next}`)
          .map((job) => job.id!);
      } finally {
        await schedule.close();
      }
    });
  } catch {
    return ["unknown"];
  }
}

/** The logged lines of a message about this watch's runs, of every process, in the order they were written. */
function logged(message: string, watchId: string): Array<Record<string, unknown>> {
  return harness.stack
    .logLines()
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === message)
    .filter((line) => line.watchId === watchId || String(line.requestId ?? "").startsWith(`run-${watchId}`))
    .sort((a, b) => Date.parse(String(a.time)) - Date.parse(String(b.time)));
}

/** Runs researched for the watch (their research jobs' starts), by run id. */
const researchedRuns = (watchId: string) => logged("research started", watchId).map((line) => line.requestId);

/** Runs the workers recorded for the watch, by run id. */
const recordedRuns = (watchId: string) => logged("watch run", watchId).map((line) => line.runId);

describe("a watch when the Sentinel primary dies right after one of its writes", () => {
  it("keeps a watch whose creation was answered 201: it exists on the new primary and runs once", async () => {
    const question = "Failover watch: what does the company make? (made)";
    await group.withholdReplication();
    const made = harness.post("/v1/watches", watchBody(question));
    // The watch is written to the primary, which no replica hears any more; the primary dies.
    await until("the watch was written to the primary", async () => (await watchesOnPrimary()).length > 0);
    await group.killPrimary();

    const response = await made;
    // On a failure, the problem and what the processes warned of around it, to tell why.
    const warned = () =>
      harness.stack
        .logLines()
        .filter((line) => line.startsWith("{") && (JSON.parse(line) as { level?: number }).level! >= 40)
        .slice(-10)
        .join("\n");
    expect(response.status, `${await response.clone().text()}\n${warned()}`).toBe(201);
    const watch = (await response.json()) as WatchView;
    expect(await readWatch(watch.id)).not.toBeNull();
    const baseline = await watchWhen(watch.id, (current) => current.lastRun !== null, "its first run recorded");
    expect(baseline.lastRun).toMatchObject({ trigger: "created", outcome: "baseline" });
    expect(baseline.nextRunAt).not.toBeNull();
    await until("the watch's runs settled", async () => (await runsPending(watch.id)).length === 0);

    const settled = (await readWatch(watch.id))!;
    expect(settled.usage.runs).toBe(1);
    expect(await watchesOnPrimary()).toEqual([watch.id]);
    expect(researchedRuns(watch.id)).toEqual([baseline.lastRun!.id]);
    expect(recordedRuns(watch.id)).toEqual([baseline.lastRun!.id]);
  }, 180_000);

  it("records a run whose answer was written just before: once, researched once", async () => {
    const question = "Failover watch: what does the company make? (run)";
    const made = await harness.post("/v1/watches", watchBody(question));
    expect(made.status).toBe(201);
    const watch = (await made.json()) as WatchView;
    const baseline = await watchWhen(watch.id, (current) => current.lastRun !== null, "its first run recorded");
    await until("the watch's first run settled", async () => (await runsPending(watch.id)).length === 0);

    // The run on demand reaches the model, which answers once replication is held back.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const asked = harness.model.requests.length;
    harness.model.setResponder(async (request: FakeChatRequest) => {
      if (request.index >= asked && request.userText.includes(question)) await answered;
      return statedAnswerResponder(request);
    });
    expect((await call("POST", `/v1/watches/${watch.id}/run`)).status).toBe(202);
    await until("the run reached the model", () =>
      harness.model.requests.slice(asked).some((request) => request.userText.includes(question)),
    );
    // Its start is on the replica; what the run writes from now on is on the primary alone, which dies.
    await group.replicasInSync();
    await group.withholdReplication();
    answer();
    const lastRunOnPrimary = () =>
      onPrimary((redis) => redis.hget(`${harness.stack.prefix}:watch:${watch.id}`, "lastRunId"));
    await until("the run was recorded on the primary", async () => {
      const last = await lastRunOnPrimary();
      return last !== null && last !== baseline.lastRun!.id;
    });
    const runId = (await lastRunOnPrimary())!;
    await group.killPrimary();

    const recorded = await watchWhen(watch.id, (current) => current.lastRun?.id === runId, "the run recorded");
    // The run as recorded, with the problem of a failed one: a failure explains itself.
    expect(recorded.lastRun, JSON.stringify(recorded.lastRun)).toMatchObject({
      trigger: "manual",
      outcome: "unchanged",
    });
    // Nothing of the run is left to be taken over and run again.
    await until("the watch's runs settled", async () => (await runsPending(watch.id)).length === 0, 90_000);
    expect((await readWatch(watch.id))!.usage.runs).toBe(2);
    expect(researchedRuns(watch.id)).toEqual([baseline.lastRun!.id, runId]);
    // The worker reports a run once a replica holds its record: on a busy machine that confirmation
    // (on the new primary, which has no replica) may end after the record is visible.
    await until("the worker reported the run", () => recordedRuns(watch.id).includes(runId));
    expect(recordedRuns(watch.id)).toEqual([baseline.lastRun!.id, runId]);
  }, 240_000);

  it("counts a run against the key's quota once when the primary dies right after the charge", async () => {
    const question = "Failover watch: what does the company make? (charged)";
    const made = await harness.post("/v1/watches", watchBody(question));
    expect(made.status).toBe(201);
    const watch = (await made.json()) as WatchView;
    const baseline = await watchWhen(watch.id, (current) => current.lastRun !== null, "its first run recorded");
    await until("the watch's first run settled", async () => (await runsPending(watch.id)).length === 0);
    expect(await callsOnPrimary()).toBe(1);
    await group.replicasInSync();

    // The run on demand, its start and its charge are on the primary alone, which dies.
    await group.withholdReplication();
    expect((await call("POST", `/v1/watches/${watch.id}/run`)).status).toBe(202);
    await until("the run was charged on the primary", async () => (await callsOnPrimary()) === 2);
    await group.killPrimary();

    const recorded = await watchWhen(
      watch.id,
      (current) => current.lastRun !== null && current.lastRun.id !== baseline.lastRun!.id,
      "the run recorded",
    );
    // The run as recorded, with the problem of a failed one: a failure explains itself.
    expect(recorded.lastRun, JSON.stringify(recorded.lastRun)).toMatchObject({
      trigger: "manual",
      outcome: "unchanged",
    });
    expect(recorded.usage.runs).toBe(2);
    // Two runs, two calls counted against the key: the second one made again on the new primary, once.
    expect(await callsOnPrimary()).toBe(2);
  }, 240_000);

  it("keeps a watch deleted (204) deleted: no watch, no schedule, no run on the new primary", async () => {
    const question = "Failover watch: what does the company make? (deleted)";
    const made = await harness.post("/v1/watches", watchBody(question));
    expect(made.status).toBe(201);
    const watch = (await made.json()) as WatchView;
    await watchWhen(watch.id, (current) => current.lastRun !== null, "its first run recorded");
    await until("the watch's first run settled", async () => (await runsPending(watch.id)).length === 0);
    await group.replicasInSync();

    await group.withholdReplication();
    const deleted = call("DELETE", `/v1/watches/${watch.id}`);
    await until("the watch was deleted on the primary", async () => (await watchesOnPrimary()).length === 0);
    await group.killPrimary();

    expect((await deleted).status).toBe(204);
    expect(await readWatch(watch.id)).toBeNull();
    expect(await watchesOnPrimary()).toEqual([]);
    expect(await nextRunOnPrimary(watch.id)).toBeNull();
    expect(await runsPending(watch.id)).toEqual([]);
  }, 180_000);
});
