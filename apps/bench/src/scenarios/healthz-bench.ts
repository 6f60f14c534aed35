import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { type RedisServerProcess, startScratchRedisServer, TEST_COMPANY } from "@dossier/testing";
import { summarizeLatencies } from "../load/latency-summary.js";
import { formatNumber, formatTable } from "../report/format-table.js";
import type { BenchSettings } from "./bench-settings.js";
import { type BenchStack, startBenchStack } from "./bench-stack.js";
import type { HealthzPoll, HealthzPollerData } from "./healthz-poller.js";
import { BrokenPremiseError, checkAnswered } from "./premise.js";

/** Items of every batch submitted (issue 22: "a 10,000-item batch submission"). */
export const HEALTHZ_BATCH_ITEMS = 10_000;
/** Issue 22's target: `/healthz` answers within this many ms throughout a submission. */
export const HEALTHZ_TARGET_MS = 100;
/** A poll is sent every this many ms. */
const POLL_INTERVAL_MS = 10;
/** The polls after a submission's answer that still count as its own: work the gateway does after answering. */
const AFTER_MS = 1_000;
/** The window of polls with nothing submitted, read first. */
const IDLE_MS = 5_000;
/** Characters of `context` per item in the largest body: 10,000 items make about 32 MB, the batch body limit. */
const LARGE_CONTEXT_CHARS = 3_000;
/** Each submission is made this many times, one after another, for the spread of one machine. */
export const HEALTHZ_ROUNDS = 3;

/** One window of polls: with nothing submitted, or during one submission. */
export interface HealthzWindow {
  /** As the table names it; the rounds of one submission share it. */
  name: string;
  /** The body's size, in bytes; 0 for the idle window. */
  bodyBytes: number;
  /** What the submission answered; undefined for the idle window. */
  status: number | undefined;
  /** From sending the body to reading the answer, in ms; undefined for the idle window. */
  submissionMs: number | undefined;
  /** Latencies of the polls sent in the window that answered 200, in ms. */
  latencies: number[];
  /** Polls that failed or answered other than 200. */
  failed: number;
}

/** A submission: its body and the status it must answer. */
interface Submission {
  name: string;
  body: (round: number) => string;
  expectedStatus: number;
}

/** A window as it was measured: its bounds (absolute ms) and, for a submission, what it answered. */
interface Mark {
  name: string;
  from: number;
  to: number;
  bodyBytes: number;
  submission?: { expectedStatus: number; status: number; answer: string; ms: number };
}

/**
 * A batch of {@link HEALTHZ_BATCH_ITEMS} valid items, each question its own in `round` (no item is
 * a job an earlier round made), each with `contextChars` characters of context.
 */
function validBatch(contextChars: number, round: number): string {
  const notes = "The caller's notes about the company. ";
  const context = contextChars > 0 ? notes.repeat(Math.ceil(contextChars / notes.length)).slice(0, contextChars) : "";
  const items = Array.from({ length: HEALTHZ_BATCH_ITEMS }, (_, index) => ({
    type: "company",
    ref: `row-${index}`,
    request: {
      question: `Is the company hiring engineers? (round ${round}, row ${index})`,
      responseType: "BOOL",
      company: TEST_COMPANY,
      ...(context ? { context } : {}),
    },
  }));
  return JSON.stringify({ items });
}

/** The cheap batch of issue 22: every item's question empty and its company without a name. */
function invalidBatch(): string {
  const item = { type: "company", request: { question: "", company: {} } };
  return JSON.stringify({ items: Array.from({ length: HEALTHZ_BATCH_ITEMS }, () => item) });
}

/** The polls sent in [from, to) (absolute ms): latencies of those that answered 200, and the count of the others. */
export function pollsIn(
  polls: readonly HealthzPoll[],
  from: number,
  to: number,
): Pick<HealthzWindow, "latencies" | "failed"> {
  const inside = polls.filter((poll) => poll.sentAt >= from && poll.sentAt < to);
  return {
    latencies: inside.filter((poll) => poll.status === 200).map((poll) => poll.answeredAt - poll.sentAt),
    failed: inside.filter((poll) => poll.status !== 200).length,
  };
}

/** Whether windows meet the target: polls were sent, every one answered 200, none later than {@link HEALTHZ_TARGET_MS}. */
export function meetsHealthzTarget(windows: readonly Pick<HealthzWindow, "latencies" | "failed">[]): boolean {
  return windows.every(
    (window) =>
      window.latencies.length > 0 && window.failed === 0 && window.latencies.every((ms) => ms <= HEALTHZ_TARGET_MS),
  );
}

function startPoller(origin: string) {
  const data: HealthzPollerData = { origin, intervalMs: POLL_INTERVAL_MS };
  const thread = new Worker(new URL("./healthz-poller.js", import.meta.url), { workerData: data });
  const polls = new Promise<HealthzPoll[]>((resolve, reject) => {
    thread.once("message", resolve);
    thread.once("error", reject);
    thread.once("exit", (code) => reject(new Error(`the /healthz poller exited (${code}) before reporting`)));
  });
  return {
    async stop(): Promise<HealthzPoll[]> {
      thread.postMessage("stop");
      return await polls;
    },
  };
}

const now = () => performance.timeOrigin + performance.now();

/**
 * `bench healthz`: one gateway (no worker: the submissions are its only work) on a Redis of its
 * own, `/healthz` polled every 10 ms from another thread, while 10,000-item batches are submitted
 * one after another: valid items, valid items with a large context each (about 32 MB, the body
 * limit), and the cheap all-invalid batch of issue 22 (which must be refused with 422). Throws a
 * `BrokenPremiseError` when a submission answers another status than it should.
 */
export async function runHealthzBench(settings: BenchSettings): Promise<HealthzWindow[]> {
  const server: RedisServerProcess = await startScratchRedisServer();
  const port = server.port;
  try {
    const stack = await startBenchStack({
      workers: 0,
      redisUrl: `redis://127.0.0.1:${port}`,
      profile: settings.profile,
      // Six 10,000-item batches of one key within a minute, all open (no worker runs them): the
      // per-key limits would refuse the later ones.
      env: { RATE_LIMIT_BATCH_ITEMS_PER_MINUTE: "0", BATCH_MAX_OPEN: "100", BATCH_MAX_KEPT_ITEMS: "0" },
    });
    try {
      return await measure(settings, stack);
    } finally {
      await stack.stop();
    }
  } finally {
    await server.stop("SIGKILL");
  }
}

async function measure(settings: BenchSettings, stack: BenchStack): Promise<HealthzWindow[]> {
  const submissions: Submission[] = [
    { name: "10,000 valid items", body: (round) => validBatch(0, round), expectedStatus: 202 },
    {
      name: `10,000 valid items, ${formatNumber(LARGE_CONTEXT_CHARS, 0)} characters of context each`,
      body: (round) => validBatch(LARGE_CONTEXT_CHARS, round),
      expectedStatus: 202,
    },
    { name: "10,000 invalid items (empty question, company {})", body: () => invalidBatch(), expectedStatus: 422 },
  ];
  const poller = startPoller(stack.origin);
  const marks: Mark[] = [];
  let polls: HealthzPoll[] = [];
  try {
    // The poller's first connection and the gateway's first answers are not measured.
    await sleep(1_000);
    settings.log(`healthz: ${IDLE_MS / 1000} s with nothing submitted`);
    const idleFrom = now();
    await sleep(IDLE_MS);
    marks.push({ name: "nothing submitted", from: idleFrom, to: now(), bodyBytes: 0 });
    for (let round = 1; round <= HEALTHZ_ROUNDS; round += 1) {
      for (const submission of submissions) {
        settings.log(`healthz: round ${round}: ${submission.name}`);
        // Built before the window opens: the body's making is not the gateway's work.
        const body = submission.body(round);
        await sleep(1_000);
        const from = now();
        const response = await fetch(`${stack.origin}/v1/batches`, {
          method: "POST",
          headers: { ...stack.headers("a"), "content-type": "application/json" },
          body,
        });
        const answer = await response.text();
        const answeredAt = now();
        await sleep(AFTER_MS);
        marks.push({
          name: submission.name,
          from,
          to: answeredAt + AFTER_MS,
          bodyBytes: Buffer.byteLength(body),
          submission: {
            expectedStatus: submission.expectedStatus,
            status: response.status,
            answer,
            ms: answeredAt - from,
          },
        });
      }
    }
  } finally {
    polls = await poller.stop();
  }
  // Polls beside a submission that was refused for another reason (a limit, a full Redis) say nothing of this one.
  for (const mark of marks) {
    if (!mark.submission) continue;
    const check = checkAnswered(mark.submission.expectedStatus, mark.submission.status, mark.submission.answer);
    if (!check.holds) throw new BrokenPremiseError(`healthz: ${mark.name}`, [check]);
  }
  return marks.map((mark) => ({
    name: mark.name,
    bodyBytes: mark.bodyBytes,
    status: mark.submission?.status,
    submissionMs: mark.submission?.ms,
    ...pollsIn(polls, mark.from, mark.to),
  }));
}

const listed = (values: readonly number[]) => values.map((value) => formatNumber(value, 0)).join(", ");

/** The scenario's table (one row per submission, its rounds pooled) and the target line. */
export function formatHealthzFigures(windows: readonly HealthzWindow[]): string {
  const names = [...new Set(windows.map((window) => window.name))];
  const rows = names.map((name) => {
    const rounds = windows.filter((window) => window.name === name);
    const first = rounds[0]!;
    const summary = summarizeLatencies(rounds.flatMap((window) => window.latencies));
    const submitted = first.status !== undefined;
    return [
      name,
      first.bodyBytes > 0 ? formatNumber(first.bodyBytes / 1e6, 2) : "-",
      submitted ? [...new Set(rounds.map((window) => window.status))].join(", ") : "-",
      submitted ? listed(rounds.map((window) => window.submissionMs!)) : "-",
      summary.count,
      summary.p50,
      summary.p99,
      submitted ? listed(rounds.map((window) => Math.max(...window.latencies))) : formatNumber(summary.max, 0),
      rounds.reduce((sum, window) => sum + window.latencies.filter((ms) => ms > HEALTHZ_TARGET_MS).length, 0),
      rounds.reduce((sum, window) => sum + window.failed, 0),
      submitted ? (meetsHealthzTarget(rounds) ? "met" : "MISSED") : "-",
    ];
  });
  const table = formatTable(
    [
      "while",
      "body MB",
      "answer",
      "submission ms, each round",
      "/healthz polls",
      "p50 ms",
      "p99 ms",
      "max ms, each round",
      `polls over ${HEALTHZ_TARGET_MS} ms`,
      "polls failed",
      `target: max <= ${HEALTHZ_TARGET_MS} ms`,
    ],
    rows,
  );
  const submissions = windows.filter((window) => window.status !== undefined);
  const idle = windows.filter((window) => window.status === undefined);
  const idleMax = Math.max(...idle.flatMap((window) => window.latencies));
  const met = submissions.length > 0 && meetsHealthzTarget(submissions);
  const idleNote =
    idleMax > HEALTHZ_TARGET_MS
      ? ` With nothing submitted the slowest poll already took ${formatNumber(idleMax, 0)} ms: the machine, not the submission, sets the floor of this run.`
      : "";
  return [
    `One gateway, no worker, a Redis of its own; GET /healthz every ${POLL_INTERVAL_MS} ms on one connection from another thread. A submission's polls are those sent from its first byte to ${formatNumber(AFTER_MS, 0)} ms after its answer; each submission is made ${HEALTHZ_ROUNDS} times (round after round), with questions of its own each round.`,
    "",
    table,
    "",
    `Target: /healthz answers within ${HEALTHZ_TARGET_MS} ms throughout a 10,000-item batch submission: ${met ? "met" : "MISSED"}.${idleNote}`,
  ].join("\n");
}
