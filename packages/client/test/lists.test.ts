import { Dossier, DossierApiError, type ListEvent, type ListItem } from "@dossier/client";
import {
  type Harness,
  nordicClimateIndex,
  startHarness,
  statedOrDeniedResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
let dossier: Dossier;

beforeAll(async () => {
  harness = await startHarness({ extraSites: [nordicClimateIndex] });
  harness.model.setResponder(statedOrDeniedResponder);
  dossier = new Dossier({ baseUrl: harness.stack.baseUrl, apiKey: TEST_API_KEY, retryBaseDelayMs: 50 });
});
afterAll(async () => harness?.stop());

describe("lists", () => {
  it("starts a list, follows its events to the end, and reads its items and CSV", async () => {
    const list = await dossier.createList({
      objective: "climate startups that are hiring engineers",
      entityType: "company",
      criteria: [
        { id: "climate", description: "is a climate startup" },
        { id: "hiring", description: "is hiring engineers" },
      ],
      limit: 3,
    });
    // Read back after its runner is queued: a worker may have taken it already.
    expect(list).toMatchObject({
      id: expect.stringMatching(/^l-/),
      status: expect.stringMatching(/^(?:queued|running)$/),
    });
    const events: ListEvent[] = [];
    for await (const event of dossier.events({ listId: list.id })) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: "done", data: { id: list.id, stopReason: "limit_reached" } });
    const matched = events.filter((event) => event.type === "matched");
    expect(matched).toHaveLength(3);

    const items: ListItem[] = [];
    for await (const item of dossier.listItems(list.id, { status: "matched" })) items.push(item);
    expect(items.map((item) => item.company?.name).sort()).toEqual(
      matched.map((event) => (event.data as ListItem).company?.name).sort(),
    );
    const csv = await dossier.listItemsCsv(list.id, { status: "matched" });
    expect(csv.trim().split("\r\n")).toHaveLength(4);
  });

  it("throws the problem of a bad request, naming the field", async () => {
    const error = await dossier.createList({ objective: "", entityType: "company" }).catch((caught) => caught);
    expect(error).toBeInstanceOf(DossierApiError);
    expect((error as DossierApiError).problem.errors?.[0]?.path).toBe("objective");
    const missing = await dossier.getList("l-missing").catch((caught) => caught);
    expect((missing as DossierApiError).problem.code).toBe("LIST_NOT_FOUND");
  });
});
