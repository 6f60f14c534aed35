import type { ListStatus, WatchView } from "@dossier/contract";
import {
  type FakeChatRequest,
  type Harness,
  nordicClimateIndex,
  type RedisSentinelProcesses,
  sentinelRedis,
  startHarness,
  startRedisSentinels,
  statedOrDeniedResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

/**
 * A list behind Sentinel when its primary dies right after a write of the list: the replica that
 * takes over never received the write (its replication is held back, as an asynchronous replica
 * lags behind), so a list answered 202, a cancel or an extension answered 200, and the list a
 * watch's run made, must have been confirmed on the replica first, or made again on the new primary.
 */

let group: RedisSentinelProcesses;
let harness: Harness;

beforeEach(async () => {
  group = await startRedisSentinels({ replicas: 1 });
  harness = await startHarness({
    redis: sentinelRedis(group.sentinels, group.name),
    extraSites: [nordicClimateIndex],
    workers: 2,
    env: {
      // The default lock (30 s) outlasts a failover; the harness's short one would expire during it.
      JOB_LOCK_MS: "15000",
      RATE_LIMIT_CALLS_PER_MINUTE: "0",
      LIST_MAX_OPEN: "10",
    },
  });
  harness.model.setResponder(statedOrDeniedResponder);
  await group.replicasInSync();
}, 120_000);
/** What the processes said of lists and of Redis, and what the Sentinels did: a failure explains itself. */
function failoverStory(): string {
  const lines = harness.stack
    .logLines()
    .filter((line) => /"level":(4|5)0|"msg":"(list finished|list run failed|watch run)"/.test(line));
  return [...lines, ...group.switches()].join("\n");
}

/** A response's status, with its body and the failover's story when it is not the one expected. */
async function expectStatus(response: Response, status: number): Promise<void> {
  if (response.status === status) return;
  expect(response.status, `${await response.clone().text()}\n${failoverStory()}`).toBe(status);
}

afterEach(async (context) => {
  if (context.task.result?.state === "fail" && harness) process.stdout.write(`${failoverStory()}\n`);
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

function call(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${harness.stack.baseUrl}${path}`, {
    method,
    headers: { "x-api-key": TEST_API_KEY, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const CRITERIA = [
  { id: "climate", description: "is a climate startup" },
  { id: "hiring", description: "is hiring engineers" },
];

/** The directory's members: eight candidates, five of them match. */
const MEMBERS = 8;

function listBody(objective: string, limit = 50) {
  return { objective, entityType: "company", criteria: CRITERIA, limit };
}

/** What the gateway answers for a path now; asked again while Redis fails over (503). */
async function readNow(path: string): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await call("GET", path);
    if (response.status !== 503 || attempt >= 300) return response;
    await sleep(100);
  }
}

/** The list as the gateway answers it now, null when it has none (404). */
async function readList(id: string): Promise<ListStatus | null> {
  const response = await readNow(`/v1/lists/${id}`);
  if (response.status === 200) return (await response.json()) as ListStatus;
  if (response.status === 404) return null;
  throw new Error(`GET /v1/lists/${id} answered ${response.status}: ${await response.text()}`);
}

/** Waits until the list is as `done` says. */
async function listWhen(id: string, done: (list: ListStatus) => boolean, what: string): Promise<ListStatus> {
  let list: ListStatus | null = null;
  await until(
    `list ${id}: ${what}`,
    async () => {
      list = await readList(id);
      return list !== null && done(list);
    },
    120_000,
  );
  return list!;
}

const finished = (list: ListStatus) => list.finishedAt !== null;

/** The list's items, in order. */
async function itemsOf(id: string): Promise<Array<{ company?: { name?: string }; status: string }>> {
  const response = await readNow(`/v1/lists/${id}/items?limit=1000`);
  return ((await response.json()) as { items: Array<{ company?: { name?: string }; status: string }> }).items;
}

/** The research calls counted against the key this month, as `GET /v1/usage` says. */
async function callsCounted(): Promise<number> {
  const response = await readNow("/v1/usage");
  expect(response.status).toBe(200);
  return ((await response.json()) as { quota: { calls: number } }).quota.calls;
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

/** The lists the primary holds (hashes with an id), by id, with the fields asked for. */
function listsOnPrimary(...fields: string[]): Promise<Array<{ id: string; fields: Array<string | null> }>> {
  const pattern = `${harness.stack.prefix}:list:l-*`;
  return onPrimary(async (redis) => {
    const keys = (await redis.keys(pattern)).filter((key) => /:list:l-[^:]+$/.test(key));
    const lists = await Promise.all(
      keys.map(async (key) => ({ id: key.split(":list:")[1]!, fields: await redis.hmget(key, "id", ...fields) })),
    );
    return lists
      .filter((list) => list.fields[0] !== null)
      .map((list) => ({ id: list.id, fields: list.fields.slice(1) }));
  });
}

/** A field of one list's hash on the primary. */
function fieldOnPrimary(listId: string, field: string): Promise<string | null> {
  return onPrimary((redis) => redis.hget(`${harness.stack.prefix}:list:${listId}`, field));
}

/** The research jobs started for the list, by job id, from the workers' logs (one entry per start). */
function researchedJobs(listId: string): string[] {
  return harness.stack
    .logLines()
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === "research started" && line.requestId === `list:${listId}`)
    .map((line) => String(line.jobId));
}

/** Holds back the model's answers to the lists' research questions until `release` is called. */
function holdListResearch(): { release(): void; reached(): boolean } {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked = harness.model.requests.length;
  const isListQuestion = (request: FakeChatRequest) =>
    /is hiring engineers|is a climate startup/.test(request.userText);
  harness.model.setResponder(async (request: FakeChatRequest) => {
    if (isListQuestion(request)) await released;
    return statedOrDeniedResponder(request);
  });
  return {
    release,
    reached: () => harness.model.requests.slice(asked).some(isListQuestion),
  };
}

describe("a list when the Sentinel primary dies right after one of its writes", () => {
  it("keeps a list answered 202: it exists on the new primary, is counted once and each candidate is researched once", async () => {
    await group.withholdReplication();
    const made = harness.post("/v1/lists", listBody("climate startups hiring engineers (made)"));
    // The list is written to the primary, which no replica hears any more; the primary dies.
    await until("the list was written to the primary", async () => (await listsOnPrimary()).length > 0);
    await group.killPrimary();

    const response = await made;
    await expectStatus(response, 202);
    const accepted = (await response.json()) as ListStatus;
    expect(await readList(accepted.id)).not.toBeNull();
    const done = await listWhen(accepted.id, finished, "finished");
    expect(done).toMatchObject({ status: "done", stopReason: "candidates_exhausted" });
    expect(done.counts).toMatchObject({ candidates: MEMBERS, matched: 5 });
    const items = await itemsOf(accepted.id);
    expect(items).toHaveLength(MEMBERS);
    expect(new Set(items.map((item) => item.company?.name)).size).toBe(MEMBERS);
    // Each criterion of each candidate researched once, and the list counted once against the key.
    const jobs = researchedJobs(accepted.id);
    expect(jobs).toHaveLength(MEMBERS * CRITERIA.length);
    expect(new Set(jobs).size).toBe(jobs.length);
    expect(await callsCounted()).toBe(1);
    expect((await listsOnPrimary()).map((list) => list.id)).toEqual([accepted.id]);
  }, 240_000);

  it("keeps a list cancelled (200) cancelled: it ends cancelled on the new primary and decides nothing more", async () => {
    const held = holdListResearch();
    const made = await harness.post("/v1/lists", listBody("climate startups hiring engineers (cancelled)"));
    expect(made.status).toBe(202);
    const accepted = (await made.json()) as ListStatus;
    // Its research is on the fleet, waiting for the model: the list is running.
    await until("the list's research reached the model", () => held.reached());
    await group.replicasInSync();

    await group.withholdReplication();
    const cancelled = call("POST", `/v1/lists/${accepted.id}/cancel`, {});
    await until(
      "the list was cancelled on the primary",
      async () => (await fieldOnPrimary(accepted.id, "status")) === "cancelled",
    );
    await group.killPrimary();

    const response = await cancelled;
    await expectStatus(response, 200);
    expect(await response.json()).toMatchObject({ status: "cancelled", stopReason: "cancelled" });
    held.release();
    const after = await listWhen(accepted.id, finished, "finished");
    expect(after).toMatchObject({ status: "cancelled", stopReason: "cancelled" });
    expect(after.counts).toMatchObject({ matched: 0, unmatched: 0, unclear: 0 });
    expect(await itemsOf(accepted.id)).toEqual([]);
  }, 240_000);

  it("keeps a list extended (200): the new primary has its new limit, and it goes on to it", async () => {
    const made = await harness.post("/v1/lists", listBody("climate startups hiring engineers (extended)", 1));
    expect(made.status).toBe(202);
    const accepted = (await made.json()) as ListStatus;
    const stopped = await listWhen(accepted.id, finished, "stopped at its limit");
    expect(stopped).toMatchObject({ status: "done", stopReason: "limit_reached", counts: { matched: 1 } });
    await group.replicasInSync();

    await group.withholdReplication();
    const extended = call("POST", `/v1/lists/${accepted.id}/extend`, { limit: 3 });
    await until(
      "the list was extended on the primary",
      async () => (await fieldOnPrimary(accepted.id, "limit")) === "3",
    );
    await group.killPrimary();

    const response = await extended;
    await expectStatus(response, 200);
    // The answer waits out the failover, in which the list may already have gone on to its new limit.
    const answered = (await response.json()) as ListStatus;
    expect(answered.limit).toBe(3);
    expect(["running", "done"]).toContain(answered.status);
    expect(await readList(accepted.id)).toMatchObject({ limit: 3 });
    const again = await listWhen(accepted.id, (list) => finished(list) && list.limit === 3, "finished again");
    expect(again).toMatchObject({ status: "done", stopReason: "limit_reached", counts: { matched: 3 } });
    const names = (await itemsOf(accepted.id)).map((item) => item.company?.name);
    expect(new Set(names).size).toBe(names.length);
    const jobs = researchedJobs(accepted.id);
    expect(new Set(jobs).size).toBe(jobs.length);
  }, 240_000);

  it("keeps the list a watch's run made just before: the run waits for it and is recorded with it", async () => {
    const made = await harness.post("/v1/lists", listBody("climate startups hiring engineers (watched)"));
    expect(made.status).toBe(202);
    const watched = (await made.json()) as ListStatus;
    await listWhen(watched.id, finished, "finished");
    const created = await call("POST", "/v1/watches", { list: watched.id, every: "1d" });
    await expectStatus(created, 201);
    const watchId = ((await created.json()) as WatchView).id;
    const readWatch = async () => (await (await readNow(`/v1/watches/${watchId}`)).json()) as WatchView;
    await until("the watch's first run recorded", async () => (await readWatch()).lastRun !== null, 120_000);
    const baseline = await readWatch();
    expect(baseline.lastRun).toMatchObject({ outcome: "baseline" });
    await group.replicasInSync();

    // The run on demand, its start and the list it makes are on the primary alone, which dies.
    const listsBefore = new Set((await listsOnPrimary()).map((list) => list.id));
    await group.withholdReplication();
    expect((await call("POST", `/v1/watches/${watchId}/run`)).status).toBe(202);
    let runList = "";
    await until("the run's list was written to the primary", async () => {
      const lists = await listsOnPrimary("watchId");
      runList = lists.find((list) => !listsBefore.has(list.id) && list.fields[0] === watchId)?.id ?? "";
      return runList !== "";
    });
    await group.killPrimary();

    await until(
      "the run recorded",
      async () => {
        const watch = await readWatch();
        return watch.lastRun !== null && watch.lastRun.id !== baseline.lastRun!.id;
      },
      120_000,
    );
    const recorded = await readWatch();
    expect(recorded.lastRun, JSON.stringify(recorded.lastRun)).toMatchObject({
      trigger: "manual",
      outcome: "unchanged",
    });
    expect(recorded.lastList).toMatchObject({ id: runList, status: "done", counts: { matched: 5 } });
    expect(await readList(runList)).toMatchObject({ status: "done" });
    const jobs = researchedJobs(runList);
    expect(new Set(jobs).size).toBe(jobs.length);
  }, 300_000);
});
