import { Dossier, DossierApiError, type Watch } from "@dossier/client";
import { companyRequest, type Harness, startHarness, TEST_API_KEY } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
let dossier: Dossier;

beforeAll(async () => {
  harness = await startHarness();
  dossier = new Dossier({ baseUrl: harness.stack.baseUrl, apiKey: TEST_API_KEY, retryBaseDelayMs: 50 });
});
afterAll(async () => harness?.stop());

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The watch once it has recorded a run other than `afterRunId`. */
async function nextRun(id: string, afterRunId: string | undefined): Promise<Watch> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const watch = await dossier.getWatch(id);
    if (watch.lastRun && watch.lastRun.id !== afterRunId) return watch;
    await sleep(50);
  }
  throw new Error(`watch ${id} recorded no run`);
}

describe("watches", () => {
  it("makes, runs, lists and deletes a watch, typed", async () => {
    const created = await dossier.createWatch({
      request: {
        type: "company",
        request: companyRequest("How many people does the company employ? (client watch)", { responseType: "NUMBER" }),
      },
      every: "12h",
      metadata: { source: "client" },
    });
    expect(created).toMatchObject({ id: expect.stringMatching(/^w-/), every: "12h", everySeconds: 43_200 });
    const baseline = await nextRun(created.id, undefined);
    expect(baseline.lastRun?.outcome).toBe("baseline");

    expect(await dossier.runWatch(created.id)).toEqual({ watchId: created.id, status: "queued" });
    const again = await nextRun(created.id, baseline.lastRun!.id);
    expect(again.lastRun).toMatchObject({ trigger: "manual", outcome: "unchanged" });
    expect(await dossier.watchEvents(created.id, { limit: 5 })).toEqual({ data: [], has_more: false });
    expect((await dossier.listWatches({ limit: 10 })).data.map((watch) => watch.id)).toContain(created.id);

    await dossier.deleteWatch(created.id);
    const gone = await dossier.getWatch(created.id).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(DossierApiError);
    expect(gone).toMatchObject({ status: 404, code: "WATCH_NOT_FOUND" });
  });

  it("watches a list: the watch keeps the list's definition and sets its baseline with a list of its own", async () => {
    const list = await dossier.createList({
      objective: "robotics companies that sell to bakeries",
      entityType: "company",
      criteria: [{ id: "bakeries", description: "sells to bakeries" }],
      limit: 5,
      effort: "lite",
    });
    const created = await dossier.createWatch({ list: list.id, every: "1d" });
    expect(created).toMatchObject({
      list: list.id,
      listRequest: {
        objective: "robotics companies that sell to bakeries",
        criteria: [{ id: "bakeries", description: "sells to bakeries" }],
        limit: 5,
      },
    });
    const baseline = await nextRun(created.id, undefined);
    expect(baseline.lastRun?.outcome).toBe("baseline");
    expect(baseline.lastList).toMatchObject({ id: expect.stringMatching(/^l-/), status: "done" });
    expect((await dossier.getList(baseline.lastList!.id)).watchId).toBe(created.id);
    await dossier.deleteWatch(created.id);
  });

  it("follows a watch live until it is deleted", async () => {
    const created = await dossier.createWatch({
      request: {
        type: "company",
        request: companyRequest("Is the company hiring? (client live)", { responseType: "BOOL" }),
      },
      every: "1d",
    });
    const baseline = await nextRun(created.id, undefined);
    const seen: string[] = [];
    const following = (async () => {
      for await (const event of dossier.events({ watchId: created.id })) {
        seen.push(event.type);
        if (event.type === "watch") await dossier.runWatch(created.id);
        if (event.type === "run") {
          expect(event.data.lastRun.id).not.toBe(baseline.lastRun!.id);
          await dossier.deleteWatch(created.id);
        }
      }
    })();
    await following;
    expect(seen).toEqual(["watch", "run", "deleted"]);
  });

  it("throws the 422 that names a bad interval", async () => {
    const refused = await dossier
      .createWatch({ request: { type: "company", request: companyRequest("Hiring?") }, every: "5m" })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "REQUEST_VALIDATION_FAILED", problem: { errors: [{ path: "every" }] } });
  });
});
