import { describe, expect, it } from "vitest";
import { assertPremises, BrokenPremiseError, checkAnswered, countsSince } from "./premise.js";
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

describe("the premise that Redis refused writes", () => {
  const run = { calls: 3_000, searches: 0, pages: 0, modelCalls: 3_000 };

  it("holds when Redis refused at least one write as out of memory", () => {
    expect(() =>
      assertPremises("redis-full", ["Redis refused writes"], { ...run, redisRefusals: 1_567 }),
    ).not.toThrow();
  });

  it("fails when Redis never refused a write, or when the refusals were not counted", () => {
    expect(() => assertPremises("redis-full", ["Redis refused writes"], { ...run, redisRefusals: 0 })).toThrow(
      /"redis-full" does not measure what it says: "Redis refused writes" does not hold \(0 writes refused as out of memory for 3000 calls\)/,
    );
    expect(() => assertPremises("redis-full", ["Redis refused writes"], run)).toThrow(/refused writes not counted/);
  });
});

describe("checkAnswered", () => {
  it("holds when the call answered the status the scenario needs, and otherwise says what it answered", () => {
    expect(checkAnswered(422, 422, "{}")).toEqual({ premise: "answered 422", observed: "answered 422", holds: true });
    const refused = checkAnswered(202, 429, '{"code":"RATE_LIMITED"}');
    expect(refused).toEqual({
      premise: "answered 202",
      observed: 'answered 429: {"code":"RATE_LIMITED"}',
      holds: false,
    });
    expect(new BrokenPremiseError("healthz: 10,000 valid items", [refused]).message).toBe(
      'the scenario "healthz: 10,000 valid items" does not measure what it says: "answered 202" does not hold (answered 429: {"code":"RATE_LIMITED"})',
    );
  });
});
