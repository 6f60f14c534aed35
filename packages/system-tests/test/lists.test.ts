import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyCallbackSignature } from "@dossier/queue";
import {
  type Harness,
  nordicClimateIndex,
  problemOf,
  readEventStream,
  startHarness,
  statedOrDeniedResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const OTHER_KEY = "other-key-fedcba9876543210";
const DIRECTORY = "http://nordicclimateindex.test";
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    extraSites: [nordicClimateIndex],
    env: {
      API_KEYS: `${TEST_API_KEY},${OTHER_KEY}`,
      RATE_LIMIT_CALLS_PER_MINUTE: "10000",
      LIST_MAX_OPEN: "10",
      // The callback receiver listens on loopback.
      FETCH_ALLOW_PRIVATE: "1",
      CALLBACK_BACKOFF_MS: "100",
    },
  });
  harness.model.setResponder(statedOrDeniedResponder);
});
afterAll(async () => harness?.stop());

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

interface ListBody {
  id: string;
  status: string;
  criteria: Array<{ id: string; description: string }>;
  criteriaDerived: boolean;
  counts: { candidates: number; matched: number; unmatched: number; unclear: number };
  stopReason?: string;
  finishedAt: string | null;
  limit: number;
  usage: Record<string, number>;
}

interface ItemBody {
  id: string;
  index: number;
  status: "matched" | "unmatched" | "unclear";
  company?: { name?: string; website?: string };
  foundOn: Array<{ url: string; title: string | null }>;
  verdicts: Array<{
    criterionId: string;
    satisfied: string;
    confidence: number;
    citations: Array<{ url: string; quote: string; source: string }>;
  }>;
}

function get(path: string, key = TEST_API_KEY, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${harness.stack.baseUrl}${path}`, { headers: { "x-api-key": key, ...headers } });
}

async function waitForList(location: string, done: (list: ListBody) => boolean): Promise<ListBody> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const list = (await (await get(location)).json()) as ListBody;
    if (done(list)) return list;
    await sleep(100);
  }
  throw new Error(`${location} did not get there`);
}

const finished = (list: ListBody) => list.finishedAt !== null;

async function allItems(id: string, query = ""): Promise<ItemBody[]> {
  const body = (await (await get(`/v1/lists/${id}/items?limit=1000${query}`)).json()) as { items: ItemBody[] };
  return body.items;
}

const CRITERIA = [
  { id: "climate", description: "is a climate startup" },
  { id: "hiring", description: "is hiring engineers" },
];

/** The directory's members that are climate startups hiring engineers, by their cards. */
const HIRING = ["Aurora Wind Works", "Fjordlight Energy", "Nordkapp Hydrogen", "Skagen Tidal", "Tundra Heat"];

describe("a list of companies from a directory", () => {
  let list: ListBody;
  let items: ItemBody[];

  beforeAll(async () => {
    const accepted = await harness.post("/v1/lists", {
      objective: "climate startups in the Nordics that are hiring engineers",
      entityType: "company",
      criteria: CRITERIA,
      limit: 50,
    });
    expect(accepted.status).toBe(202);
    const location = accepted.headers.get("location")!;
    expect(location).toMatch(/^\/v1\/lists\/l-/);
    // Read back after its runner is queued: a worker may have taken it already.
    expect(await accepted.json()).toMatchObject({
      id: location.split("/").pop(),
      status: expect.stringMatching(/^(?:queued|running)$/),
    });
    list = await waitForList(location, finished);
    items = await allItems(list.id);
  });

  it("finds every member of the paged directory once, and stops when the candidates run out", () => {
    expect(list).toMatchObject({ status: "done", stopReason: "candidates_exhausted", criteriaDerived: false });
    const names = items.map((item) => item.company?.name);
    for (const member of [...HIRING, "Birchwind Carbon", "Saltmarsh Mobility", "Polar Cell Batteries"])
      expect(
        names.filter((name) => name === member),
        member,
      ).toHaveLength(1);
    expect(list.counts.candidates).toBe(items.length);
    expect(list.counts.matched + list.counts.unmatched + list.counts.unclear).toBe(items.length);
    // Found on the directory and on its hiring table: one candidate, both pages kept.
    const fjordlight = items.find((item) => item.company?.name === "Fjordlight Energy")!;
    expect(fjordlight.foundOn.map((found) => found.url)).toEqual(
      expect.arrayContaining([`${DIRECTORY}/members`, `${DIRECTORY}/hiring`]),
    );
    // The second page was reached through "Next".
    const skagen = items.find((item) => item.company?.name === "Skagen Tidal")!;
    expect(skagen.foundOn[0]?.url).toBe(`${DIRECTORY}/members/page-2`);
  });

  it("matches exactly the members whose card proves every criterion, each verdict with its quote", () => {
    const matched = items.filter((item) => item.status === "matched");
    expect(matched.map((item) => item.company?.name).sort()).toEqual(HIRING);
    expect(list.counts.matched).toBe(HIRING.length);
    for (const item of matched) {
      expect(item.verdicts.map((verdict) => verdict.criterionId)).toEqual(["climate", "hiring"]);
      for (const verdict of item.verdicts) {
        expect(verdict.satisfied).toBe("yes");
        expect(verdict.citations.length).toBeGreaterThan(0);
        // Each quote is of this startup: it names it, on a page it was found on.
        for (const citation of verdict.citations) expect(citation.quote).toContain(item.company!.name!);
      }
    }
  });

  it("leaves unmatched only a member a quote denies, and unclear one nothing decides", () => {
    const byName = new Map(items.map((item) => [item.company?.name, item]));
    for (const name of ["Birchwind Carbon", "Polar Cell Batteries"]) {
      const item = byName.get(name)!;
      expect(item.status, name).toBe("unmatched");
      const hiring = item.verdicts.find((verdict) => verdict.criterionId === "hiring")!;
      expect(hiring.satisfied).toBe("no");
      expect(hiring.citations[0]?.quote).toMatch(/is not hiring engineers/);
    }
    const saltmarsh = byName.get("Saltmarsh Mobility")!;
    expect(saltmarsh.status).toBe("unclear");
    expect(saltmarsh.verdicts.find((verdict) => verdict.criterionId === "hiring")).toMatchObject({
      satisfied: "unclear",
      citations: [],
    });
    expect(list.usage.researchRuns).toBeGreaterThanOrEqual(2 * items.length);
    expect(list.usage.searches).toBeGreaterThan(0);
  });

  it("pages the items in a stable order, and filters them by status", async () => {
    const seen: ItemBody[] = [];
    let after = -1;
    for (;;) {
      const response = await get(`/v1/lists/${list.id}/items?after=${after}&limit=3`);
      expect(response.headers.get("x-list-status")).toBe("done");
      const page = (await response.json()) as { items: ItemBody[]; hasMore: boolean };
      seen.push(...page.items);
      if (!page.hasMore) break;
      after = page.items.at(-1)!.index;
    }
    expect(seen.map((item) => item.id)).toEqual(items.map((item) => item.id));
    expect(seen.map((item) => item.index)).toEqual(items.map((_item, index) => index));
    const matched = await allItems(list.id, "&status=matched");
    expect(matched.map((item) => item.id)).toEqual(
      items.filter((item) => item.status === "matched").map((item) => item.id),
    );
  });

  it("gives CSV with one row per item and the verdict, quote and page of each criterion", async () => {
    const response = await get(`/v1/lists/${list.id}/items?format=csv`);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "index,id,status,name,website,linkedinUrl,foundOn,climate,climate.quote,climate.source,hiring,hiring.quote,hiring.source",
    );
    expect(lines).toHaveLength(items.length + 1);
    const fjordlight = lines.find((line) => line.includes("Fjordlight Energy,"))!;
    expect(fjordlight).toMatch(/,matched,Fjordlight Energy,/);
    expect(fjordlight).toContain(",yes,Fjordlight Energy is hiring engineers.,");
  });

  it("is listed for its key only, newest first", async () => {
    const mine = (await (await get("/v1/lists?limit=100")).json()) as { data: ListBody[]; has_more: boolean };
    expect(mine.data.map((one) => one.id)).toContain(list.id);
    const theirs = (await (await get("/v1/lists", OTHER_KEY)).json()) as { data: ListBody[] };
    expect(theirs.data).toEqual([]);
    expect((await get("/v1/lists?limit=0")).status).toBe(422);
  });

  it("is not found by another key, on any of its routes", async () => {
    for (const path of [`/v1/lists/${list.id}`, `/v1/lists/${list.id}/items`, `/v1/lists/${list.id}/events`]) {
      const response = await get(path, OTHER_KEY);
      expect(response.status, path).toBe(404);
      expect((await problemOf(response)).code).toBe("LIST_NOT_FOUND");
    }
    for (const [path, body] of [
      [`/v1/lists/${list.id}/cancel`, {}],
      [`/v1/lists/${list.id}/extend`, { limit: 100 }],
    ] as const) {
      const response = await harness.post(path, body, { "x-api-key": OTHER_KEY });
      expect(response.status, path).toBe(404);
    }
    expect((await get("/v1/lists/l-nosuchlist")).status).toBe(404);
  });

  it("replays its events to a late follower: candidates, each item with its verdicts, then done", async () => {
    const stream = await readEventStream(await get(`/v1/lists/${list.id}/events`));
    const names = stream.events.map((event) => event.event);
    expect(names[0]).toBe("progress");
    expect(names.at(-1)).toBe("done");
    expect(names.filter((name) => name === "candidate")).toHaveLength(list.counts.candidates);
    const matched = stream.events.filter((event) => event.event === "matched").map((event) => JSON.parse(event.data));
    expect(matched.map((item: ItemBody) => item.company?.name).sort()).toEqual(HIRING);
    expect(JSON.parse(stream.events.at(-1)!.data)).toMatchObject({ id: list.id, status: "done" });
    const resumed = await get(`/v1/lists/${list.id}/events`, TEST_API_KEY, { "last-event-id": "done" });
    expect(resumed.status).toBe(204);
  });
});

describe("a list from a directory whose entries link to profile pages", () => {
  it("reads each entry's profile for its website, and researches the company with it", async () => {
    const accepted = await harness.post("/v1/lists", {
      objective: "companies with profiles on FirmRegister",
      entityType: "company",
      criteria: [{ id: "boston", description: "is headquartered in Boston" }],
      limit: 20,
    });
    const list = await waitForList(accepted.headers.get("location")!, finished);
    const items = await allItems(list.id);
    const registered = items.filter((item) =>
      item.foundOn.some((found) => found.url.startsWith("http://firmregister.test/")),
    );
    expect(registered.map((item) => item.company?.name).sort()).toEqual([
      "Alder & Finch Architects",
      "Brightleaf Payments Ltd",
      "Harborview Health",
      "Kestrel Security B.V.",
      "Lindenhof Analytics GmbH",
      "Meridian Solar Systems",
      "Northwind Robotics",
      "Quillstone",
    ]);
    const northwind = registered.find((item) => item.company?.name === "Northwind Robotics")!;
    expect(northwind.company?.website).toBe("https://northwind-robotics.test");
    expect(northwind.foundOn.map((found) => found.url)).toEqual([
      "http://firmregister.test/companies",
      "http://firmregister.test/companies/northwind-robotics",
    ]);
    // A profile page's facts ("Founded: 2016") are not entities.
    expect(items.map((item) => item.company?.name)).not.toContain("Founded");
    // Each has its website: from its profile, or from its own home page when a search found that too.
    expect(registered.every((item) => /^https?:\/\/[^/]+$/.test(item.company?.website ?? ""))).toBe(true);
  });
});

describe("a list of people from a team page", () => {
  it("takes each person with their title and organisation, and matches on a quote from their own card", async () => {
    const accepted = await harness.post("/v1/lists", {
      objective: "the leadership team of Northwind Robotics",
      entityType: "person",
      criteria: [{ id: "boston", description: "leads the company from Boston" }],
      limit: 20,
    });
    const list = await waitForList(accepted.headers.get("location")!, finished);
    expect(list.status).toBe("done");
    const items = (await allItems(list.id)) as Array<ItemBody & { person?: Record<string, unknown> }>;
    const dana = items.find((item) => item.person?.lastName === "Whitfield");
    expect(dana?.person).toMatchObject({
      firstName: "Dana",
      lastName: "Whitfield",
      title: "Chief Executive Officer and Co-founder",
      company: { name: "Northwind Robotics", website: "http://northwind-robotics.test" },
    });
    expect(dana?.status).toBe("matched");
    expect(dana?.verdicts[0]?.citations[0]?.quote).toMatch(/leads the company from Boston/);
    // Every quote of a match names the person it is about.
    for (const item of items.filter((one) => one.status === "matched"))
      for (const citation of item.verdicts[0]!.citations)
        expect(citation.quote).toContain(String(item.person?.firstName));
    expect(items.map((item) => item.person?.lastName)).toEqual(
      expect.arrayContaining(["Whitfield", "Porter", "Oyelaran", "Chen", "Marsh"]),
    );
  });
});

describe("list control", () => {
  it("stops at its limit, and goes on when extended", async () => {
    const accepted = await harness.post("/v1/lists", {
      objective: "climate startups hiring engineers",
      entityType: "company",
      criteria: CRITERIA,
      limit: 2,
    });
    const location = accepted.headers.get("location")!;
    const stopped = await waitForList(location, finished);
    expect(stopped).toMatchObject({ status: "done", stopReason: "limit_reached", counts: { matched: 2 } });
    const extended = await harness.post(`${location}/extend`, { limit: 4 });
    expect(extended.status).toBe(200);
    expect(await extended.json()).toMatchObject({ status: "running", limit: 4 });
    const again = await waitForList(location, finished);
    expect(again).toMatchObject({ status: "done", stopReason: "limit_reached", counts: { matched: 4 } });
    const tooLow = await harness.post(`${location}/extend`, { limit: 3 });
    expect(tooLow.status).toBe(422);
    expect((await problemOf(tooLow)).errors?.[0]?.path).toBe("limit");
  });

  it("researches each match's outputSchema fields, and gives each field a CSV column", async () => {
    const accepted = await harness.post("/v1/lists", {
      objective: "climate startups hiring engineers with their city",
      entityType: "company",
      criteria: CRITERIA,
      limit: 2,
      outputSchema: { type: "object", properties: { city: { type: "string", description: "The city it is from" } } },
    });
    const done = await waitForList(accepted.headers.get("location")!, finished);
    expect(done).toMatchObject({ status: "done", stopReason: "limit_reached", counts: { matched: 2 } });
    const matched = await allItems(done.id, "&status=matched");
    expect(matched).toHaveLength(2);
    for (const item of matched) expect(item).toHaveProperty("answerObject.city");
    const csv = await (await get(`/v1/lists/${done.id}/items?format=csv`)).text();
    expect(csv.split("\r\n")[0]).toMatch(/,hiring\.source,city$/);
  });

  it("leaves out what the caller excludes, and derives the criteria when none are given", async () => {
    const accepted = await harness.post("/v1/lists", {
      objective: "climate startups that are hiring engineers",
      entityType: "company",
      exclude: [{ name: "Tundra Heat" }, { website: "fjordlight.example" }],
      limit: 50,
    });
    const done = await waitForList(accepted.headers.get("location")!, finished);
    expect(done.criteriaDerived).toBe(true);
    expect(done.criteria).toEqual([
      { id: "c1", description: "is a climate startup" },
      { id: "c2", description: "is hiring engineers" },
    ]);
    const names = (await allItems(done.id)).map((item) => item.company?.name);
    expect(names).not.toContain("Tundra Heat");
    expect(names).toContain("Fjordlight Energy");
  });

  it("answers a retried submission with the same list, and refuses the key with another body", async () => {
    const body = {
      objective: "climate startups hiring engineers (idempotent)",
      entityType: "company",
      criteria: CRITERIA,
      limit: 1,
    };
    const first = await harness.post("/v1/lists", body, { "idempotency-key": "list-key-1" });
    const again = await harness.post("/v1/lists", body, { "idempotency-key": "list-key-1" });
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    const other = await harness.post("/v1/lists", { ...body, limit: 2 }, { "idempotency-key": "list-key-1" });
    expect(other.status).toBe(409);
    expect((await problemOf(other)).code).toBe("LIST_IDEMPOTENCY_CONFLICT");
    await waitForList(first.headers.get("location")!, finished);
  });

  it("announces a finished list with a signed callback", async () => {
    const deliveries: Array<{ body: string; signature: string | undefined; event: string | undefined }> = [];
    const receiver: Server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        deliveries.push({
          body: Buffer.concat(chunks).toString("utf8"),
          signature: request.headers["dossier-signature"] as string | undefined,
          event: request.headers["dossier-event"] as string | undefined,
        });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const accepted = await harness.post("/v1/lists", {
        objective: "climate startups hiring engineers (callback)",
        entityType: "company",
        criteria: CRITERIA,
        limit: 1,
        callbackUrl: `http://127.0.0.1:${port}/hooks/lists`,
      });
      const done = await waitForList(accepted.headers.get("location")!, finished);
      for (let attempt = 0; attempt < 100 && deliveries.length === 0; attempt += 1) await sleep(100);
      expect(deliveries).toHaveLength(1);
      const { secret } = (await (await get("/v1/callback-secret")).json()) as { secret: string };
      expect(verifyCallbackSignature(secret, deliveries[0]!.body, deliveries[0]!.signature)).toBe(true);
      expect(deliveries[0]!.event).toBe("list.completed");
      expect(JSON.parse(deliveries[0]!.body)).toMatchObject({
        type: "list.completed",
        list: { id: done.id, status: "done", stopReason: "limit_reached" },
        itemsUrl: `/v1/lists/${done.id}/items`,
      });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it("cancels: the status changes at once and no item is added after", async () => {
    harness.model.setLatency(400);
    try {
      const accepted = await harness.post("/v1/lists", {
        objective: "climate startups in the Nordics directory members",
        entityType: "company",
        criteria: [{ id: "storage", description: "builds grid storage for a slow test" }],
        limit: 50,
      });
      const location = accepted.headers.get("location")!;
      await waitForList(location, (list) => list.counts.candidates > 0);
      const cancelled = await harness.post(`${location}/cancel`, {});
      expect(cancelled.status).toBe(200);
      expect(await cancelled.json()).toMatchObject({ status: "cancelled", stopReason: "cancelled" });
      const after = await waitForList(location, finished);
      const count = after.counts.matched + after.counts.unmatched + after.counts.unclear;
      await sleep(1_000);
      const later = (await (await get(location)).json()) as ListBody;
      expect(later.counts.matched + later.counts.unmatched + later.counts.unclear).toBe(count);
      expect(later.status).toBe("cancelled");
    } finally {
      harness.model.setLatency(0);
    }
  });

  it.each([
    ["an empty objective", { objective: "  ", entityType: "company" }, "objective"],
    ["a limit of 0", { objective: "x", entityType: "company", limit: 0 }, "limit"],
    ["a limit of 10,001", { objective: "x", entityType: "company", limit: 10_001 }, "limit"],
    [
      "50 criteria",
      {
        objective: "x",
        entityType: "company",
        criteria: Array.from({ length: 50 }, (_, index) => ({ description: `criterion ${index}` })),
      },
      "criteria",
    ],
    [
      "an outputSchema outside the subset",
      { objective: "x", entityType: "company", outputSchema: { type: "array" } },
      "outputSchema.type",
    ],
    ["an entity type it does not know", { objective: "x", entityType: "startup" }, "entityType"],
  ])("refuses %s with a problem naming the field", async (_name, body, path) => {
    const response = await harness.post("/v1/lists", body);
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const problem = await problemOf(response);
    expect(problem.code).toBe("REQUEST_VALIDATION_FAILED");
    expect(problem.errors?.map((error) => error.path)).toContain(path);
  });
});

describe("a list whose worker is killed", () => {
  it("is taken over by another worker and ends with every candidate decided once", async () => {
    const fleet = await startHarness({
      extraSites: [nordicClimateIndex],
      workers: 2,
      env: { JOB_LOCK_MS: "2000", RATE_LIMIT_CALLS_PER_MINUTE: "10000" },
    });
    try {
      fleet.model.setResponder(statedOrDeniedResponder);
      fleet.model.setLatency(250);
      const accepted = await fleet.post("/v1/lists", {
        objective: "climate startups in the Nordics that are hiring engineers",
        entityType: "company",
        criteria: CRITERIA,
        limit: 50,
      });
      const location = accepted.headers.get("location")!;
      const read = async () =>
        (await (
          await fetch(`${fleet.stack.baseUrl}${location}`, { headers: { "x-api-key": TEST_API_KEY } })
        ).json()) as ListBody;
      for (let attempt = 0; attempt < 300 && (await read()).counts.candidates === 0; attempt += 1) await sleep(50);
      // Both workers run research; whichever runs the list, killing one kills a runner or research mid-way.
      fleet.stack.workers[0]!.kill("SIGKILL");
      await fleet.stack.workers[0]!.exited;
      fleet.stack.workers[1]!.kill("SIGKILL");
      await fleet.stack.workers[1]!.exited;
      await fleet.stack.startWorker();
      let list = await read();
      for (let attempt = 0; attempt < 600 && list.finishedAt === null; attempt += 1) {
        await sleep(100);
        list = await read();
      }
      expect(list).toMatchObject({ status: "done", stopReason: "candidates_exhausted" });
      const response = await fetch(`${fleet.stack.baseUrl}${location}/items?limit=1000`, {
        headers: { "x-api-key": TEST_API_KEY },
      });
      const { items } = (await response.json()) as { items: ItemBody[] };
      expect(items).toHaveLength(list.counts.candidates);
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
      expect(
        items
          .filter((item) => item.status === "matched")
          .map((item) => item.company?.name)
          .sort(),
      ).toEqual(HIRING);
    } finally {
      await fleet.stop();
    }
  }, 120_000);
});
