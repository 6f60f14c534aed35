import type { WatchChange, WatchEventList, WatchView } from "@dossier/contract";
import {
  type ChangingSite,
  type ChangingSiteStack,
  type FakeSearchServer,
  problemOf,
  type Stack,
  startChangingSiteStack,
  startFakeSearchServer,
  statedOrDeniedResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const OTHER_KEY = "other-key-fedcba9876543210";
const HOST = "guild-directory.test";

/** A member startup of the directory: its name, and what its card says. */
interface Member {
  name: string;
  city: string;
  hiring: "yes" | "unsaid";
}

const LUMEN: Member = { name: "Lumen Harbor", city: "Oslo", hiring: "yes" };
const QUARTZ: Member = { name: "Quartz Wind", city: "Bergen", hiring: "yes" };
const EMBER: Member = { name: "Ember Soil", city: "Uppsala", hiring: "yes" };
const TIDEWELL: Member = { name: "Tidewell Power", city: "Turku", hiring: "yes" };
const COBALT: Member = { name: "Cobalt Reef", city: "Aarhus", hiring: "yes" };

function card(member: Member): string {
  const sentences = [`${member.name} is a climate startup from ${member.city}.`];
  if (member.hiring === "yes") sentences.push(`${member.name} is hiring engineers.`);
  return `<article class="member-card">
  <h3>${member.name}</h3>
  ${sentences.map((sentence) => `<p>${sentence}</p>`).join("\n  ")}
</article>`;
}

const directory = (...members: Member[]) =>
  `<p>Climate startups that are members of the guild, and whether they are hiring engineers.</p>
<section class="member-grid">
${members.map(card).join("\n")}
</section>`;

/** The directory's listing pages: every search finds each of them. */
const listings = [{ path: "/members", title: "Member startups directory" }];

let changing: ChangingSiteStack | undefined;
let search: FakeSearchServer | undefined;
let site: ChangingSite;
let stack: Stack;

beforeAll(async () => {
  // Every search finds the guild's directory: the list's discovery, and each criterion's research.
  search = await startFakeSearchServer({
    provider: "searxng",
    search: () =>
      listings.map(({ path, title }) => ({
        url: `http://${HOST}${path}`,
        title,
        // The directory's text as it is now, as a search engine's snippet would quote it.
        snippet: (site?.page(path)?.body ?? "")
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .trim(),
      })),
  });
  changing = await startChangingSiteStack({
    responder: statedOrDeniedResponder,
    site: {
      host: HOST,
      brand: "Greenway Guild",
      legalLine: "Greenway Guild, 1 Example Street",
      accent: "#264",
      navigation: [{ label: "Members", href: "/members" }],
      legalLinks: [],
      pages: [
        {
          path: "/",
          title: "Greenway Guild",
          description: "A guild of climate startups.",
          body: "<p>The Greenway Guild gathers climate startups.</p>",
        },
        {
          path: "/members",
          title: "Member startups directory",
          description: "Every climate startup of the guild.",
          body: directory(LUMEN, QUARTZ, EMBER, TIDEWELL),
        },
      ],
    },
    env: {
      API_KEYS: `${TEST_API_KEY},${OTHER_KEY}`,
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: search.url,
      RATE_LIMIT_CALLS_PER_MINUTE: "10000",
    },
  });
  ({ site, stack } = changing);
});

afterAll(async () => {
  await changing?.stop();
  await search?.close();
});

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function call(method: string, path: string, body?: unknown, key = TEST_API_KEY): Promise<Response> {
  return fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function getWatch(id: string): Promise<WatchView> {
  const response = await call("GET", `/v1/watches/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as WatchView;
}

/** Waits until the watch has recorded a run other than `afterRunId` (its first one, when undefined). */
async function nextRun(id: string, afterRunId: string | undefined): Promise<WatchView> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const watch = await getWatch(id);
    if (watch.lastRun && watch.lastRun.id !== afterRunId) return watch;
    await sleep(100);
  }
  throw new Error(`watch ${id} recorded no run after ${afterRunId}`);
}

async function eventsOf(id: string): Promise<WatchEventList> {
  const response = await call("GET", `/v1/watches/${id}/events`);
  expect(response.status).toBe(200);
  return (await response.json()) as WatchEventList;
}

const OBJECTIVE = "climate startups that are hiring engineers";
const CRITERIA = [{ id: "hiring", description: "is hiring engineers" }];

describe("a watch on a list", () => {
  let listId: string;
  let watch: WatchView;

  /** Asks for a run now, waits until it is recorded, and returns the watch with it. */
  const runNow = async () => {
    const response = await call("POST", `/v1/watches/${watch.id}/run`);
    expect(response.status).toBe(202);
    watch = await nextRun(watch.id, watch.lastRun?.id);
    return watch;
  };

  beforeAll(async () => {
    const accepted = await call("POST", "/v1/lists", {
      objective: OBJECTIVE,
      entityType: "company",
      criteria: CRITERIA,
      limit: 20,
      effort: "lite",
    });
    expect(accepted.status, await accepted.clone().text()).toBe(202);
    listId = ((await accepted.json()) as { id: string }).id;
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const list = (await (await call("GET", `/v1/lists/${listId}`)).json()) as { finishedAt: string | null };
      if (list.finishedAt !== null) break;
      await sleep(100);
    }
    const response = await call("POST", "/v1/watches", { list: listId, every: "1d" });
    expect(response.status, await response.clone().text()).toBe(201);
    watch = (await response.json()) as WatchView;
  });

  it("keeps the list's definition and sets its baseline with a new list of its own, making no event", async () => {
    expect(watch).toMatchObject({
      list: listId,
      listRequest: { objective: OBJECTIVE, entityType: "company", criteria: CRITERIA, limit: 20, effort: "lite" },
    });
    watch = await nextRun(watch.id, undefined);
    expect(watch.lastRun).toMatchObject({ trigger: "created", outcome: "baseline" });
    expect(watch.lastList).toMatchObject({ status: "done", counts: { matched: 4 } });
    expect(watch.lastList?.id).not.toBe(listId);
    const made = (await (await call("GET", `/v1/lists/${watch.lastList!.id}`)).json()) as { watchId?: string };
    expect(made.watchId).toBe(watch.id);
    expect(watch.usage.runs).toBe(1);
    expect(watch.usage.modelCalls).toBeGreaterThan(0);
    expect(await eventsOf(watch.id)).toEqual({ data: [], has_more: false });
  });

  it("makes no event when the directory is unchanged", async () => {
    const directoryReads = site.requests.filter((request) => request.path === "/members").length;
    await runNow();
    expect(watch.lastRun).toMatchObject({ trigger: "manual", outcome: "unchanged" });
    // The run read the directory again rather than the cached copy of the last run.
    expect(site.requests.filter((request) => request.path === "/members").length).toBeGreaterThan(directoryReads);
    expect((await eventsOf(watch.id)).data).toEqual([]);
  });

  it("makes no event when the directory is only re-ordered", async () => {
    site.setPage("/members", { body: directory(TIDEWELL, EMBER, LUMEN, QUARTZ) });
    await runNow();
    expect(watch.lastRun).toMatchObject({ outcome: "unchanged" });
    expect((await eventsOf(watch.id)).data).toEqual([]);
  });

  it("reports one member added to the directory, once, with the quote that proves its criterion", async () => {
    site.setPage("/members", { body: directory(TIDEWELL, EMBER, COBALT, LUMEN, QUARTZ) });
    await runNow();
    expect(watch.lastRun).toMatchObject({ outcome: "changed", eventId: expect.stringMatching(/^we-/) });
    const { data } = await eventsOf(watch.id);
    expect(data).toHaveLength(1);
    const [event] = data;
    expect(event).toMatchObject({ id: watch.lastRun!.eventId, watchId: watch.id, listId: watch.lastList!.id });
    expect(event!.changes).toEqual([
      {
        field: "items",
        kind: "added",
        before: null,
        after: expect.objectContaining({ id: expect.stringMatching(/^i-/), name: "Cobalt Reef" }),
        citations: {
          before: [],
          after: [expect.objectContaining({ criterionId: "hiring", quote: "Cobalt Reef is hiring engineers." })],
        },
      } satisfies WatchChange,
    ]);
    expect(event!.changes[0]!.citations.after[0]!.url).toMatch(new RegExp(`//${HOST}/members$`));
    // Stable: the same run's event is not made again, and the next unchanged run adds none.
    await runNow();
    expect(watch.lastRun).toMatchObject({ outcome: "unchanged" });
    expect((await eventsOf(watch.id)).data.map((listed) => listed.id)).toEqual([event!.id]);
  });

  it("reports a member that left the directory as dropped, with the quote that proved it", async () => {
    site.setPage("/members", { body: directory(TIDEWELL, COBALT, LUMEN, QUARTZ) });
    await runNow();
    expect(watch.lastRun).toMatchObject({ outcome: "changed" });
    const [event] = (await eventsOf(watch.id)).data;
    expect(event!.id).toBe(watch.lastRun!.eventId);
    expect(event!.changes).toEqual([
      {
        field: "items",
        kind: "dropped",
        before: expect.objectContaining({ name: "Ember Soil" }),
        after: null,
        citations: {
          before: [expect.objectContaining({ criterionId: "hiring", quote: "Ember Soil is hiring engineers." })],
          after: [],
        },
      },
    ]);
  });

  it("reports a member whose card no longer proves the criterion as unconfirmed, once, not as dropped", async () => {
    site.setPage("/members", { body: directory(TIDEWELL, COBALT, { ...LUMEN, hiring: "unsaid" }, QUARTZ) });
    await runNow();
    const [event] = (await eventsOf(watch.id)).data;
    expect(event!.id).toBe(watch.lastRun!.eventId);
    expect(event!.changes).toEqual([
      {
        field: "items",
        kind: "unconfirmed",
        before: expect.objectContaining({ name: "Lumen Harbor" }),
        after: null,
        citations: { before: [expect.objectContaining({ quote: "Lumen Harbor is hiring engineers." })], after: [] },
      },
    ]);
    await runNow();
    expect(watch.lastRun).toMatchObject({ outcome: "unchanged" });
  });

  it("refuses a watch on another key's list", async () => {
    const response = await call("POST", "/v1/watches", { list: listId, every: "1d" }, OTHER_KEY);
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors).toEqual([
      { path: "list", message: `is not a list of this key: ${listId}` },
    ]);
  });
});

describe("a watch on a list whose listing pages cannot be read", () => {
  const ASSOCIATES = "/associates";
  const BIRCH: Member = { name: "Birch Current", city: "Tampere", hiring: "yes" };
  const FERN: Member = { name: "Fern Grid", city: "Lund", hiring: "yes" };
  const AURORA: Member = { name: "Aurora Kelp", city: "Reykjavik", hiring: "yes" };
  let watch: WatchView;

  const runNow = async () => {
    const response = await call("POST", `/v1/watches/${watch.id}/run`);
    expect(response.status).toBe(202);
    watch = await nextRun(watch.id, watch.lastRun?.id);
    return watch;
  };
  /** The changes of the watch's latest event, by kind and name, in name order. */
  const latestChanges = async () => {
    const [event] = (await eventsOf(watch.id)).data;
    expect(event!.id).toBe(watch.lastRun!.eventId);
    return event!.changes
      .map((change) => [change.kind, ((change.before ?? change.after) as { name: string }).name])
      .sort((left, right) => left[1]!.localeCompare(right[1]!));
  };

  beforeAll(async () => {
    // The guild lists its members on two pages now, each member on one (a listing holds three or more).
    site.setPage("/members", { body: directory(LUMEN, QUARTZ, COBALT, AURORA) });
    site.setPage(ASSOCIATES, {
      title: "Associate startups directory",
      description: "The guild's associate climate startups.",
      body: directory(EMBER, TIDEWELL, BIRCH, FERN),
    });
    listings.push({ path: ASSOCIATES, title: "Associate startups directory" });
    const accepted = await call("POST", "/v1/lists", {
      objective: OBJECTIVE,
      entityType: "company",
      criteria: CRITERIA,
      limit: 20,
      effort: "lite",
    });
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as { id: string };
    const response = await call("POST", "/v1/watches", { list: id, every: "1d" });
    expect(response.status, await response.clone().text()).toBe(201);
    watch = await nextRun(((await response.json()) as WatchView).id, undefined);
    expect(watch.lastRun).toMatchObject({ outcome: "baseline" });
    expect(watch.lastList).toMatchObject({ status: "done", counts: { matched: 8 } });
  });

  afterAll(() => {
    site.setStatus("/members", null);
    site.setStatus(ASSOCIATES, null);
  });

  it("reports the members of a page that answers 503 as unconfirmed, once, not dropped; dropped once it answers without them", async () => {
    site.setStatus(ASSOCIATES, 503);
    await runNow();
    expect(watch.lastRun).toMatchObject({ outcome: "changed" });
    expect(await latestChanges()).toEqual([
      ["unconfirmed", "Birch Current"],
      ["unconfirmed", "Ember Soil"],
      ["unconfirmed", "Fern Grid"],
      ["unconfirmed", "Tidewell Power"],
    ]);
    // The run's list says which page it could not read.
    const list = (await (await call("GET", `/v1/lists/${watch.lastList!.id}`)).json()) as {
      unreadPages?: Array<{ url: string; code: string; status?: number }>;
    };
    expect(list.unreadPages).toEqual([
      { url: expect.stringMatching(new RegExp(`//${HOST}${ASSOCIATES}$`)), code: "FETCH_HTTP_ERROR", status: 503 },
    ]);
    expect(site.requests.some((request) => request.path === ASSOCIATES && request.status === 503)).toBe(true);

    const events = (await eventsOf(watch.id)).data.length;
    await runNow();
    expect(watch.lastRun).toMatchObject({ outcome: "unchanged" });
    expect((await eventsOf(watch.id)).data).toHaveLength(events);

    site.setStatus(ASSOCIATES, null);
    site.setPage(ASSOCIATES, { body: directory(EMBER, BIRCH, FERN) });
    await runNow();
    expect(watch.lastRun).toMatchObject({ outcome: "changed" });
    expect(await latestChanges()).toEqual([
      ["confirmed", "Birch Current"],
      ["confirmed", "Ember Soil"],
      ["confirmed", "Fern Grid"],
      ["dropped", "Tidewell Power"],
    ]);
  });

  it("fails the run when no listing page can be read, making no event; the member gone is dropped once they answer again", async () => {
    const events = (await eventsOf(watch.id)).data.length;
    const lastList = watch.lastList!.id;
    site.setStatus("/members", 503);
    site.setStatus(ASSOCIATES, 503);
    await runNow();
    expect(watch).toMatchObject({
      status: "failing",
      lastRun: {
        outcome: "failed",
        problem: { code: "RESEARCH_FAILED", detail: expect.stringContaining(`${HOST}/members (503)`) },
      },
      failing: { consecutiveFailures: 1 },
    });
    expect(watch.lastList?.id).toBe(lastList);
    expect((await eventsOf(watch.id)).data).toHaveLength(events);
    // The run's list, the key's newest, failed itself, naming the pages: not done and empty as if nothing matched.
    const [runList] = (
      (await (await call("GET", "/v1/lists?limit=1")).json()) as {
        data: Array<{ status: string; counts: { candidates: number }; problem?: { code: string; detail: string } }>;
      }
    ).data;
    expect(runList).toMatchObject({
      status: "failed",
      counts: { candidates: 0 },
      problem: { code: "RESEARCH_FAILED", detail: expect.stringContaining(`${HOST}/members (503)`) },
      unreadPages: expect.arrayContaining([
        { url: expect.stringMatching(new RegExp(`//${HOST}/members$`)), code: "FETCH_HTTP_ERROR", status: 503 },
        { url: expect.stringMatching(new RegExp(`//${HOST}${ASSOCIATES}$`)), code: "FETCH_HTTP_ERROR", status: 503 },
      ]),
    });
    expect(runList).not.toHaveProperty("stopReason");
    expect(watch.lastRun?.problem).toEqual(runList!.problem);

    site.setStatus("/members", null);
    site.setStatus(ASSOCIATES, null);
    site.setPage("/members", { body: directory(LUMEN, COBALT, AURORA) });
    await runNow();
    expect(watch).toMatchObject({ status: "active", lastRun: { outcome: "changed" } });
    expect(await latestChanges()).toEqual([["dropped", "Quartz Wind"]]);
  });
});
