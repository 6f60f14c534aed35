import { freePort, hasRedisServer, redisCommand, startRedisServer } from "@dossier/testing";
import { describe, expect, it } from "vitest";
import {
  type BatchOutcome,
  countsGrown,
  countWorkerLine,
  formatRedisFullFigures,
  infoNumber,
  modelCallsByMarker,
  oomRefusals,
  type RedisFullFigures,
  type RedisSample,
  redisFullMisses,
  refusedByCommand,
  runsText,
  type SyncOutcome,
  summarizeFullness,
  syncOutcomeKind,
} from "./redis-full-bench.js";

describe.skipIf(!(await hasRedisServer()))("reading a full Redis's INFO", () => {
  it("counts the writes a Redis at maxmemory refused, and reads its memory fields", async () => {
    const port = await freePort();
    const server = await startRedisServer(port, ["--port", String(port), "--bind", "127.0.0.1", "--save", ""]);
    try {
      const info = async () => String(await redisCommand(port, "INFO", "memory", "errorstats"));
      expect(oomRefusals(await info())).toBe(0);
      await redisCommand(port, "CONFIG", "SET", "maxmemory-policy", "noeviction");
      await redisCommand(port, "CONFIG", "SET", "maxmemory", 1);
      for (let index = 0; index < 3; index += 1)
        await expect(redisCommand(port, "SET", `key-${index}`, "value")).rejects.toThrow(/^OOM /);
      const full = await info();
      expect(oomRefusals(full)).toBe(3);
      expect(infoNumber(full, "maxmemory")).toBe(1);
      expect(infoNumber(full, "used_memory")).toBeGreaterThan(1);
      expect(infoNumber(full, "no_such_field")).toBeNaN();
      const commands = refusedByCommand(String(await redisCommand(port, "INFO", "commandstats")));
      expect(commands.set).toBe(3);
      expect(countsGrown({ set: 1, get: 4 }, commands)).toMatchObject({ set: 2 });
    } finally {
      await server.stop("SIGKILL");
    }
  });
});

describe("summarizeFullness", () => {
  const sample = (at: number, refusals: number, usedMemory = 1_000, maxMemory = 2_000): RedisSample => ({
    at,
    usedMemory,
    maxMemory,
    refusals,
  });

  it("times the refusals from when the limit was set, counting only the intervals in which Redis refused", () => {
    const samples = [
      sample(0, 0, 900, 0),
      sample(250, 0, 950, 0),
      sample(500, 0, 1_990),
      sample(750, 4, 2_010),
      sample(1_000, 9, 2_020),
      sample(1_250, 9, 1_990),
      sample(1_500, 12, 2_005),
      sample(1_750, 12, 2_300, 0),
    ];
    expect(summarizeFullness(samples, 400)).toEqual({
      refusals: 12,
      firstRefusalMs: 350,
      lastRefusalMs: 1_100,
      refusingMs: 750,
      peakUsedBytes: 2_020,
    });
  });

  it("reports no refusal when Redis refused none", () => {
    expect(summarizeFullness([sample(0, 2), sample(250, 2)], 0)).toMatchObject({
      refusals: 0,
      firstRefusalMs: undefined,
      refusingMs: 0,
    });
  });
});

describe("syncOutcomeKind", () => {
  it("allows a 200 and a 503 that says when to retry, and nothing else", () => {
    expect(syncOutcomeKind({ status: 200, retryAfter: null })).toBe("200");
    expect(syncOutcomeKind({ status: 503, retryAfter: "5" })).toBe("503 retryable");
    expect(syncOutcomeKind({ status: 503, retryAfter: null })).toBe("other");
    expect(syncOutcomeKind({ status: 503, retryAfter: "soon" })).toBe("other");
    expect(syncOutcomeKind({ status: 500, retryAfter: "5" })).toBe("other");
    expect(syncOutcomeKind({ status: 0, retryAfter: null })).toBe("other");
  });
});

describe("modelCallsByMarker and runsText", () => {
  it("counts the model's requests per question marker, ignoring those without one", () => {
    const calls = modelCallsByMarker([
      { userText: "Question: Is the company SOC 2 Type II certified? (item a-7)\n<passage>...</passage>" },
      { userText: "Question: Is the company SOC 2 Type II certified? (item a-7)" },
      { userText: "Question: Is the company SOC 2 Type II certified? (item b-17)" },
      { userText: "Question: Is the company SOC 2 Type II certified? (sync 3)" },
      { userText: "Question: Is the company SOC 2 Type II certified? (control)" },
      { userText: "Question: something else (item c-1)" },
    ]);
    expect([...calls]).toEqual([
      ["(item a-7)", 2],
      ["(item b-17)", 1],
      ["(sync 3)", 1],
      ["(control)", 1],
    ]);
  });

  it("names an item's model calls as runs", () => {
    expect(runsText(2, 2)).toBe("1 run");
    expect(runsText(4, 2)).toBe("2 runs");
    expect(runsText(0, 2)).toBe("0 runs");
    expect(runsText(3, 2)).toBe("1.5 runs");
  });
});

describe("countWorkerLine", () => {
  it("counts kept outcomes and unexpected errors from the worker's JSON log lines", () => {
    const counts = { outcomesKept: 0, unexpectedErrors: 0 };
    for (const line of [
      '{"level":40,"jobId":"r-1","msg":"outcome kept: Redis is full; holding the job and writing its outcome again until Redis has room"}',
      '{"level":40,"msg":"cache write refused: Redis is full; pages and searches are not cached until it has room"}',
      '{"level":50,"jobId":"r-2","msg":"unexpected research error"}',
      '{"level":40,"jobId":"r-3","msg":"outcome kept: Redis is full; holding the job and writing its outcome again until Redis has room"}',
    ])
      countWorkerLine(counts, line);
    expect(counts).toEqual({ outcomesKept: 2, unexpectedErrors: 1 });
  });
});

const batch = (key: "a" | "b", overrides: Partial<BatchOutcome> = {}): BatchOutcome => ({
  key,
  total: 1_500,
  completed: 1_500,
  failed: 0,
  cancelled: 0,
  lost: 0,
  statuses: { "200": 1_500 },
  failureCodes: {},
  ranMs: 127_300,
  finished: true,
  ...overrides,
});

const call = (status: number, retryAfter: string | null, extra: Partial<SyncOutcome> = {}): SyncOutcome => ({
  marker: "(sync 0)",
  status,
  retryAfter,
  code: status === 200 ? undefined : "QUEUE_UNAVAILABLE",
  saysFull: status === 503,
  namesJob: false,
  ...extra,
});

function figures(overrides: Partial<RedisFullFigures> = {}): RedisFullFigures {
  return {
    batches: [batch("a"), batch("b")],
    callsPerRun: 1,
    runsPerItem: { "1 run": 3_000 },
    itemsResearchedTwice: 0,
    sync: [call(200, null), call(503, "5"), call(503, "5", { namesJob: true })],
    syncResearchedTwice: 0,
    limitBytes: 11_764_384,
    usedAtLimitBytes: 11_240_096,
    finishedAtLimit: 313,
    refusedCommands: { set: 711, evalsha: 662, xadd: 102 },
    fullness: {
      refusals: 1_567,
      firstRefusalMs: 900,
      lastRefusalMs: 20_900,
      refusingMs: 19_900,
      peakUsedBytes: 11_935_000,
    },
    raisedAfterMs: 20_900,
    drainMs: 91_900,
    workerLog: { outcomesKept: 38, unexpectedErrors: 0 },
    ...overrides,
  };
}

describe("formatRedisFullFigures", () => {
  it("prints the batches, the synchronous calls by kind, how long Redis was full, and the target met", () => {
    const text = formatRedisFullFigures(figures());
    expect(text).toContain("| key a | 1,500 |      1,500 |      0 |         0 |                     0 | 200: 1,500");
    expect(text).toContain(
      "first write refused 0.9 s after the limit was set, the last 20.9 s after; 1,567 writes refused",
    );
    expect(text).toMatch(/\|\s+3 \|\s+1 \|\s+2 \|\s+2 \|\s+1 \|\s+0 \|/);
    expect(text).toContain("0 items, 0 synchronous calls. Items by runs of model calls: 1 run: 3,000.");
    expect(text).toContain("The workers kept 38 answers that Redis refused");
    expect(text.split("\n").at(-1)).toBe(
      "Target: 0 items failed, 0 lost, 0 researched twice, every synchronous call 200 or a retryable 503: met.",
    );
  });

  it("says MISSED and names each miss: failed, lost and twice-researched items, and calls answered otherwise", () => {
    const missed = figures({
      batches: [
        batch("a", {
          completed: 1_476,
          failed: 24,
          statuses: { "200": 1_476, "500": 24 },
          failureCodes: { RESEARCH_FAILED: 24 },
        }),
        batch("b", { completed: 1_497, lost: 3, finished: false }),
      ],
      itemsResearchedTwice: 2,
      runsPerItem: { "1 run": 2_971, "2 runs": 2, "0 runs": 27 },
      sync: [call(200, null), call(503, null), call(504, null, { code: "RESEARCH_TIMEOUT" })],
    });
    expect(redisFullMisses(missed)).toEqual([
      "24 items failed",
      "3 items lost",
      "2 items researched twice",
      "2 synchronous calls answered neither 200 nor a retryable 503",
    ]);
    const text = formatRedisFullFigures(missed);
    expect(text).toContain("200: 1,476, 500: 24 (RESEARCH_FAILED: 24)");
    expect(text).toContain("(given up)");
    expect(text).toContain("2 (503 QUEUE_UNAVAILABLE: 1, 504 RESEARCH_TIMEOUT: 1)");
    expect(text).toContain("Items by runs of model calls: 0 runs: 27, 1 run: 2,971, 2 runs: 2.");
    expect(text.split("\n").at(-1)).toBe(
      "Target: 0 items failed, 0 lost, 0 researched twice, every synchronous call 200 or a retryable 503: MISSED (24 items failed; 3 items lost; 2 items researched twice; 2 synchronous calls answered neither 200 nor a retryable 503).",
    );
  });
});
