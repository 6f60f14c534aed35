import type { BatchStatus } from "@dossier/contract";
import { RESEARCH_QUEUE, redisKeys } from "@dossier/queue";
import {
  batchBodyOf,
  companyRequest,
  type Harness,
  type RedisSentinelProcesses,
  resultLinesOf,
  sentinelRedis,
  startHarness,
  startRedisSentinels,
  TEST_API_KEY,
} from "@dossier/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** How long a synchronous call may wait for its job here, in milliseconds. */
const RESEARCH_TIMEOUT_MS = 20_000;
/** How much later than RESEARCH_TIMEOUT_MS a caller gives up on an answer: a hang, not a busy machine. */
const HANG_MS = 10_000;
const ITEMS = 200;

let group: RedisSentinelProcesses;
let harness: Harness;

beforeAll(async () => {
  group = await startRedisSentinels({ replicas: 1 });
  harness = await startHarness({
    redis: sentinelRedis(group.sentinels, group.name),
    workers: 2,
    modelLatencyMs: 150,
    env: {
      RESEARCH_TIMEOUT_MS: String(RESEARCH_TIMEOUT_MS),
      // The default lock (30 s) outlasts a failover; the harness's short one would expire during it.
      JOB_LOCK_MS: "15000",
      WORKER_CONCURRENCY: "8",
      RATE_LIMIT_CALLS_PER_MINUTE: "0",
      BATCH_FEED_AHEAD: "20",
      RETRY_BACKOFF_MS: "200",
      // The feeder's debug lines name the jobs it queued: a lost item's report shows who queued it, and when.
      LOG_LEVEL: "debug",
    },
  });
}, 120_000);
afterAll(async () => {
  await harness?.stop();
  await group?.stop();
});

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** One synchronous call as its caller saw it. */
interface SyncCall {
  question: string;
  sentAt: number;
  endedAt: number;
  /** HTTP status, or 0 when no answer came within RESEARCH_TIMEOUT_MS plus HANG_MS. */
  status: number;
  retryAfter: string | null;
  code?: string;
  /** The job handle a 503 or 504 problem names. */
  jobId?: string;
  /** The job handle the gateway answered with (`X-Job-Id`). */
  handle: string | null;
}

/** Synchronous callers in a loop, each with questions of its own, until stopped. */
function startSyncTraffic(callers: number): { calls: SyncCall[]; stop(): Promise<void> } {
  const calls: SyncCall[] = [];
  let running = true;
  const loops = Array.from({ length: callers }, async (_, caller) => {
    for (let index = 0; running; index += 1) {
      const question = `Failover sync ${caller}-${index}: hiring?`;
      const call: SyncCall = { question, sentAt: Date.now(), endedAt: 0, status: 0, retryAfter: null, handle: null };
      try {
        const response = await fetch(`${harness.stack.baseUrl}/v1/research/company`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": TEST_API_KEY },
          body: JSON.stringify(companyRequest(question)),
          signal: AbortSignal.timeout(RESEARCH_TIMEOUT_MS + HANG_MS),
        });
        call.status = response.status;
        call.retryAfter = response.headers.get("retry-after");
        call.handle = response.headers.get("x-job-id");
        const body = (await response.json()) as { code?: string; jobId?: string };
        if (response.status !== 200 && body.code) call.code = body.code;
        if (response.status !== 200 && body.jobId) call.jobId = body.jobId;
      } catch {
        // No answer in time: status 0.
      }
      call.endedAt = Date.now();
      calls.push(call);
      if (call.status !== 200) await sleep(100);
    }
  });
  return {
    calls,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function batchStatus(location: string): Promise<BatchStatus> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${harness.stack.baseUrl}${location}`, { headers: { "x-api-key": TEST_API_KEY } });
    if (response.status === 200) return batchBodyOf(response);
    // The gateway answers 503 while Redis fails over; ask again.
    if (response.status !== 503 || Date.now() > deadline)
      throw new Error(`GET ${location} answered ${response.status}: ${await response.text()}`);
    await sleep(200);
  }
}

async function waitForProgress(location: string, finished: number, timeoutMs = 120_000): Promise<BatchStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await batchStatus(location);
    if (status.completed + status.failed >= finished || status.status === "done") return status;
    if (Date.now() > deadline) {
      process.stdout.write(await stallReport(location));
      throw new Error(`the batch stopped at ${status.completed + status.failed} items`);
    }
    await sleep(200);
  }
}

/**
 * Where each job a stalled batch still waits for is, on the primary: its BullMQ state, lock and
 * stored result, the batches it is registered for, whether the feeder still holds it; then what the
 * processes logged about it. For a failure to explain itself.
 */
async function stallReport(location: string): Promise<string> {
  const batchId = location.split("/").pop()!;
  const prefix = harness.stack.prefix;
  const redis = new Redis(await group.primaryPort(), "127.0.0.1");
  try {
    const pending = await redis.hgetall(redisKeys.batchPending(prefix, batchId));
    const queued = `${prefix}:${RESEARCH_QUEUE}`;
    const feeding = await redis.lrange(redisKeys.fairFeeding(prefix), 0, -1);
    const pendingLists = await redis.keys(redisKeys.fairPending(prefix, "*"));
    const fairEntries = (await Promise.all(pendingLists.map((key) => redis.lrange(key, 0, -1)))).flat();
    const lines: string[] = [`stalled batch ${batchId}: ${Object.keys(pending).length} jobs pending`];
    for (const jobId of Object.keys(pending)) {
      const [wait, active, prioritized, delayed, completed, failed] = await Promise.all([
        redis.lpos(`${queued}:wait`, jobId),
        redis.lpos(`${queued}:active`, jobId),
        redis.zscore(`${queued}:prioritized`, jobId),
        redis.zscore(`${queued}:delayed`, jobId),
        redis.zscore(`${queued}:completed`, jobId),
        redis.zscore(`${queued}:failed`, jobId),
      ]);
      const state = { wait, active, prioritized, delayed, completed, failed };
      const job = await redis.hgetall(redisKeys.researchJob(prefix, jobId));
      lines.push(
        JSON.stringify({
          jobId,
          state: Object.fromEntries(Object.entries(state).filter(([, value]) => value !== null)),
          job: Object.fromEntries(Object.entries(job).filter(([field]) => field !== "data" && field !== "opts")),
          lock: await redis.get(redisKeys.researchJobLock(prefix, jobId)),
          result: (await redis.exists(redisKeys.result(prefix, jobId))) === 1,
          batches: await redis.smembers(redisKeys.jobBatches(prefix, jobId)),
          feeding: feeding.some((entry) => entry.includes(jobId)),
          fairPending: fairEntries.some((entry) => entry.includes(jobId)),
        }),
      );
      lines.push(...harness.stack.logLines().filter((line) => line.includes(jobId)));
    }
    // What went wrong around it: the processes' warnings and the Sentinels' switches.
    lines.push(...harness.stack.logLines().filter((line) => /"level":(4|5)0/.test(line)));
    // Why writes without a replica's acknowledgement counted as held, or were made again.
    lines.push(
      ...harness.stack.logLines().filter((line) => line.includes("without a replica's acknowledgement at once")),
    );
    lines.push(...group.switches());
    return `${lines.join("\n")}\n`;
  } finally {
    redis.disconnect();
  }
}

/** The result of a job that a synchronous call timed out on, once the job is done. */
async function resultOfJob(handle: string, timeoutMs = 120_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${harness.stack.baseUrl}/v1/jobs/${handle}`, {
      headers: { "x-api-key": TEST_API_KEY },
    });
    const body = response.status === 200 ? ((await response.json()) as { status: string; result?: unknown }) : null;
    if (body?.status === "done") return body.result;
    if ((body !== null && body.status !== "queued" && body.status !== "running") || Date.now() > deadline)
      throw new Error(`GET /v1/jobs/${handle} answered ${response.status}: ${JSON.stringify(body)}`);
    await sleep(200);
  }
}

/** Milliseconds from `since` to the end of the first 200 of a call sent after it. */
function recovery(calls: SyncCall[], since: number): number | undefined {
  const first = calls
    .filter((call) => call.sentAt >= since && call.status === 200)
    .sort((a, b) => a.endedAt - b.endedAt)[0];
  return first && first.endedAt - since;
}

describe("a Sentinel failover in the middle of a batch and synchronous traffic", () => {
  it("loses no item, does none twice, answers every call (200, 503, or 504 with a job that ends), and recovers without a restart", async () => {
    const questions = Array.from({ length: ITEMS }, (_, index) => `Failover item ${index}: SOC 2?`);
    const accepted = await harness.post("/v1/batches", {
      items: questions.map((question, index) => ({
        type: "company",
        ref: `row-${index}`,
        request: companyRequest(question),
      })),
    });
    expect(accepted.status).toBe(202);
    const location = accepted.headers.get("location")!;
    const traffic = startSyncTraffic(4);
    const processes = [harness.stack.gateway, ...harness.stack.workers];

    await waitForProgress(location, 40);
    const failoverAt = Date.now();
    await group.failover();
    await waitForProgress(location, 110);
    // A second failure once the replica has caught up with the new primary, as a later crash would find it.
    await group.replicasInSync();
    const killedAt = Date.now();
    await group.killPrimary();
    const done = await waitForProgress(location, ITEMS, 120_000);
    // Synchronous calls go on until one sent after the kill has been answered.
    const answeredBy = Date.now() + 60_000;
    while (recovery(traffic.calls, killedAt) === undefined && Date.now() < answeredBy) await sleep(100);
    await traffic.stop();

    const afterFailover = recovery(traffic.calls, failoverAt);
    const afterKill = recovery(traffic.calls, killedAt);
    const statuses = traffic.calls.reduce<Record<string, number>>((counts, call) => {
      const key = call.code ? `${call.status} ${call.code}` : String(call.status);
      counts[key] = (counts[key] ?? 0) + 1;
      return counts;
    }, {});
    process.stdout.write(
      `Sentinel failover: first 200 ${afterFailover} ms after SENTINEL FAILOVER, ${afterKill} ms after SIGKILL of the primary; ` +
        `synchronous calls ${JSON.stringify(statuses)}\n`,
    );

    const researchedTimes = (question: string) =>
      harness.model.requests.filter((request) => request.userText.includes(question)).length;
    const twice = traffic.calls.filter((call) => call.status === 200 && researchedTimes(call.question) !== 1);
    // Jobs whose research started more than once (batch items as well as calls), by the workers' logs.
    const startedTwice = [
      ...harness.stack
        .logLines()
        .map((line) => (/"msg":"research started"/.test(line) ? /"jobId":"([^"]+)"/.exec(line)?.[1] : undefined))
        .filter((jobId): jobId is string => jobId !== undefined)
        .reduce((counts, jobId) => counts.set(jobId, (counts.get(jobId) ?? 0) + 1), new Map<string, number>()),
    ]
      .filter(([, times]) => times > 1)
      .map(([jobId]) => jobId);
    if (twice.length > 0 || startedTwice.length > 0) {
      // What the processes and the Sentinels logged about it, for the failure to explain itself.
      const handles = [...twice.map((call) => call.handle ?? "?"), ...startedTwice];
      const lines = harness.stack.logLines().filter((line) => handles.some((handle) => line.includes(handle)));
      const sentinelLines = group.switches();
      process.stdout.write(
        `Researched other than once: ${JSON.stringify(twice.map((call) => ({ ...call, times: researchedTimes(call.question), sentAt: new Date(call.sentAt).toISOString(), endedAt: new Date(call.endedAt).toISOString() })))}\n` +
          `failover at ${new Date(failoverAt).toISOString()}, kill at ${new Date(killedAt).toISOString()}\n${lines.join("\n")}\n${sentinelLines.join("\n")}\n`,
      );
    }

    // Every item has exactly one outcome, and each was researched once.
    expect(done).toMatchObject({ status: "done", total: ITEMS, completed: ITEMS, failed: 0 });
    const lines = await resultLinesOf(
      await fetch(`${harness.stack.baseUrl}${location}/results`, { headers: { "x-api-key": TEST_API_KEY } }),
    );
    expect(lines.map((line) => line.index)).toEqual(questions.map((_, index) => index));
    expect(lines.every((line) => line.status === 200 && line.result)).toBe(true);
    expect(questions.filter((question) => researchedTimes(question) !== 1)).toEqual([]);

    // Synchronous callers saw 200, a 503 with Retry-After, or (research slower than
    // RESEARCH_TIMEOUT_MS on a busy machine) a 504 with Retry-After and the job, which goes on and
    // ends with the answer; none was left without an answer.
    expect(traffic.calls.filter((call) => ![200, 503, 504].includes(call.status))).toEqual([]);
    expect(traffic.calls.filter((call) => call.status !== 200 && !/^\d+$/.test(call.retryAfter ?? ""))).toEqual([]);
    const answered = traffic.calls.filter((call) => call.status === 200);
    expect(answered.filter((call) => researchedTimes(call.question) !== 1)).toEqual([]);
    const timedOut = traffic.calls.filter((call) => call.status === 504);
    expect(timedOut.filter((call) => call.code !== "RESEARCH_TIMEOUT" || !call.jobId)).toEqual([]);
    for (const call of timedOut) expect(await resultOfJob(call.jobId!)).toHaveProperty("confidence");
    expect(timedOut.filter((call) => researchedTimes(call.question) !== 1)).toEqual([]);
    expect(afterFailover).toBeDefined();
    expect(afterKill).toBeDefined();

    // The same processes carried on: nothing was restarted.
    for (const process of processes) expect(process.child.exitCode).toBeNull();
  }, 300_000);
});
