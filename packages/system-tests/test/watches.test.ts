import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { WatchEvent, WatchEventList, WatchList, WatchView } from "@dossier/contract";
import { ApiKeyStore, verifyCallbackSignature, type WatchCallbackBody, WatchSchedule } from "@dossier/queue";
import {
  type ChangingSite,
  type ChangingSiteStack,
  type FakeChatRequest,
  type FakeChatResponder,
  findPassageWithWords,
  parsePromptPassages,
  problemOf,
  provenFieldsReply,
  type ReceivedEvent,
  type ResearchWorld,
  readEventStream,
  type Stack,
  startChangingSiteStack,
  statedAnswerResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const OTHER_KEY = "other-key-fedcba9876543210";
const CAP_KEY = "cap-key-0123456789abcdef";
const WEBSITE = "http://watched-co.test";
/** Where the research reads the subject's own site: over https. */
const SITE = "https://watched-co.test";
const HOOKS_HOST = "hooks.watched-co.test";

const paragraphs = (...texts: string[]) => texts.map((text) => `<p>${text}</p>`).join("\n");
const items = (...texts: string[]) => `<ul>${texts.map((text) => `<li>${text}</li>`).join("")}</ul>`;

const aboutPage = (headcount: string) =>
  paragraphs(
    "Watched Co was founded in 2015 in Portland, Oregon, and builds inventory software for bakeries.",
    headcount,
    "We have one office, in Portland.",
  );
const securityPage = (...certifications: string[]) =>
  paragraphs("Security at Watched Co: how we protect the data of the bakeries we serve.") +
  items(...certifications.map((name) => `${name} certificate, renewed every year`));

let changing: ChangingSiteStack | undefined;
let world: ResearchWorld;
let site: ChangingSite;
let stack: Stack;
let receiver: Server;
const deliveries: Array<{ body: string; signature: string | undefined; event: string | undefined }> = [];
/** Questions whose model calls fail, to make a watch's runs fail. */
const failingQuestions = new Set<string>();

const HEADCOUNT = /\b(\d[\d,]*) (?:people|employees)\b/;
const CERTIFICATIONS = ["SOC 2 Type II", "ISO 27001", "HIPAA"];

/** A careful model over the watched site: the head count with the sentence that states it, the certifications listed. */
const responder: FakeChatResponder = async (request: FakeChatRequest) => {
  const prompt = request.messages.map((message) => message.content).join("\n");
  if ([...failingQuestions].some((question) => prompt.includes(question)))
    return {
      kind: "status",
      status: 500,
      body: { error: { message: "the fake model is down", type: "server_error" } },
    };
  if (request.schemaName === "research_object") {
    const found = CERTIFICATIONS.map((name) => ({ value: name, phrase: `${name} certificate` })).filter((proven) =>
      findPassageWithWords(prompt, proven.phrase),
    );
    return { kind: "json", value: provenFieldsReply(request, { certifications: found.length > 0 ? found : null }) };
  }
  const reply = await statedAnswerResponder(request);
  if (reply.kind !== "json" || !/How many people/.test(prompt)) return reply;
  const value = reply.value as Record<string, unknown>;
  for (const passage of parsePromptPassages(prompt)) {
    const sentence = passage.text.split(/(?<=[.!?])\s+/).find((candidate) => HEADCOUNT.test(candidate));
    if (!sentence) continue;
    const count = Number(HEADCOUNT.exec(sentence)![1]!.replace(/,/g, ""));
    return {
      kind: "json",
      value: { ...value, answer: count, citations: [{ passage: passage.id, quote: sentence }], confidence: 0.9 },
    };
  }
  return {
    kind: "json",
    value: { ...value, answer: null, citations: [], explanation: "The passages do not say.", confidence: 0.1 },
  };
};

beforeAll(async () => {
  receiver = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      deliveries.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: request.headers["dossier-signature"] as string | undefined,
        event: request.headers["dossier-event"] as string | undefined,
      });
      // The first delivery is refused, so that a retry is what delivers it.
      response.writeHead(deliveries.length === 1 ? 503 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hooksPort = (receiver.address() as AddressInfo).port;

  changing = await startChangingSiteStack({
    responder,
    site: {
      host: "watched-co.test",
      brand: "Watched Co",
      legalLine: "Watched Co, Inc., 100 Main Street, Portland, OR",
      accent: "#245",
      navigation: [
        { label: "About", href: "/about" },
        { label: "Security", href: "/security" },
      ],
      legalLinks: [],
      pages: [
        {
          path: "/",
          title: "Watched Co: inventory software for bakeries",
          description: "Inventory software for bakeries.",
          body: paragraphs("Watched Co keeps bakeries stocked: flour, butter and boxes, counted for you."),
        },
        {
          path: "/about",
          title: "About Watched Co",
          description: "Our story and our team.",
          body: aboutPage("Today Watched Co employs 240 people."),
        },
        {
          path: "/security",
          title: "Security",
          description: "How Watched Co protects data.",
          body: securityPage("SOC 2 Type II", "ISO 27001"),
        },
      ],
    },
    connectTo: [`${HOOKS_HOST}:80:127.0.0.1:${hooksPort}`],
    env: {
      API_KEYS: `${TEST_API_KEY},${OTHER_KEY},${CAP_KEY}`,
      WATCH_MAX_PER_KEY: "10",
      CALLBACK_BACKOFF_MS: "100",
    },
  });
  ({ world, site, stack } = changing);
});

afterAll(async () => {
  await changing?.stop();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function call(method: string, path: string, body?: unknown, key = TEST_API_KEY): Promise<Response> {
  return fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function headcountWatch(question: string, extra: Record<string, unknown> = {}) {
  return {
    request: {
      type: "company",
      request: {
        question,
        responseType: "NUMBER",
        company: { name: "Watched Co", website: WEBSITE },
      },
    },
    every: "1d",
    ...extra,
  };
}

async function createWatch(body: unknown, key = TEST_API_KEY): Promise<WatchView> {
  const response = await call("POST", "/v1/watches", body, key);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as WatchView;
}

async function getWatch(id: string, key = TEST_API_KEY): Promise<WatchView> {
  const response = await call("GET", `/v1/watches/${id}`, undefined, key);
  expect(response.status).toBe(200);
  return (await response.json()) as WatchView;
}

/** Waits until the watch has recorded a run other than `afterRunId` (its first one, when undefined). */
async function nextRun(id: string, afterRunId: string | undefined, key = TEST_API_KEY): Promise<WatchView> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const watch = await getWatch(id, key);
    if (watch.lastRun && watch.lastRun.id !== afterRunId) return watch;
    await sleep(50);
  }
  throw new Error(`watch ${id} recorded no run after ${afterRunId}`);
}

/** Asks for a run now and waits until it is recorded. */
async function runNow(watch: WatchView, key = TEST_API_KEY): Promise<WatchView> {
  const response = await call("POST", `/v1/watches/${watch.id}/run`, undefined, key);
  expect(response.status).toBe(202);
  expect(await response.json()).toEqual({ watchId: watch.id, status: "queued" });
  return nextRun(watch.id, watch.lastRun?.id, key);
}

/** Makes the watch's next scheduled run due now, as if its time had come, and returns when it was due. */
async function promoteScheduledRun(id: string): Promise<number> {
  const schedule = new WatchSchedule({ prefix: stack.prefix, queueConnection: stack.redis as never });
  try {
    const next = await schedule.nextRunAt(id);
    const job = await schedule.queue.getJob(`repeat:${id}:${next}`);
    expect(await job?.getState()).toBe("delayed");
    await job!.promote();
    return next!;
  } finally {
    await schedule.close();
  }
}

/** Waits until the watch is as `done` says. */
async function watchWhen(id: string, done: (watch: WatchView) => boolean, what: string): Promise<WatchView> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const watch = await getWatch(id);
    if (done(watch)) return watch;
    await sleep(50);
  }
  throw new Error(`watch ${id}: ${what} did not happen`);
}

async function eventsOf(id: string, query = ""): Promise<WatchEventList> {
  const response = await call("GET", `/v1/watches/${id}/events${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as WatchEventList;
}

describe("the watch resource", () => {
  it("makes a watch (201, Location) that runs at once for its baseline and makes no event for it", async () => {
    const response = await call("POST", "/v1/watches", headcountWatch("How many people work at Watched Co? (surface)"));
    expect(response.status).toBe(201);
    const watch = (await response.json()) as WatchView;
    expect(response.headers.get("location")).toBe(`/v1/watches/${watch.id}`);
    expect(watch).toMatchObject({
      id: expect.stringMatching(/^w-/),
      status: "active",
      every: "1d",
      everySeconds: 86_400,
      callbackUrl: null,
      request: headcountWatch("How many people work at Watched Co? (surface)").request,
      usage: { runs: 0, events: 0 },
    });
    const nextRunAt = Date.parse(watch.nextRunAt!);
    expect(nextRunAt).toBeGreaterThan(Date.now() - 5_000);
    expect(nextRunAt).toBeLessThanOrEqual(Date.now() + 86_400_000);

    const baseline = await nextRun(watch.id, undefined);
    expect(baseline.lastRun).toMatchObject({ trigger: "created", outcome: "baseline" });
    expect(baseline.lastAnswer).toMatchObject({ answerText: "240", answerNumber: 240 });
    expect(baseline.usage).toMatchObject({ runs: 1, events: 0, modelCalls: 1 });
    expect(await eventsOf(watch.id)).toEqual({ data: [], has_more: false });
  });

  it("names every bad field in a 422, the research request's under request.request", async () => {
    const response = await call("POST", "/v1/watches", {
      request: { type: "company", request: { question: " ", company: { website: WEBSITE } } },
      every: "30m",
      colour: "blue",
    });
    expect(response.status).toBe(422);
    const problem = await problemOf(response);
    expect(problem.code).toBe("REQUEST_VALIDATION_FAILED");
    expect(problem.errors?.map((error) => error.path).sort()).toEqual(["colour", "every", "request.request.question"]);
    expect(problem.errors?.find((error) => error.path === "every")?.message).toMatch(/from 1h to 30d/);
  });

  it("refuses a watch on a list the key does not have, naming the field", async () => {
    const response = await call("POST", "/v1/watches", { list: "l-123", every: "1d" });
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors).toEqual([{ path: "list", message: "is not a list of this key: l-123" }]);
  });

  it("refuses a callback URL on a private address", async () => {
    const response = await call(
      "POST",
      "/v1/watches",
      headcountWatch("How many people work at Watched Co? (private hook)", { callbackUrl: "http://127.0.0.1:9/x" }),
    );
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors?.[0]?.path).toBe("callbackUrl");
  });

  it("needs a key, and shows a watch only to the key that made it", async () => {
    const watch = await createWatch(headcountWatch("How many people work at Watched Co? (owner)"));
    expect((await fetch(`${stack.baseUrl}/v1/watches/${watch.id}`)).status).toBe(401);
    for (const [method, path] of [
      ["GET", `/v1/watches/${watch.id}`],
      ["DELETE", `/v1/watches/${watch.id}`],
      ["POST", `/v1/watches/${watch.id}/run`],
      ["GET", `/v1/watches/${watch.id}/events`],
    ] as const) {
      const response = await call(method, path, undefined, OTHER_KEY);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await problemOf(response)).code).toBe("WATCH_NOT_FOUND");
    }
    const mine = (await (await call("GET", "/v1/watches")).json()) as WatchList;
    expect(mine.data.map((entry) => entry.id)).toContain(watch.id);
    const theirs = (await (await call("GET", "/v1/watches", undefined, OTHER_KEY)).json()) as WatchList;
    expect(theirs.data.map((entry) => entry.id)).not.toContain(watch.id);
    expect((await call("PUT", `/v1/watches/${watch.id}`)).status).toBe(405);
  });

  it("caps the watches of a key, and a deleted watch makes room", async () => {
    const made: WatchView[] = [];
    for (let index = 0; index < 10; index += 1)
      made.push(await createWatch(headcountWatch(`How many people work at Watched Co? (cap ${index})`), CAP_KEY));
    const refused = await call("POST", "/v1/watches", headcountWatch("How many people? (cap 10)"), CAP_KEY);
    expect(refused.status).toBe(409);
    expect(await problemOf(refused)).toMatchObject({
      code: "WATCH_LIMIT_REACHED",
      detail: expect.stringMatching(/10/),
    });
    expect((await call("DELETE", `/v1/watches/${made[0]!.id}`, undefined, CAP_KEY)).status).toBe(204);
    await createWatch(headcountWatch("How many people work at Watched Co? (cap 11)"), CAP_KEY);
    const page = (await (await call("GET", "/v1/watches?limit=2", undefined, CAP_KEY)).json()) as WatchList;
    expect(page.data).toHaveLength(2);
    expect(page.has_more).toBe(true);
    const rest = (await (
      await call("GET", `/v1/watches?limit=2&after=${page.data[1]!.id}`, undefined, CAP_KEY)
    ).json()) as WatchList;
    expect(page.data[1]!.id).toBe(made[9]!.id);
    expect(rest.data.map((entry) => entry.id)).toEqual([made[8]!.id, made[7]!.id]);
    expect(rest.has_more).toBe(true);
  });

  it("stops a deleted watch at once: no schedule, no run waiting, 404 after", async () => {
    const watch = await createWatch(headcountWatch("How many people work at Watched Co? (deleted)"));
    const schedule = new WatchSchedule({ prefix: stack.prefix, queueConnection: stack.redis as never });
    try {
      expect(await schedule.nextRunAt(watch.id)).not.toBeNull();
      expect((await call("DELETE", `/v1/watches/${watch.id}`)).status).toBe(204);
      expect(await schedule.nextRunAt(watch.id)).toBeNull();
      // Its first run is gone from the queue, or under way: then it finds the watch gone and records nothing.
      // "unknown" is BullMQ's word for a job removed between reading it and asking its state: gone too.
      for (const jobId of [`run-${watch.id}`, `run-${watch.id}-next`]) {
        const state = await (await schedule.queue.getJob(jobId))?.getState();
        expect(["active", "completed", "unknown", undefined]).toContain(state);
      }
      expect((await call("GET", `/v1/watches/${watch.id}`)).status).toBe(404);
      expect((await call("DELETE", `/v1/watches/${watch.id}`)).status).toBe(404);
    } finally {
      await schedule.close();
    }
  });

  it("is in the OpenAPI document", async () => {
    const document = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths["/v1/watches"]!)).toEqual(["post", "get"]);
    expect(Object.keys(document.paths["/v1/watches/{id}"]!)).toEqual(["get", "delete"]);
    expect(Object.keys(document.paths["/v1/watches/{id}/run"]!)).toEqual(["post"]);
    expect(Object.keys(document.paths["/v1/watches/{id}/events"]!)).toEqual(["get"]);
  });
});

describe("what a watch reports", () => {
  it("reports a new head count once, with the quote before and after, and POSTs it signed", async () => {
    const watch = await createWatch(
      headcountWatch("How many people work at Watched Co?", {
        callbackUrl: `http://${HOOKS_HOST}/dossier`,
        metadata: { account: "acme-42" },
      }),
    );
    const baseline = await nextRun(watch.id, undefined);
    expect(baseline.lastRun?.outcome).toBe("baseline");

    const unchanged = await runNow(baseline);
    expect(unchanged.lastRun).toMatchObject({ trigger: "manual", outcome: "unchanged" });
    expect(unchanged.lastRun?.eventId).toBeUndefined();

    site.setPage("/about", { body: aboutPage("Today Watched Co employs 260 people.") });
    const changed = await runNow(unchanged);
    expect(changed.lastRun).toMatchObject({ outcome: "changed", eventId: expect.stringMatching(/^we-/) });
    expect(changed.lastAnswer).toMatchObject({ answerNumber: 260 });
    const { data: events } = await eventsOf(watch.id);
    expect(events).toEqual([
      {
        id: changed.lastRun!.eventId,
        watchId: watch.id,
        runId: changed.lastRun!.id,
        detectedAt: expect.any(String),
        changes: [
          {
            field: "answerText",
            kind: "changed",
            before: "240",
            after: "260",
            citations: {
              before: [
                { url: `${SITE}/about`, title: "About Watched Co", quote: "Today Watched Co employs 240 people." },
              ],
              after: [
                { url: `${SITE}/about`, title: "About Watched Co", quote: "Today Watched Co employs 260 people." },
              ],
            },
          },
        ],
      },
    ]);

    const again = await runNow(changed);
    expect(again.lastRun?.outcome).toBe("unchanged");
    expect((await eventsOf(watch.id)).data).toHaveLength(1);
    expect(again.usage).toMatchObject({ runs: 4, events: 1 });

    // The receiver refused the first delivery; the retry delivered the same event, signed with the key's secret.
    const deadline = Date.now() + 20_000;
    while (deliveries.length < 2 && Date.now() < deadline) await sleep(50);
    expect(deliveries).toHaveLength(2);
    const { secret } = (await (await call("GET", "/v1/callback-secret")).json()) as { secret: string };
    for (const delivery of deliveries) {
      expect(delivery.event).toBe("watch.changed");
      expect(verifyCallbackSignature(secret, delivery.body, delivery.signature)).toBe(true);
      const body = JSON.parse(delivery.body) as WatchCallbackBody;
      expect(body).toEqual({
        type: "watch.changed",
        event: events[0],
        watch: { id: watch.id, metadata: { account: "acme-42" } },
        watchUrl: `/v1/watches/${watch.id}`,
      });
    }
  });

  it("asks an unchanged page again with its validators: a 304, the same answer and no event; a changed page comes whole", async () => {
    site.setPage("/about", { body: aboutPage("Today Watched Co employs 410 people.") });
    const watch = await nextRun(
      (await createWatch(headcountWatch("How many people work at Watched Co? (conditional)"))).id,
      undefined,
    );
    expect(watch.lastAnswer).toMatchObject({ answerNumber: 410 });
    const aboutSince = (from: number) => site.requests.slice(from).filter((request) => request.path === "/about");

    let from = site.requests.length;
    const unchanged = await runNow(watch);
    expect(unchanged.lastRun?.outcome).toBe("unchanged");
    expect(unchanged.lastAnswer).toMatchObject({ answerNumber: 410 });
    // Read anew (the run on demand takes no copy as it is), and the site said it had not changed.
    expect(aboutSince(from)).toEqual([{ path: "/about", status: 304, conditional: true }]);
    expect(unchanged.usage.pagesNotModified - watch.usage.pagesNotModified).toBeGreaterThanOrEqual(1);

    site.setPage("/about", { body: aboutPage("Today Watched Co employs 420 people.") });
    from = site.requests.length;
    const changed = await runNow(unchanged);
    expect(aboutSince(from)).toEqual([{ path: "/about", status: 200, conditional: true }]);
    expect(changed.lastRun?.outcome).toBe("changed");
    expect(changed.lastAnswer).toMatchObject({ answerNumber: 420 });
    const { data: events } = await eventsOf(watch.id);
    expect(events.map((event) => event.changes.map((change) => [change.kind, change.before, change.after]))).toEqual([
      [["changed", "410", "420"]],
    ]);
    expect((await call("DELETE", `/v1/watches/${watch.id}`)).status).toBe(204);
  });

  it("runs on its schedule with evidence as fresh as a quarter of its interval, then falls due an interval later", async () => {
    const watch = await nextRun(
      (await createWatch(headcountWatch("How many people work at Watched Co? (scheduled)"))).id,
      undefined,
    );
    const before = world.model.requests.length;
    const due = await promoteScheduledRun(watch.id);
    const scheduled = await nextRun(watch.id, watch.lastRun!.id);
    expect(scheduled.lastRun).toMatchObject({ trigger: "schedule", outcome: "unchanged" });
    expect(scheduled.lastRun!.id).toBe(`repeat:${watch.id}:${due}@${scheduled.lastRun!.id.split("@")[1]}`);
    expect(Date.parse(scheduled.nextRunAt!)).toBe(due + 86_400_000);
    // A new research run, not the first run's stored answer: the scheduled run asked with its own freshness.
    expect(world.model.requests.length).toBeGreaterThan(before);
    expect(scheduled.usage.runs).toBe(2);
  });

  it("runs a run asked for while another is under way after it, never both at once", async () => {
    const watch = await nextRun(
      (await createWatch(headcountWatch("How many people work at Watched Co? (one at a time)"))).id,
      undefined,
    );
    world.model.setLatency(600);
    try {
      expect((await call("POST", `/v1/watches/${watch.id}/run`)).status).toBe(202);
      const first = await watchWhen(watch.id, () => true, "reading the watch");
      // The first run is under way (its research waits on the slow model) when the second is asked for.
      const lines = () => stack.logLines().map((line) => JSON.parse(line) as Record<string, unknown>);
      const deadline = Date.now() + 10_000;
      while (
        !lines().some(
          (line) =>
            line.msg === "research started" &&
            String(line.requestId).startsWith(`run-${watch.id}`) &&
            line.requestId !== watch.lastRun!.id,
        )
      ) {
        if (Date.now() > deadline) throw new Error("the first run did not start");
        await sleep(20);
      }
      expect((await call("POST", `/v1/watches/${watch.id}/run`)).status).toBe(202);
      const done = await watchWhen(watch.id, (current) => current.usage.runs === 3, "two more runs");
      expect(done.lastRun).toMatchObject({ trigger: "manual", outcome: "unchanged" });
      expect(first.usage.runs).toBe(1);
      // A run's log line is written just after its record: on a busy machine it may come after the watch says so.
      const runLines = () => lines().filter((line) => line.msg === "watch run" && line.watchId === watch.id);
      const logged = Date.now() + 10_000;
      while (runLines().length < 3 && Date.now() < logged) await sleep(20);
      const runs = runLines();
      const researches = lines().filter(
        (line) => line.msg === "research started" && runs.slice(1).some((run) => run.runId === line.requestId),
      );
      expect(runs).toHaveLength(3);
      // The second run's research started only after the first run was recorded.
      expect(researches.map((line) => line.requestId)).toEqual(runs.slice(1).map((run) => run.runId));
      expect(Date.parse(String(researches[1]!.time))).toBeGreaterThanOrEqual(Date.parse(String(runs[1]!.time)));
    } finally {
      world.model.setLatency(0);
    }
  });

  it("makes no event for a page that is only re-ordered or re-dated", async () => {
    site.setPage("/about", { body: aboutPage("Today Watched Co employs 300 people.") });
    const watch = await nextRun(
      (await createWatch(headcountWatch("How many people work at Watched Co? (re-ordered)"))).id,
      undefined,
    );
    site.setPage("/about", {
      body: paragraphs(
        "We have one office, in Portland.",
        "Today Watched Co employs 300 people.",
        "Watched Co was founded in 2015 in Portland, Oregon, and builds inventory software for bakeries.",
        "Last updated: March 2026.",
      ),
      publishedAt: "2026-03-01",
    });
    const after = await runNow(watch);
    expect(after.lastRun?.outcome).toBe("unchanged");
    expect((await eventsOf(watch.id)).data).toEqual([]);
  });

  it("reports an answer whose evidence is gone as unconfirmed, once, and confirmed when the page states it again", async () => {
    site.setPage("/about", { body: aboutPage("Today Watched Co employs 300 people.") });
    const watch = await nextRun(
      (await createWatch(headcountWatch("How many people work at Watched Co? (unconfirmed)"))).id,
      undefined,
    );
    site.setPage("/about", { body: aboutPage("We are hiring bakers and engineers.") });
    const lost = await runNow(watch);
    expect(lost.lastRun?.outcome).toBe("changed");
    const stillLost = await runNow(lost);
    expect(stillLost.lastRun?.outcome).toBe("unchanged");
    site.setPage("/about", { body: aboutPage("Today Watched Co employs 300 people.") });
    const back = await runNow(stillLost);
    expect(back.lastRun?.outcome).toBe("changed");
    const { data: events } = await eventsOf(back.id);
    expect(
      events.map((event: WatchEvent) => event.changes.map((change) => [change.kind, change.before, change.after])),
    ).toEqual([[["confirmed", "300", "300"]], [["unconfirmed", "300", null]]]);
    expect(events[1]!.changes[0]!.citations).toEqual({
      before: [expect.objectContaining({ quote: "Today Watched Co employs 300 people." })],
      after: [],
    });
    const older = await eventsOf(back.id, `?limit=1&after=${events[0]!.id}`);
    expect(older).toEqual({ data: [events[1]], has_more: false });
  });

  it("reports list items added and dropped, each with its quote", async () => {
    const watch = await nextRun(
      (
        await createWatch({
          request: {
            type: "company",
            request: {
              question: "Which security certifications does Watched Co hold?",
              company: { name: "Watched Co", website: WEBSITE },
              outputSchema: {
                type: "object",
                properties: {
                  certifications: { type: "array", items: { type: "string" }, description: "Security certifications" },
                },
              },
            },
          },
          every: "7d",
        })
      ).id,
      undefined,
    );
    expect(watch.lastAnswer?.answerObject).toEqual({ certifications: ["SOC 2 Type II", "ISO 27001"] });
    site.setPage("/security", { body: securityPage("ISO 27001", "SOC 2 Type II") });
    const reordered = await runNow(watch);
    expect(reordered.lastRun?.outcome).toBe("unchanged");
    site.setPage("/security", { body: securityPage("ISO 27001", "HIPAA") });
    const changed = await runNow(reordered);
    const { data: events } = await eventsOf(changed.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.changes).toEqual([
      {
        field: "certifications",
        kind: "added",
        before: null,
        after: "HIPAA",
        citations: { before: [], after: [expect.objectContaining({ quote: "HIPAA certificate" })] },
      },
      {
        field: "certifications",
        kind: "dropped",
        before: "SOC 2 Type II",
        after: null,
        citations: { before: [expect.objectContaining({ quote: "SOC 2 Type II certificate" })], after: [] },
      },
    ]);
  });
});

describe("live events", () => {
  const open = (id: string, lastEventId?: string) =>
    fetch(`${stack.baseUrl}/v1/watches/${id}/events`, {
      headers: {
        "x-api-key": TEST_API_KEY,
        accept: "text/event-stream",
        ...(lastEventId ? { "last-event-id": lastEventId } : {}),
      },
    });

  async function until(condition: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`${what} did not happen`);
      await sleep(20);
    }
  }

  it("streams runs and changes as they are recorded, resumes after Last-Event-ID, and ends when the watch is deleted", async () => {
    site.setPage("/about", { body: aboutPage("Today Watched Co employs 300 people.") });
    const watch = await nextRun(
      (await createWatch(headcountWatch("How many people work at Watched Co? (live)"))).id,
      undefined,
    );
    const response = await open(watch.id);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const seen: ReceivedEvent[] = [];
    const reading = readEventStream(response, { onEvent: (event) => seen.push(event) });
    await until(() => seen.length > 0, "the first event");
    expect(seen[0]!.event).toBe("watch");
    expect(JSON.parse(seen[0]!.data)).toMatchObject({ id: watch.id, lastRun: { outcome: "baseline" } });

    site.setPage("/about", { body: aboutPage("Today Watched Co employs 310 people.") });
    const first = await runNow(watch);
    site.setPage("/about", { body: aboutPage("Today Watched Co employs 320 people.") });
    const second = await runNow(first);
    await until(() => seen.filter((event) => event.event === "run").length === 2, "two run events");
    expect(seen.map((event) => [event.event, event.id])).toEqual([
      ["watch", undefined],
      ["change", first.lastRun!.eventId],
      ["run", undefined],
      ["change", second.lastRun!.eventId],
      ["run", undefined],
    ]);
    expect(JSON.parse(seen[3]!.data)).toMatchObject({ changes: [{ before: "310", after: "320" }] });
    expect(JSON.parse(seen[4]!.data)).toEqual({ watchId: watch.id, lastRun: second.lastRun });

    const resumed = await readEventStream(await open(watch.id, first.lastRun!.eventId), {
      until: (event) => event.event === "change",
    });
    expect(resumed.events.map((event) => [event.event, event.id])).toEqual([
      ["watch", undefined],
      ["change", second.lastRun!.eventId],
    ]);

    expect((await call("DELETE", `/v1/watches/${watch.id}`)).status).toBe(204);
    await reading;
    expect(seen.at(-1)).toMatchObject({ event: "deleted", data: JSON.stringify({ watchId: watch.id }) });
  });
});

describe("cost and failure", () => {
  it("counts each run against the key's monthly calls and skips a run past the limit, saying why", async () => {
    const keys = new ApiKeyStore(stack.redis as never, stack.prefix);
    const { key } = await keys.create("watch-quota", { monthlyCalls: 1 });
    const watch = await nextRun(
      (await createWatch(headcountWatch("How many people? (quota)"), key)).id,
      undefined,
      key,
    );
    expect(watch.lastRun?.outcome).toBe("baseline");
    const skipped = await runNow(watch, key);
    expect(skipped.lastRun).toMatchObject({ outcome: "skipped", problem: { code: "QUOTA_EXCEEDED" } });
    expect(skipped.status).toBe("active");
    const usage = (await (await call("GET", "/v1/usage", undefined, key)).json()) as { total: { calls: number } };
    expect(usage.total.calls).toBe(1);
  });

  it("says why a watch's runs fail, and backs off after three failures in a row", async () => {
    const question = "How many people work at Watched Co? (failing)";
    let watch = await nextRun((await createWatch(headcountWatch(question))).id, undefined);
    failingQuestions.add(question);
    try {
      for (let failure = 1; failure <= 3; failure += 1) {
        watch = await runNow(watch);
        expect(watch.lastRun?.outcome).toBe("failed");
        expect(watch.status).toBe("failing");
        expect(watch.failing?.consecutiveFailures).toBe(failure);
      }
      expect(watch.failing?.problem.code).toMatch(/^(LLM_|RESEARCH_)/);
      // The third failure skips the next scheduled run: the next attempt is a day after it.
      expect(Date.parse(watch.failing!.nextAttemptAt!) - Date.parse(watch.nextRunAt!)).toBe(86_400_000);
      expect(watch.lastAnswer).toMatchObject({ answerNumber: expect.any(Number) });
      // The scheduled run due next is skipped: no run, and the attempt after it is the next one.
      const due = await promoteScheduledRun(watch.id);
      const skipped = await watchWhen(
        watch.id,
        (current) => Date.parse(current.nextRunAt!) > due && current.failing?.nextAttemptAt === current.nextRunAt,
        "skipping the scheduled run",
      );
      expect(Date.parse(skipped.nextRunAt!)).toBe(due + 86_400_000);
      expect(skipped.lastRun!.id).toBe(watch.lastRun!.id);
      expect(skipped.usage.runs).toBe(watch.usage.runs);
    } finally {
      failingQuestions.delete(question);
    }
    const recovered = await runNow(watch);
    expect(recovered.status).toBe("active");
    expect(recovered.failing).toBeUndefined();
  });

  it("finishes a run whose worker is killed on another worker, recorded once", async () => {
    const question = "How many people work at Watched Co? (killed worker)";
    world.model.setLatency(1_500);
    try {
      const before = world.model.requests.length;
      const watch = await createWatch(headcountWatch(question));
      const deadline = Date.now() + 10_000;
      while (!world.model.requests.slice(before).some((request) => request.userText.includes(question))) {
        if (Date.now() > deadline) throw new Error("the first run never reached the model");
        await sleep(20);
      }
      const worker = stack.workers.at(-1)!;
      worker.kill("SIGKILL");
      await worker.exited;
      await stack.startWorker();
      const recorded = await nextRun(watch.id, undefined);
      expect(recorded.lastRun).toMatchObject({ trigger: "created", outcome: "baseline" });
      expect(recorded.usage.runs).toBe(1);
      expect((await eventsOf(watch.id)).data).toEqual([]);
    } finally {
      world.model.setLatency(0);
    }
  });
});
