import { type Harness, lanternfishWorld, startHarness, statedOrDeniedResponder, TEST_API_KEY } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const SPONSORS = "http://lanternfish.test/sponsors";
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ extraSites: lanternfishWorld });
  harness.model.setResponder(statedOrDeniedResponder);
});
afterAll(async () => harness?.stop());

interface ListBody {
  id: string;
  status: string;
  finishedAt: string | null;
  stopReason?: string;
}

interface ItemBody {
  status: "matched" | "unmatched" | "unclear";
  company?: { name?: string; website?: string };
  foundOn: Array<{ url: string }>;
  verdicts: Array<{ satisfied: string; citations: Array<{ url: string; quote: string }> }>;
}

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${harness.stack.baseUrl}${path}`, { headers: { "x-api-key": TEST_API_KEY } });
  return (await response.json()) as T;
}

describe("a list from a sponsors page of logos only", () => {
  let items: ItemBody[];

  beforeAll(async () => {
    const accepted = await harness.post("/v1/lists", {
      objective: "sponsors of the Lanternfish Foundation that offer a free plan for open-source projects",
      entityType: "company",
      criteria: [{ id: "oss", description: "offers a free plan for open-source projects" }],
      limit: 10,
    });
    expect(accepted.status).toBe(202);
    const location = accepted.headers.get("location")!;
    let list = await get<ListBody>(location);
    // The list's state says when it is done: its runner sets finishedAt once it stopped.
    for (let attempt = 0; list.finishedAt === null && attempt < 600; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      list = await get<ListBody>(location);
    }
    expect(list).toMatchObject({ status: "done", stopReason: "candidates_exhausted" });
    items = (await get<{ items: ItemBody[] }>(`/v1/lists/${list.id}/items?limit=1000`)).items;
  });

  it("takes each logo as a candidate, named by its label or the site it links to, with that site", () => {
    const fromLogos = items.filter((item) => item.foundOn.some((found) => found.url === SPONSORS));
    expect(
      fromLogos
        .map((item) => [item.company?.name, item.company?.website ?? null])
        .sort(([left], [right]) => String(left).localeCompare(String(right))),
    ).toEqual([
      ["Alder & Finch", null],
      ["Copperline Hosting", "https://copperline.test"],
      ["driftmark.test", "https://driftmark.test"],
      ["Kestrel Security", "https://kestrel-security.test"],
      ["Larkspur Labs", null],
      ["Meridian Solar", "https://meridian-solar.test"],
      ["Pebblewave", "https://pebblewave.test"],
      ["Saltgrass Analytics", "https://saltgrass.test"],
    ]);
    // Neither a file name, a tier's heading nor a former sponsor is a candidate.
    const names = items.map((item) => item.company?.name);
    for (const name of ["logo.png", "Platinum sponsors", "Gold sponsors", "Brightleaf Payments"])
      expect(names).not.toContain(name);
  });

  it("matches a logo only on a quote of the sponsor's own site or one that names it, never on the logo", () => {
    const matched = items.filter((item) => item.status === "matched");
    expect(matched.map((item) => item.company?.name).sort()).toEqual([
      "Copperline Hosting",
      "Larkspur Labs",
      "Pebblewave",
      "driftmark.test",
    ]);
    for (const item of matched) {
      const [citation] = item.verdicts[0]!.citations;
      expect(citation?.url).not.toBe(SPONSORS);
      expect(citation?.quote).toContain("offers a free plan for open-source projects");
    }
    const verdictOf = (name: string) => items.find((item) => item.company?.name === name)?.status;
    // Its own site denies it.
    expect(verdictOf("Saltgrass Analytics")).toBe("unmatched");
    // Nothing says either way: the logo alone proves nothing.
    expect(verdictOf("Kestrel Security")).toBe("unclear");
    expect(verdictOf("Alder & Finch")).toBe("unclear");
  });
});
