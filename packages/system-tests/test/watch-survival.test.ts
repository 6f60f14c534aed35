import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { WatchEventList, WatchView } from "@dossier/contract";
import { WATCH_CALLBACK_QUEUE, type WatchCallbackBody, WatchSchedule, WatchStore } from "@dossier/queue";
import {
  type ChangingSite,
  type ChangingSiteStack,
  type FakeChatRequest,
  type FakeChatResponder,
  parsePromptPassages,
  type ResearchWorld,
  type Stack,
  startChangingSiteStack,
  statedAnswerResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A watch outlives the processes that serve it: a worker killed in the middle of a run, and a
 * gateway that crashes and is started again. (A Redis failover behind Sentinel: watches.sentinel.test.ts.)
 */

const WEBSITE = "http://survivor-co.test";
const HOOKS_HOST = "hooks.survivor-co.test";
const HEADCOUNT = /\b(\d[\d,]*) people\b/;

const aboutPage = (headcount: number) =>
  [
    "Survivor Co was founded in 2012 in Leeds and makes software for allotment societies.",
    `Today Survivor Co employs ${headcount} people.`,
  ]
    .map((text) => `<p>${text}</p>`)
    .join("\n");

let changing: ChangingSiteStack | undefined;
let world: ResearchWorld;
let site: ChangingSite;
let stack: Stack;
/** The gateway the test talks to: the first one, then the one started after it crashed. */
let baseUrl: string;
let receiver: Server;
const deliveries: WatchCallbackBody[] = [];
/** A question whose model calls wait until `answer` is called: a run held in the middle of its research. */
let held: { question: string; answered: Promise<void>; answer: () => void } | null = null;

/** The head count with the sentence that states it, for the questions about it; otherwise the stated answer. */
const responder: FakeChatResponder = async (request: FakeChatRequest) => {
  const prompt = request.messages.map((message) => message.content).join("\n");
  if (held && prompt.includes(held.question)) await held.answered;
  const reply = await statedAnswerResponder(request);
  if (reply.kind !== "json" || !/How many people/.test(prompt)) return reply;
  for (const passage of parsePromptPassages(prompt)) {
    const sentence = passage.text.split(/(?<=[.!?])\s+/).find((candidate) => HEADCOUNT.test(candidate));
    if (!sentence) continue;
    const count = Number(HEADCOUNT.exec(sentence)![1]!.replace(/,/g, ""));
    return {
      kind: "json",
      value: {
        ...(reply.value as Record<string, unknown>),
        answer: count,
        citations: [{ passage: passage.id, quote: sentence }],
        confidence: 0.9,
      },
    };
  }
  return reply;
};

beforeAll(async () => {
  receiver = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      deliveries.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as WatchCallbackBody);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hooksPort = (receiver.address() as AddressInfo).port;
  changing = await startChangingSiteStack({
    responder,
    site: {
      host: "survivor-co.test",
      brand: "Survivor Co",
      legalLine: "Survivor Co Ltd, 1 Park Row, Leeds",
      accent: "#452",
      navigation: [{ label: "About", href: "/about" }],
      legalLinks: [],
      pages: [
        {
          path: "/",
          title: "Survivor Co: software for allotment societies",
          description: "Software for allotment societies.",
          body: "<p>Survivor Co keeps allotment societies in order: plots, waiting lists and rents.</p>",
        },
        { path: "/about", title: "About Survivor Co", description: "Our story.", body: aboutPage(40) },
      ],
    },
    connectTo: [`${HOOKS_HOST}:80:127.0.0.1:${hooksPort}`],
    // Every run reads the site anew: a scheduled run would otherwise take pages cached within a quarter of its interval.
    env: { API_KEYS: TEST_API_KEY, CALLBACK_BACKOFF_MS: "100", CACHE_TTL_SECONDS: "0" },
  });
  ({ world, site, stack } = changing);
  baseUrl = stack.baseUrl;
}, 120_000);

afterAll(async () => {
  held?.answer();
  await changing?.stop();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Resolves once `check` holds; asks again every 50 ms, for at most 60 s. */
async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within 60 s`);
    await sleep(50);
  }
}

function call(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: { "x-api-key": TEST_API_KEY, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function createWatch(question: string): Promise<WatchView> {
  const response = await call("POST", "/v1/watches", {
    request: {
      type: "company",
      request: { question, responseType: "NUMBER", company: { name: "Survivor Co", website: WEBSITE } },
    },
    every: "1d",
    callbackUrl: `http://${HOOKS_HOST}/dossier`,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as WatchView;
}

async function getWatch(id: string): Promise<WatchView> {
  const response = await call("GET", `/v1/watches/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as WatchView;
}

/** Waits until the watch is as `done` says. */
async function watchWhen(id: string, done: (watch: WatchView) => boolean, what: string): Promise<WatchView> {
  let watch: WatchView | undefined;
  await until(`watch ${id}: ${what}`, async () => {
    watch = await getWatch(id);
    return done(watch);
  });
  return watch!;
}

async function eventsOf(id: string): Promise<WatchEventList> {
  const response = await call("GET", `/v1/watches/${id}/events`);
  expect(response.status).toBe(200);
  return (await response.json()) as WatchEventList;
}

/** Log lines of every process with this message, parsed, oldest first. */
function logged(message: string): Array<Record<string, unknown>> {
  return stack
    .logLines()
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === message)
    .sort((a, b) => Date.parse(String(a.time)) - Date.parse(String(b.time)));
}

/** The watch's runs that are queued or under way (its next scheduled run aside): none once they are settled. */
async function runsPending(schedule: WatchSchedule, watchId: string): Promise<string[]> {
  const jobs = await schedule.queue.getJobs(["active", "waiting", "prioritized", "delayed"]);
  const next = await schedule.nextRunAt(watchId);
  return jobs
    .filter((job) => job?.data.watchId === watchId && job.id !== `repeat:${watchId}:${next}`)
    .map((job) => job.id!);
}

describe("a watch whose worker is killed in the middle of a run", () => {
  it("has the run finished by another worker: recorded once, one event, delivered once", async () => {
    const question = "How many people work at Survivor Co? (killed worker)";
    site.setPage("/about", { body: aboutPage(40) });
    const watch = await createWatch(question);
    const baseline = await watchWhen(watch.id, (current) => current.lastRun !== null, "its first run");
    expect(baseline.lastRun).toMatchObject({ outcome: "baseline" });
    expect(baseline.lastAnswer).toMatchObject({ answerNumber: 40 });

    // The next run reads a new head count; its research waits on the model when its worker is killed.
    site.setPage("/about", { body: aboutPage(45) });
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    held = { question, answered, answer };
    const asked = world.model.requests.length;
    expect((await call("POST", `/v1/watches/${watch.id}/run`)).status).toBe(202);
    await until("the run reached the model", () =>
      world.model.requests.slice(asked).some((request) => request.userText.includes(question)),
    );
    const started = logged("research started").filter((line) => String(line.requestId).startsWith(`run-${watch.id}`));
    const runId = String(started.at(-1)!.requestId);
    expect(runId).not.toBe(baseline.lastRun!.id);
    // The stack has one worker: it holds the run and its research.
    expect(stack.workers).toHaveLength(1);
    const killed = stack.workers[0]!;
    killed.kill("SIGKILL");
    await killed.exited;
    held = null;
    answer();
    const successor = await stack.startWorker();

    const recorded = await watchWhen(watch.id, (current) => current.lastRun?.id === runId, "the run recorded");
    expect(recorded.lastRun).toMatchObject({ trigger: "manual", outcome: "changed" });
    expect(recorded.lastAnswer).toMatchObject({ answerNumber: 45 });
    const schedule = new WatchSchedule({ prefix: stack.prefix, queueConnection: stack.redis as never });
    try {
      await until("the watch's runs settled", async () => (await runsPending(schedule, watch.id)).length === 0);
    } finally {
      await schedule.close();
    }
    // Recorded once, by the worker that took the run over.
    const runs = logged("watch run").filter((line) => line.runId === runId);
    expect(runs.map((line) => line.pid)).toEqual([successor.child.pid]);
    expect((await getWatch(watch.id)).usage).toMatchObject({ runs: 2, events: 1 });
    const { data: events } = await eventsOf(watch.id);
    expect(events.map((event) => [event.runId, event.changes.map((change) => [change.before, change.after])])).toEqual([
      [runId, [["40", "45"]]],
    ]);
    // Its event is delivered once: its delivery job (one per event id) is done, and nothing else was sent.
    const delivery = `${stack.prefix}:${WATCH_CALLBACK_QUEUE}:${events[0]!.id}`;
    await until("the event delivered", async () => (await stack.redis.hget(delivery, "finishedOn")) !== null);
    expect(deliveries.filter((body) => body.watch.id === watch.id).map((body) => body.event.id)).toEqual([
      events[0]!.id,
    ]);
  }, 180_000);
});

describe("a watch whose gateway crashes and is started again", () => {
  it("keeps its schedule and runs: a run falls due and is recorded while no gateway is up, the new gateway shows it", async () => {
    const question = "How many people work at Survivor Co? (gateway restart)";
    site.setPage("/about", { body: aboutPage(50) });
    const watch = await createWatch(question);
    const baseline = await watchWhen(watch.id, (current) => current.lastRun !== null, "its first run");
    expect(baseline.lastAnswer).toMatchObject({ answerNumber: 50 });
    const nextRunAt = Date.parse(baseline.nextRunAt!);

    const gateway = stack.gateways.find(
      (process) => process.child.exitCode === null && process.child.signalCode === null,
    )!;
    gateway.kill("SIGKILL");
    await gateway.exited;
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();

    // With no gateway up, the watch's scheduled run falls due (made due now) and a worker runs it.
    site.setPage("/about", { body: aboutPage(55) });
    const schedule = new WatchSchedule({ prefix: stack.prefix, queueConnection: stack.redis as never });
    const store = new WatchStore({
      prefix: stack.prefix,
      redis: stack.redis as never,
      maxPerKey: 100,
      eventsKept: 200,
    });
    try {
      expect(await schedule.nextRunAt(watch.id)).toBe(nextRunAt);
      const due = await schedule.queue.getJob(`repeat:${watch.id}:${nextRunAt}`);
      expect(await due?.getState()).toBe("delayed");
      await due!.promote();
      await until(
        "the scheduled run recorded",
        async () => (await store.get(watch.id))?.lastRunId !== baseline.lastRun!.id,
      );
    } finally {
      await schedule.close();
    }

    const restarted = await stack.startGateway();
    baseUrl = restarted.baseUrl;
    const after = await watchWhen(watch.id, (current) => current.lastRun?.trigger === "schedule", "the scheduled run");
    expect(after).toMatchObject({
      status: "active",
      lastRun: { outcome: "changed" },
      lastAnswer: { answerNumber: 55 },
    });
    // The schedule goes on where it was: the next run an interval after the one that ran.
    expect(Date.parse(after.nextRunAt!)).toBe(nextRunAt + 86_400_000);
    const { data: events } = await eventsOf(watch.id);
    expect(events.map((event) => event.changes.map((change) => [change.before, change.after]))).toEqual([
      [["50", "55"]],
    ]);
    const listed = (await (await call("GET", "/v1/watches")).json()) as { data: WatchView[] };
    expect(listed.data.map((entry) => entry.id)).toContain(watch.id);

    // And the new gateway runs it on demand.
    expect((await call("POST", `/v1/watches/${watch.id}/run`)).status).toBe(202);
    const manual = await watchWhen(watch.id, (current) => current.lastRun?.trigger === "manual", "the run on demand");
    expect(manual.lastRun?.outcome).toBe("unchanged");
    expect(manual.usage).toMatchObject({ runs: 3, events: 1 });
  }, 180_000);
});
