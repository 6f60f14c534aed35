/** What the fakes of a benchmark's world counted over one part of a scenario. */
export interface WorkCounts {
  /** Calls that finished, warm-up and stragglers included. */
  calls: number;
  /** Requests the fake search answered. */
  searches: number;
  /** Of those, the answers that held at least one result; undefined when the fake does not count them. */
  searchHits?: number;
  /** Pages the fake web served. */
  pages: number;
  /** Requests the fake Chat Completions server answered. */
  modelCalls: number;
  /** Writes Redis refused because it was full (`errorstat_OOM`); undefined when the world does not count them. */
  redisRefusals?: number;
}

/**
 * What a scenario says of the work behind every call, as its name and the docs state it: a figure
 * measured on other work than it says is wrong, however precise.
 */
export type Premise =
  | "a model call per call"
  | "no model call"
  | "a search per call"
  | "no search"
  | "no search result"
  | "a page per call"
  | "no page"
  | "Redis refused writes";

/** What a scenario says of a call it makes once: the status it must answer for its figures to mean anything. */
export type AnswerPremise = `answered ${number}`;

/** One premise held against the counts, or against a status. */
export interface PremiseCheck {
  premise: Premise | AnswerPremise;
  /** The counts it was read from, in words. */
  observed: string;
  holds: boolean;
}

const of = (count: number, calls: number, what: string) => `${count} ${what} for ${calls} calls`;

/** Each premise read from the counts. */
export function checkPremise(premise: Premise, counts: WorkCounts): PremiseCheck {
  const { calls } = counts;
  switch (premise) {
    case "a model call per call":
      return { premise, observed: of(counts.modelCalls, calls, "model calls"), holds: counts.modelCalls >= calls };
    case "no model call":
      return { premise, observed: of(counts.modelCalls, calls, "model calls"), holds: counts.modelCalls === 0 };
    case "a search per call":
      return { premise, observed: of(counts.searches, calls, "searches"), holds: counts.searches >= calls };
    case "no search":
      return { premise, observed: of(counts.searches, calls, "searches"), holds: counts.searches === 0 };
    case "no search result":
      return counts.searchHits === undefined
        ? { premise, observed: "searches with results not counted", holds: false }
        : { premise, observed: of(counts.searchHits, calls, "searches with results"), holds: counts.searchHits === 0 };
    case "a page per call":
      return { premise, observed: of(counts.pages, calls, "pages served"), holds: counts.pages >= calls };
    case "no page":
      return { premise, observed: of(counts.pages, calls, "pages served"), holds: counts.pages === 0 };
    case "Redis refused writes":
      return counts.redisRefusals === undefined
        ? { premise, observed: "refused writes not counted", holds: false }
        : {
            premise,
            observed: of(counts.redisRefusals, calls, "writes refused as out of memory"),
            holds: counts.redisRefusals > 0,
          };
  }
}

/** A call the scenario makes once (a batch submission) held against the status it must answer; `body` is what it answered. */
export function checkAnswered(expected: number, status: number, body: string): PremiseCheck {
  return {
    premise: `answered ${expected}`,
    observed: status === expected ? `answered ${status}` : `answered ${status}: ${body.slice(0, 200)}`,
    holds: status === expected,
  };
}

/** A scenario whose counts break what it says it measures: its figures must not be reported. */
export class BrokenPremiseError extends Error {
  constructor(
    /** The scenario, as its table names it. */
    readonly scenario: string,
    /** The premises that did not hold. */
    readonly broken: readonly PremiseCheck[],
  ) {
    super(
      `the scenario "${scenario}" does not measure what it says: ${broken
        .map((check) => `"${check.premise}" does not hold (${check.observed})`)
        .join("; ")}`,
    );
    this.name = "BrokenPremiseError";
  }
}

/** Throws a {@link BrokenPremiseError} naming every premise of `scenario` that the counts break. */
export function assertPremises(scenario: string, premises: readonly Premise[], counts: WorkCounts): void {
  const broken = premises.map((premise) => checkPremise(premise, counts)).filter((check) => !check.holds);
  if (broken.length > 0) throw new BrokenPremiseError(scenario, broken);
}

/** What a world's fakes have counted so far. */
export type WorldTally = Omit<WorkCounts, "calls">;

/** The counts of `after` less those of `before`, with the calls that finished in between. */
export function countsSince(before: WorldTally, after: WorldTally, calls: number): WorkCounts {
  return {
    calls,
    searches: after.searches - before.searches,
    ...(after.searchHits !== undefined && before.searchHits !== undefined
      ? { searchHits: after.searchHits - before.searchHits }
      : {}),
    pages: after.pages - before.pages,
    modelCalls: after.modelCalls - before.modelCalls,
  };
}
