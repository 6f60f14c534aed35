import { describe, expect, it } from "vitest";
import { assertPremises, BrokenPremiseError, countsSince } from "./premise.js";
import { NO_EVIDENCE, STORED } from "./queue-bench.js";

const quiet = { searches: 120, searchHits: 0, pages: 0, modelCalls: 0 };

describe("assertPremises", () => {
  it("passes a no-evidence run whose search found nothing, read no page and asked no model", () => {
    expect(() => assertPremises("no evidence", NO_EVIDENCE, { calls: 120, ...quiet })).not.toThrow();
  });

  it("fails a no-evidence run whose jobs called the model, naming the scenario, the premise and the counts", () => {
    const counts = countsSince(
      { searches: 0, searchHits: 0, pages: 0, modelCalls: 0 },
      { searches: 240, searchHits: 120, pages: 1, modelCalls: 120 },
      120,
    );
    expect(() => assertPremises("50 connections, no evidence (no page, no model call)", NO_EVIDENCE, counts)).toThrow(
      new BrokenPremiseError("50 connections, no evidence (no page, no model call)", [
        { premise: "no search result", observed: "120 searches with results for 120 calls", holds: false },
        { premise: "no page", observed: "1 pages served for 120 calls", holds: false },
        { premise: "no model call", observed: "120 model calls for 120 calls", holds: false },
      ]),
    );
    expect(() => assertPremises("no evidence", NO_EVIDENCE, counts)).toThrow(
      /"no evidence" does not measure what it says: "no search result" does not hold/,
    );
  });

  it("fails a stored-result run that searched, and a run said to call the model that did not every time", () => {
    expect(() => assertPremises("stored", STORED, { calls: 50, ...quiet })).toThrow(/"no search" does not hold/);
    expect(() =>
      assertPremises("instant model", ["a model call per call"], { calls: 50, ...quiet, modelCalls: 49 }),
    ).toThrow(/"a model call per call" does not hold \(49 model calls for 50 calls\)/);
  });

  it("fails a premise the world cannot count rather than taking it as holding", () => {
    expect(() =>
      assertPremises("uncounted", ["no search result"], { calls: 1, searches: 1, pages: 0, modelCalls: 0 }),
    ).toThrow(/searches with results not counted/);
  });
});
