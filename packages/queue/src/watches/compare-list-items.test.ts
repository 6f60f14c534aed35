import { describe, expect, it } from "vitest";
import type { ListCandidate, StoredListItem } from "../lists/list-store.js";
import { compareListItems, type ListIdentity } from "./compare-list-items.js";

const DIRECTORY = "https://directory.example/members";

/** The list's dedupe keys, reduced: the website's host and the name without case or legal form. */
const identify: ListIdentity = (subject) => {
  const company = subject.company ?? {};
  const keys: string[] = [];
  if (company.website) keys.push(`web:${new URL(company.website).hostname}`);
  if (company.name) keys.push(`name:${company.name.toLowerCase().replace(/\s+(inc|ltd)\.?$/, "")}`);
  return keys;
};

function item(
  name: string,
  status: StoredListItem["status"],
  extra: { id?: string; website?: string; quote?: string } = {},
): StoredListItem {
  const satisfied = status === "matched" ? "yes" : status === "unmatched" ? "no" : "unclear";
  const quote = extra.quote ?? (satisfied === "no" ? `${name} is not hiring.` : `${name} is hiring engineers.`);
  return {
    id: extra.id ?? `i-${name.replace(/\W/g, "")}`,
    status,
    company: { name, ...(extra.website ? { website: extra.website } : {}) },
    foundOn: [{ url: DIRECTORY, title: "Members" }],
    verdicts: [
      {
        criterionId: "hiring",
        satisfied,
        confidence: satisfied === "unclear" ? 0.1 : 0.8,
        citations:
          satisfied === "unclear"
            ? []
            : [{ url: DIRECTORY, title: "Members", quote, publishedAt: null, source: "page" }],
      },
    ],
  };
}

const candidate = (listed: StoredListItem): ListCandidate => ({
  id: listed.id,
  name: listed.company?.name ?? "",
  ...(listed.company ? { company: listed.company } : {}),
  foundOn: listed.foundOn,
  cards: [],
});

/** One run that decided every candidate it found. */
const run = (...items: StoredListItem[]) => ({ items, candidates: items.map(candidate) });

describe("compareListItems", () => {
  const baseline = compareListItems(null, run(item("Acme", "matched"), item("Globex", "matched")), identify);

  it("sets a baseline without changes", () => {
    expect(baseline.changes).toEqual([]);
    expect(baseline.memory.items.map((remembered) => remembered.value.name)).toEqual(["Acme", "Globex"]);
  });

  it("reports a match added, with the quote of each criterion, and nothing for the same matches in another order", () => {
    const reordered = compareListItems(
      baseline.memory,
      run(item("Globex", "matched"), item("Acme", "matched")),
      identify,
    );
    expect(reordered.changes).toEqual([]);
    const added = compareListItems(
      baseline.memory,
      run(item("Globex", "matched"), item("Initech", "matched"), item("Acme", "matched")),
      identify,
    );
    expect(added.changes).toEqual([
      {
        field: "items",
        kind: "added",
        before: null,
        after: { id: "i-Initech", name: "Initech", company: { name: "Initech" } },
        citations: {
          before: [],
          after: [{ url: DIRECTORY, title: "Members", quote: "Initech is hiring engineers.", criterionId: "hiring" }],
        },
      },
    ]);
  });

  it("knows an entity by any of its keys: a name written with its legal form and a website found later", () => {
    const found = compareListItems(
      baseline.memory,
      run(item("Acme Inc", "matched", { id: "i-other", website: "https://acme.example" }), item("Globex", "matched")),
      identify,
    );
    expect(found.changes).toEqual([]);
    // Then known by its website alone.
    const renamed = compareListItems(
      found.memory,
      run(
        item("Acme Robotics", "matched", { id: "i-third", website: "https://acme.example" }),
        item("Globex", "matched"),
      ),
      identify,
    );
    expect(renamed.changes).toEqual([]);
  });

  it("drops a match no page lists any more, or one a quote now denies, with the quotes before and after", () => {
    const gone = compareListItems(baseline.memory, run(item("Acme", "matched")), identify);
    expect(gone.changes).toEqual([
      {
        field: "items",
        kind: "dropped",
        before: expect.objectContaining({ name: "Globex" }),
        after: null,
        citations: { before: [expect.objectContaining({ quote: "Globex is hiring engineers." })], after: [] },
      },
    ]);
    const denied = compareListItems(
      baseline.memory,
      run(item("Acme", "matched"), item("Globex", "unmatched")),
      identify,
    );
    expect(denied.changes).toEqual([
      expect.objectContaining({
        kind: "dropped",
        citations: {
          before: [expect.objectContaining({ quote: "Globex is hiring engineers." })],
          after: [expect.objectContaining({ quote: "Globex is not hiring.", criterionId: "hiring" })],
        },
      }),
    ]);
  });

  it("reports a match nothing proves any more as unconfirmed once, and confirmed when it is proven again", () => {
    const unclear = compareListItems(
      baseline.memory,
      run(item("Acme", "matched"), item("Globex", "unclear")),
      identify,
    );
    expect(unclear.changes.map((change) => change.kind)).toEqual(["unconfirmed"]);
    const still = compareListItems(unclear.memory, run(item("Acme", "matched"), item("Globex", "unclear")), identify);
    expect(still.changes).toEqual([]);
    const again = compareListItems(still.memory, run(item("Acme", "matched"), item("Globex", "matched")), identify);
    expect(again.changes.map((change) => change.kind)).toEqual(["confirmed"]);
  });

  it("says nothing of a match the run found but did not decide (the list stopped at its limit)", () => {
    const acme = item("Acme", "matched");
    const stopped = compareListItems(
      baseline.memory,
      { items: [acme], candidates: [candidate(acme), candidate(item("Globex", "matched"))] },
      identify,
    );
    expect(stopped.changes).toEqual([]);
    expect(stopped.memory.items.map((remembered) => remembered.value.name)).toEqual(["Acme", "Globex"]);
  });
});
