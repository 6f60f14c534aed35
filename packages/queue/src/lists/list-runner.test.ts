import { randomBytes } from "node:crypto";
import type { ListVerdict, NormalizedListRequest, ResearchResponse } from "@dossier/contract";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BatchStore } from "../batches/batch-store.js";
import type { FairEntry } from "../batches/fair-feed.js";
import { announceJobEnd } from "../jobs/job-notices.js";
import type { ResearchJobData } from "../jobs/job-payload.js";
import { readStoredResult } from "../jobs/stored-result.js";
import { RESEARCH_QUEUE, redisKeys } from "../names.js";
import { createRedis, type RedisClient } from "../redis-connection.js";
import { type ListPipeline, runList } from "./list-runner.js";
import { type ListCandidate, ListStore } from "./list-store.js";

const KEY = "key-runner";
let redis: RedisClient;
let prefix: string;
let batches: BatchStore;
let queue: Queue<ResearchJobData>;

beforeAll(() => {
  redis = createRedis({ mode: "standalone", url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" }, "blocking");
  prefix = `test-lists-${randomBytes(4).toString("hex")}`;
  batches = new BatchStore({ prefix, redis, ttlSeconds: 600 });
  queue = new Queue(RESEARCH_QUEUE, { connection: redis, prefix });
});
afterAll(async () => {
  await queue.close();
  await batches.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

/** Twelve companies; the even ones meet the criterion. */
const candidates: ListCandidate[] = Array.from({ length: 12 }, (_, index) => ({
  id: `i-${index}`,
  name: `Company ${index}`,
  company: { name: `Company ${index}` },
  foundOn: [{ url: "https://directory.example/", title: "Directory" }],
  cards: [`Company ${index}`],
}));

/** A pipeline whose discovery gives the twelve, whose answers say "true" for the even ones. */
function pipeline(discovered: { count: number }): ListPipeline {
  return {
    deriveCriteria: () => [{ id: "c1", description: "is good" }],
    async discover() {
      discovered.count += 1;
      return { candidates, read: ["https://directory.example/"], unreadPages: [], failedSearches: [] };
    },
    verdictRequest: (candidate, criterion) => ({
      kind: "company",
      body: {
        question: `Is ${candidate.name} ${criterion.description}?`,
        responseType: "BOOL",
        company: candidate.company,
      },
    }),
    enrichmentRequest: (candidate) => ({ kind: "company", body: { question: "What?", company: candidate.company } }),
    judge: (_candidate, criterionId, response): ListVerdict => ({
      criterionId,
      satisfied: response?.answerText === "true" ? "yes" : response?.answerText === "false" ? "no" : "unclear",
      confidence: response?.confidence ?? 0,
      citations: response?.answerText
        ? [{ url: "https://directory.example/", title: null, quote: "q q", publishedAt: null, source: "page" }]
        : [],
    }),
    itemStatus: (verdicts) =>
      verdicts.every((verdict) => verdict.satisfied === "yes")
        ? "matched"
        : verdicts.some((verdict) => verdict.satisfied === "no")
          ? "unmatched"
          : "unclear",
  };
}

/**
 * The fleet, played: takes the key's batch items from its fair-share list as the feeder does (a job
 * whose result is stored is resolved from it), and ends each research job as a worker does (its
 * result stored, then every batch waiting for it resolved). Counts the jobs it researched.
 */
function startFleet(): { researched: string[]; stop: () => void } {
  const researched: string[] = [];
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const raw = await redis.lpop(redisKeys.fairPending(prefix, KEY));
      if (!raw) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      const entry = JSON.parse(raw) as FairEntry;
      // A job no batch waits for any more (its batch was cancelled) is skipped, as the feeder skips it.
      if ((await redis.scard(redisKeys.jobBatches(prefix, entry.jobId))) === 0) continue;
      const stored = await readStoredResult(redis, prefix, entry.jobId);
      if (stored) {
        await batches.resolveJob(entry.jobId, { status: "done", body: stored.body });
        continue;
      }
      researched.push(entry.data.request.question);
      const even = Number(/Company (\d+)/.exec(entry.data.request.question)?.[1]) % 2 === 0;
      const response: Partial<ResearchResponse> = {
        answerText: even ? "true" : "false",
        confidence: 0.8,
        citations: [],
      };
      const body = JSON.stringify(response);
      // A job that ran after its batch was cancelled (the list reached its limit) keeps its result.
      const batchIds = await announceJobEnd(redis, prefix, entry.jobId, { status: "done", body }, 600);
      await batches.resolveJob(entry.jobId, { status: "done", body }, batchIds);
    }
  })();
  return { researched, stop: () => (stopped = true) };
}

function store(maxCandidates = 1_000): ListStore {
  return new ListStore({ prefix, redis, ttlSeconds: 600, maxCandidates });
}

const request = (limit: number): NormalizedListRequest => ({
  objective: "good companies",
  entityType: "company",
  criteria: [],
  limit,
  exclude: [],
  effort: "standard",
});

describe("runList", () => {
  it("stops at its limit, and after an extension goes on without researching any candidate twice", async () => {
    const lists = store();
    const fleet = startFleet();
    const discovered = { count: 0 };
    try {
      const list = await lists.create(KEY, request(2));
      const settings = { lists, batches, queue, pipeline: pipeline(discovered), pollMs: 10 };
      await runList(list.id, settings, new AbortController().signal);
      const stopped = (await lists.get(list.id))!;
      expect(stopped).toMatchObject({ status: "done", stopReason: "limit_reached", counts: { matched: 2 } });
      expect(stopped.criteria).toEqual([{ id: "c1", description: "is good" }]);

      expect(await lists.extend(list.id, 4)).toEqual({ outcome: "restarted", run: 2 });
      await runList(list.id, settings, new AbortController().signal);
      const extended = (await lists.get(list.id))!;
      expect(extended).toMatchObject({ status: "done", stopReason: "limit_reached", counts: { matched: 4 } });
      expect(discovered.count).toBe(1);
      expect(new Set(fleet.researched).size).toBe(fleet.researched.length);
      const { items } = await lists.readItems(list.id, { after: -1, limit: 100 });
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
      expect(items.map((item) => item.index)).toEqual(items.map((_item, index) => index));
      // Its research batches are the service's own: the key neither lists them nor keeps their items.
      expect(await redis.zcard(redisKeys.keyBatches(prefix, KEY))).toBe(0);
      expect(await redis.get(redisKeys.keyKeptItems(prefix, KEY))).toBeNull();
    } finally {
      fleet.stop();
      await lists.close();
    }
  });

  it("stops at its budget when candidates remain", async () => {
    const lists = store(5);
    const fleet = startFleet();
    try {
      const list = await lists.create(KEY, request(50));
      expect(list.usage.maxCandidates).toBe(5);
      await runList(
        list.id,
        { lists, batches, queue, pipeline: pipeline({ count: 0 }), pollMs: 10 },
        new AbortController().signal,
      );
      const done = (await lists.get(list.id))!;
      expect(done).toMatchObject({
        status: "done",
        stopReason: "budget_reached",
        counts: { candidates: 12, matched: 3, unmatched: 2 },
        usage: { candidatesEvaluated: 5, researchRuns: 5 },
      });
    } finally {
      fleet.stop();
      await lists.close();
    }
  });

  it("fails a list that found no candidate while pages or searches failed, naming them, and keeps what it could not read", async () => {
    const lists = store();
    const unreadPages = [
      { url: "https://directory.example/members", code: "FETCH_HTTP_ERROR", status: 503 },
      { url: "https://guild.example/sponsors", code: "FETCH_TIMEOUT" },
    ];
    const failedSearches = [{ query: "good companies directory", code: "SEARCH_PROVIDER_FAILED" }];
    const blind: ListPipeline = {
      ...pipeline({ count: 0 }),
      discover: async () => ({ candidates: [], read: [], unreadPages, failedSearches }),
    };
    try {
      const list = await lists.create("key-runner-blind", request(5));
      await runList(list.id, { lists, batches, queue, pipeline: blind, pollMs: 10 }, new AbortController().signal);
      const failed = (await lists.get(list.id))!;
      expect(failed).toMatchObject({
        status: "failed",
        counts: { candidates: 0 },
        problem: {
          code: "RESEARCH_FAILED",
          detail:
            "The list found no candidate: its discovery could not read https://directory.example/members (503), " +
            "https://guild.example/sponsors (FETCH_TIMEOUT) and 1 of its searches failed (SEARCH_PROVIDER_FAILED). " +
            "What they list is unknown, not absent; try again later.",
        },
        discovery: { unreadPages, failedSearches },
      });
      expect(failed.stopReason).toBeUndefined();
      expect(failed.finishedAt).not.toBeNull();
    } finally {
      await lists.close();
    }
  });

  it("ends a list that found no candidate and read everything it tried as done: nothing there matches", async () => {
    const lists = store();
    const empty: ListPipeline = {
      ...pipeline({ count: 0 }),
      discover: async () => ({
        candidates: [],
        read: ["https://directory.example/"],
        unreadPages: [],
        failedSearches: [],
      }),
    };
    try {
      const list = await lists.create("key-runner-empty", request(5));
      await runList(list.id, { lists, batches, queue, pipeline: empty, pollMs: 10 }, new AbortController().signal);
      expect(await lists.get(list.id)).toMatchObject({
        status: "done",
        stopReason: "candidates_exhausted",
        counts: { candidates: 0 },
      });
    } finally {
      await lists.close();
    }
  });

  it("finishes a list cancelled while it waits for its research, keeping the items it had", async () => {
    const lists = store();
    // Another key: the results the tests above stored would answer this list's research at once.
    const list = await lists.create("key-runner-cancel", request(50));
    const running = runList(
      list.id,
      { lists, batches, queue, pipeline: pipeline({ count: 0 }), pollMs: 10 },
      new AbortController().signal,
    );
    // No fleet: the research waits until the list is cancelled.
    while (((await lists.get(list.id))?.submitted ?? 0) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await lists.cancel(list.id)).toBe(true);
    await running;
    const cancelled = (await lists.get(list.id))!;
    expect(cancelled).toMatchObject({ status: "cancelled", stopReason: "cancelled", counts: { matched: 0 } });
    expect(cancelled.finishedAt).not.toBeNull();
    expect(await lists.extend(list.id, 60)).toEqual({ outcome: "final" });
    await lists.close();
  });
});
