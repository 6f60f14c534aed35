import { setTimeout as sleep } from "node:timers/promises";
import type { Effort } from "@dossier/contract";
import type { ListCase, ListCaseShape, Stack } from "@dossier/testing";
import type { CaseSetName } from "./case-result.js";
import { wordsOf } from "./case-result.js";
import { namesEntity } from "./list-oracle.js";

/** What one list case produced, as the report needs it. */
export interface ListCaseResult {
  id: string;
  set: CaseSetName;
  shape: ListCaseShape;
  /** The list's final status and why it stopped (`failed`, `timeout` when it never finished). */
  status: string;
  stopReason: string | null;
  /** Entities of the ground truth. */
  expected: number;
  /** Items matched, and those of them that are expected entities. */
  matched: number;
  matchedRight: number;
  /** Expected entities among the matches (each once). */
  found: number;
  unmatched: number;
  unclear: number;
  /** Candidates found, and evaluated (researched) within the budget. */
  candidates: number;
  candidatesEvaluated: number;
  modelCalls: number;
  promptTokens: number;
  completionTokens: number;
  /** Matches with a criterion none of whose citations has its quote on its page. */
  uncitedMatches: number;
  /** Matched names the ground truth does not hold, and expected names not matched. */
  wrong: string[];
  missed: string[];
  elapsedMs: number;
}

/** One world's list cases ready to run. */
export interface ListCaseSetRun {
  set: CaseSetName;
  cases: readonly ListCase[];
  stack: Stack;
  apiKey: string;
  /** The visible text of a page of this set's web, "" when it cannot be read. */
  pageText(url: string): Promise<string>;
  /** The effort tier every list is asked with; default the case's own (standard). */
  effort?: Effort;
  /** Longest a list may run before it counts as not finished. Default 20 minutes. */
  timeoutMs?: number;
  log: (line: string) => void;
}

interface ListBody {
  id: string;
  status: string;
  stopReason?: string;
  finishedAt: string | null;
  counts: { candidates: number; matched: number; unmatched: number; unclear: number };
  usage: { candidatesEvaluated: number; modelCalls: number; promptTokens: number; completionTokens: number };
  problem?: { code: string; detail: string };
}

interface ItemBody {
  status: "matched" | "unmatched" | "unclear";
  company?: { name?: string };
  person?: { firstName?: string; lastName?: string };
  verdicts: Array<{ criterionId: string; satisfied: string; citations: Array<{ url: string; quote: string }> }>;
}

/** An item's name: the company's, or the person's full name. */
export function itemName(item: Pick<ItemBody, "company" | "person">): string {
  if (item.person) return `${item.person.firstName ?? ""} ${item.person.lastName ?? ""}`.trim();
  return item.company?.name ?? "";
}

/** Scores a finished list's items against the case's ground truth. */
export async function scoreListItems(
  testCase: ListCase,
  items: readonly ItemBody[],
  pageText: (url: string) => Promise<string>,
): Promise<Pick<ListCaseResult, "matched" | "matchedRight" | "found" | "uncitedMatches" | "wrong" | "missed">> {
  const matches = items.filter((item) => item.status === "matched");
  const foundNames = new Set<string>();
  const wrong: string[] = [];
  let matchedRight = 0;
  let uncitedMatches = 0;
  for (const item of matches) {
    const name = itemName(item);
    const entity = testCase.expected.find((expected) => namesEntity(name, expected));
    if (entity) {
      matchedRight += 1;
      foundNames.add(entity.name);
    } else wrong.push(name);
    let cited = item.verdicts.length > 0;
    for (const verdict of item.verdicts) {
      let onPage = false;
      for (const citation of verdict.citations) {
        if (` ${wordsOf(await pageText(citation.url))} `.includes(` ${wordsOf(citation.quote)} `)) onPage = true;
      }
      if (!onPage) cited = false;
    }
    if (!cited) uncitedMatches += 1;
  }
  return {
    matched: matches.length,
    matchedRight,
    found: foundNames.size,
    uncitedMatches,
    wrong,
    missed: testCase.expected.map((entity) => entity.name).filter((name) => !foundNames.has(name)),
  };
}

/** Runs a world's list cases one after the other (so that each list's time is its own) through the real gateway and workers. */
export async function runListCases(run: ListCaseSetRun): Promise<ListCaseResult[]> {
  const results: ListCaseResult[] = [];
  const headers = { "content-type": "application/json", "x-api-key": run.apiKey };
  for (const testCase of run.cases) {
    const started = performance.now();
    const body = { ...testCase.request, ...(run.effort ? { effort: run.effort } : {}) };
    const created = await fetch(`${run.stack.baseUrl}/v1/lists`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    if (created.status !== 202) throw new Error(`${testCase.id}: POST /v1/lists answered ${created.status}`);
    const { id } = (await created.json()) as { id: string };
    let list: ListBody | null = null;
    const deadline = started + (run.timeoutMs ?? 20 * 60_000);
    // The eval waits on the list's state as a client would: its finishedAt is set once the runner stopped.
    while (performance.now() < deadline) {
      list = (await (await fetch(`${run.stack.baseUrl}/v1/lists/${id}`, { headers })).json()) as ListBody;
      if (list.finishedAt !== null) break;
      await sleep(250);
    }
    const elapsedMs = performance.now() - started;
    if (!list) throw new Error(`${testCase.id}: the list could not be read`);
    if (list.finishedAt === null) {
      await fetch(`${run.stack.baseUrl}/v1/lists/${id}/cancel`, { method: "POST", headers });
    }
    const page = (await (await fetch(`${run.stack.baseUrl}/v1/lists/${id}/items?limit=1000`, { headers })).json()) as {
      items: ItemBody[];
    };
    if (process.env.EVAL_DEBUG_ITEMS)
      for (const item of page.items) run.log(`DEBUG ${JSON.stringify(item).slice(0, 1500)}`);
    const score = await scoreListItems(testCase, page.items, run.pageText);
    const result: ListCaseResult = {
      id: testCase.id,
      set: run.set,
      shape: testCase.shape,
      status: list.finishedAt === null ? "timeout" : list.status,
      stopReason: list.stopReason ?? list.problem?.code ?? null,
      expected: testCase.expected.length,
      ...score,
      unmatched: page.items.filter((item) => item.status === "unmatched").length,
      unclear: page.items.filter((item) => item.status === "unclear").length,
      candidates: list.counts.candidates,
      candidatesEvaluated: list.usage.candidatesEvaluated,
      modelCalls: list.usage.modelCalls,
      promptTokens: list.usage.promptTokens,
      completionTokens: list.usage.completionTokens,
      elapsedMs,
    };
    results.push(result);
    run.log(
      `${run.set} ${testCase.id}: ${result.status} ${result.stopReason ?? ""} matched ${result.matched} (${result.matchedRight} right) of ${result.expected} expected; wrong ${JSON.stringify(result.wrong)}; missed ${JSON.stringify(result.missed)}`,
    );
  }
  return results;
}
