import { describe, expect, it } from "vitest";
import type { ListCandidate, StoredListItem } from "../lists/list-store.js";
import { compareListItems, type ListIdentity } from "./compare-list-items.js";

/** The name of an item a change carries (`before` and `after` are any value of the watched answer). */
const nameOf = (value: unknown) => (value as { name?: string } | null)?.name;

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
  extra: { id?: string; website?: string; quote?: string; page?: string } = {},
): StoredListItem {
  const satisfied = status === "matched" ? "yes" : status === "unmatched" ? "no" : "unclear";
  const quote = extra.quote ?? (satisfied === "no" ? `${name} is not hiring.` : `${name} is hiring engineers.`);
  const page = extra.page ?? DIRECTORY;
  return {
    id: extra.id ?? `i-${name.replace(/\W/g, "")}`,
    status,
    company: { name, ...(extra.website ? { website: extra.website } : {}) },
    foundOn: [{ url: page, title: "Members" }],
    verdicts: [
      {
        criterionId: "hiring",
        satisfied,
        confidence: satisfied === "unclear" ? 0.1 : 0.8,
        citations:
          satisfied === "unclear" ? [] : [{ url: page, title: "Members", quote, publishedAt: null, source: "page" }],
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

  describe("when a page could not be read", () => {
    const ASSOCIATES = "https://directory.example/associates";
    const PAGE_TWO = "https://directory.example/associates?page=2";
    const twoPages = compareListItems(
      null,
      run(
        item("Acme", "matched"),
        item("Globex", "matched", { page: ASSOCIATES }),
        item("Initech", "matched", { page: PAGE_TWO }),
      ),
      identify,
    );
    const unavailable = (...urls: string[]) => urls.map((url) => ({ url, code: "FETCH_HTTP_ERROR", status: 503 }));
    /** A run that read `read` and could not read `unread`, and decided the matches it found. */
    const partly = (read: string[], unread: string[], ...items: StoredListItem[]) => ({
      ...run(...items),
      discovery: { read, unreadPages: unavailable(...unread), failedSearches: [] },
    });

    it("reports the matches only that page listed as unconfirmed, once, never dropped, and dropped once it is read without them", () => {
      const down = compareListItems(
        twoPages.memory,
        partly([DIRECTORY], [ASSOCIATES], item("Acme", "matched")),
        identify,
      );
      // Globex was on the page that answered 503; Initech on its next page, which the run never reached.
      expect(down.changes).toEqual([
        {
          field: "items",
          kind: "unconfirmed",
          before: expect.objectContaining({ name: "Globex" }),
          after: null,
          citations: { before: [expect.objectContaining({ quote: "Globex is hiring engineers." })], after: [] },
        },
        expect.objectContaining({ kind: "unconfirmed", before: expect.objectContaining({ name: "Initech" }) }),
      ]);
      expect(down.memory.items.map((remembered) => remembered.value.name)).toEqual(["Acme", "Globex", "Initech"]);
      const stillDown = compareListItems(
        down.memory,
        partly([DIRECTORY], [ASSOCIATES], item("Acme", "matched")),
        identify,
      );
      expect(stillDown.changes).toEqual([]);
      const back = compareListItems(
        stillDown.memory,
        partly(
          [DIRECTORY, ASSOCIATES, PAGE_TWO],
          [],
          item("Acme", "matched"),
          item("Globex", "matched", { page: ASSOCIATES }),
        ),
        identify,
      );
      expect(back.changes.map((change) => [change.kind, nameOf(change.before) ?? nameOf(change.after)])).toEqual([
        ["confirmed", "Globex"],
        ["dropped", "Initech"],
      ]);
    });

    it("drops a match whose own page was read without it, whatever other page failed", () => {
      const gone = compareListItems(
        twoPages.memory,
        partly(
          [DIRECTORY, ASSOCIATES, PAGE_TWO],
          ["https://elsewhere.example/members"],
          item("Acme", "matched"),
          item("Initech", "matched", { page: PAGE_TWO }),
        ),
        identify,
      );
      expect(gone.changes).toEqual([
        expect.objectContaining({ kind: "dropped", before: expect.objectContaining({ name: "Globex" }) }),
      ]);
    });

    it("reports a match as unconfirmed when a search failed and none of its pages was read", () => {
      const searchDown = compareListItems(
        twoPages.memory,
        {
          ...run(item("Acme", "matched")),
          discovery: {
            read: [DIRECTORY],
            unreadPages: [],
            failedSearches: [{ query: "climate startups", code: "SEARCH_PROVIDER_FAILED" }],
          },
        },
        identify,
      );
      expect(searchDown.changes.map((change) => [change.kind, nameOf(change.before)])).toEqual([
        ["unconfirmed", "Globex"],
        ["unconfirmed", "Initech"],
      ]);
    });

    it("reports a remembered match without its pages (kept before they were) as unconfirmed while a page failed", () => {
      const legacy = {
        items: twoPages.memory.items.map(({ foundOn: _foundOn, ...remembered }) => remembered),
      };
      const down = compareListItems(legacy, partly([DIRECTORY], [ASSOCIATES], item("Acme", "matched")), identify);
      expect(down.changes.map((change) => [change.kind, nameOf(change.before)])).toEqual([
        ["unconfirmed", "Globex"],
        ["unconfirmed", "Initech"],
      ]);
      const read = compareListItems(
        legacy,
        partly([DIRECTORY, ASSOCIATES, PAGE_TWO], [], item("Acme", "matched")),
        identify,
      );
      expect(read.changes.map((change) => change.kind)).toEqual(["dropped", "dropped"]);
    });
  });
});
