import { setTimeout as sleep } from "node:timers/promises";
import {
  isDossierError,
  type ListCriterion,
  type ListVerdict,
  type ResearchResponse,
  validateResearchRequest,
} from "@dossier/contract";
import type { Queue } from "bullmq";
import type { BatchStore } from "../batches/batch-store.js";
import { type BatchItemPlan, prepareBatch } from "../batches/prepare-batch.js";
import { researchJobId } from "../jobs/job-id.js";
import type { ResearchJobData } from "../jobs/job-payload.js";
import type {
  ListCandidate,
  ListDiscovery,
  ListStore,
  ListUsageIncrements,
  ListWave,
  StoredList,
  StoredListItem,
} from "./list-store.js";
import { unreadDiscoveryProblem } from "./unread-discovery.js";

/** Counters discovery adds to while it looks for candidates. */
export interface ListDiscoveryUsage {
  searches: number;
  pagesFetched: number;
  pagesFromCache: number;
}

/**
 * What a list's runner needs from the research pipeline (the worker's composition root passes
 * `@dossier/research`'s discover stage): plain functions over plain data.
 */
export interface ListPipeline {
  /** Criteria from the objective, for a list that gave none. */
  deriveCriteria(objective: string, entityType: "company" | "person"): ListCriterion[];
  /**
   * The list's candidates, most relevant first, the excluded left out, with the pages read and those
   * that could not be read (a time-out, a 5xx) and the searches that failed.
   */
  discover(list: StoredList, context: { signal: AbortSignal; usage: ListDiscoveryUsage }): Promise<ListDiscovery>;
  /** The research request (a body of `POST /v1/research/{kind}`) that checks one criterion of one candidate. */
  verdictRequest(
    candidate: ListCandidate,
    criterion: ListCriterion,
    effort: StoredList["effort"],
  ): { kind: "company" | "person"; body: unknown };
  /** The research request that fills a matched candidate's `outputSchema` fields. */
  enrichmentRequest(
    candidate: ListCandidate,
    outputSchema: Record<string, unknown>,
    effort: StoredList["effort"],
  ): { kind: "company" | "person"; body: unknown };
  /** A criterion's verdict from its research answer (null: the research failed or never ran). */
  judge(candidate: ListCandidate, criterionId: string, response: ResearchResponse | null): ListVerdict;
  /** An item's status from its verdicts. */
  itemStatus(verdicts: readonly ListVerdict[]): StoredListItem["status"];
}

export interface ListRunnerSettings {
  lists: ListStore;
  batches: BatchStore;
  /** The research queue, to take a cancelled list's research out of it. */
  queue: Queue<ResearchJobData>;
  pipeline: ListPipeline;
  /** How often a running list looks at its research, in milliseconds. Default 250. */
  pollMs?: number;
  /** Told when a list finished (with its outcome), for the log and the callback. */
  onFinished?: (list: StoredList) => void | Promise<void>;
}

/** Candidates a list keeps in research at once: enough to keep the fleet busy, few past its limit. */
export function researchWindow(limit: number, matched: number): number {
  return Math.min(200, Math.max(10, 3 * (limit - matched)));
}

/** A match waiting for its `outputSchema` fields. */
interface Enrichment {
  candidate: ListCandidate;
  item: StoredListItem;
  usage: ListUsageIncrements;
}

/** A research answer from a batch item's outcome; null for a failed or invalid item. */
function responseOf(resolution: { status: "done"; body: string } | { status: "failed"; failure: string } | undefined) {
  if (resolution?.status !== "done") return null;
  try {
    return JSON.parse(resolution.body) as ResearchResponse;
  } catch {
    return null;
  }
}

function usageOf(responses: ReadonlyArray<ResearchResponse | null>): ListUsageIncrements {
  const usage: Required<ListUsageIncrements> = {
    researchRuns: 0,
    modelCalls: 0,
    promptTokens: 0,
    completionTokens: 0,
    searches: 0,
    pagesFetched: 0,
  };
  for (const response of responses) {
    if (!response) continue;
    usage.researchRuns += 1;
    const run = (response as { usage?: Partial<Record<keyof ListUsageIncrements, number>> }).usage ?? {};
    usage.modelCalls += run.modelCalls ?? 0;
    usage.promptTokens += run.promptTokens ?? 0;
    usage.completionTokens += run.completionTokens ?? 0;
    usage.searches += run.searches ?? 0;
    usage.pagesFetched += run.pagesFetched ?? 0;
  }
  return usage;
}

/**
 * A research request of the list with the list's freshness: a watch's run reads the web as it is
 * now rather than the results the last run stored (`maxAgeSeconds` is part of the job id).
 */
function withFreshness(body: unknown, list: StoredList): unknown {
  if (list.maxAgeSeconds === undefined || typeof body !== "object" || body === null) return body;
  return { ...body, maxAgeSeconds: list.maxAgeSeconds };
}

/** The public subject of an item: the candidate's company or person, as found. */
function subjectOf(candidate: ListCandidate): Pick<StoredListItem, "company" | "person"> {
  return candidate.person ? { person: candidate.person } : { company: candidate.company ?? { name: candidate.name } };
}

/**
 * Runs one list to its end, from wherever it is (a runner started again after its worker died
 * resumes: nothing stored is redone, no candidate is researched twice). Derives the criteria when
 * none were given; discovers and stores the candidates once; then hands them to research in waves
 * (each wave a batch of the list's key, fed fairly with every other key's work, `researchWindow`
 * candidates in flight), decides each candidate once all its criteria are answered, and stops at the
 * limit (cancelling the research still queued), when the candidates or the budget run out, or when
 * the list is cancelled. Returns when the list is finished; throws when the signal aborts.
 */
export async function runList(listId: string, settings: ListRunnerSettings, signal: AbortSignal): Promise<void> {
  const { lists, batches, pipeline } = settings;
  const pollMs = settings.pollMs ?? 250;
  let list = await lists.get(listId);
  if (!list || list.finishedAt !== null || list.status === "done" || list.status === "failed") return;

  const finish = async (outcome: Parameters<ListStore["finish"]>[1]) => {
    await cancelOpenWaves();
    if (await lists.finish(listId, outcome)) {
      const finished = await lists.get(listId);
      if (finished) await settings.onFinished?.(finished);
    }
  };
  const waves = await lists.waves(listId);
  const closedWaves = new Set<string>();
  const cancelOpenWaves = async () => {
    for (const wave of waves) {
      if (closedWaves.has(wave.batchId)) continue;
      await batches.cancel(wave.batchId, settings.queue).catch(() => {});
      closedWaves.add(wave.batchId);
    }
  };
  if (list.status === "cancelled") {
    await finish({ stopReason: "cancelled" });
    return;
  }
  await lists.markRunning(listId);

  let criteria = list.criteria;
  if (criteria.length === 0) {
    criteria = pipeline.deriveCriteria(list.objective, list.entityType);
    await lists.setCriteria(listId, criteria);
    list = { ...list, criteria };
  }

  if (!list.discovered) {
    const usage: ListDiscoveryUsage = { searches: 0, pagesFetched: 0, pagesFromCache: 0 };
    let discovery: ListDiscovery;
    try {
      discovery = await pipeline.discover(list, { signal, usage });
    } catch (error) {
      signal.throwIfAborted();
      // An error that another try cannot mend (no search provider) fails the list at once; others retry the runner.
      if (isDossierError(error) && !error.retryable) {
        await finish({ problem: { code: error.code, detail: error.detail } });
        return;
      }
      throw error;
    }
    await lists.saveCandidates(listId, discovery, { searches: usage.searches, pagesFetched: usage.pagesFetched });
  }
  // Nothing found while pages or searches failed says nothing of the list: it fails, naming them,
  // rather than end `done` and empty as if nothing matched.
  const discovered = await lists.get(listId);
  const unread = discovered ? unreadDiscoveryProblem(discovered) : null;
  if (unread) {
    await finish({ problem: unread });
    return;
  }

  // Candidates in research: the position of each undecided one, by wave.
  const pending = new Map<string, Set<number>>();
  for (const wave of waves) {
    const decided = await lists.decided(listId, wave.positions);
    const open = new Set(wave.positions.filter((position) => !decided.has(position)));
    if (open.size > 0) pending.set(wave.batchId, open);
    else closedWaves.add(wave.batchId);
  }
  // Candidates whose research was cancelled before it ran (the list stopped, then was extended): researched again.
  const handedBack: number[] = [];
  // Matches waiting for their `outputSchema` fields: not submitted yet, and in research (by batch).
  const toEnrich = new Map<number, Enrichment>();
  const enriching = new Map<string, Map<number, Enrichment>>();

  /** Hands the matches waiting for their fields to research, as one batch. */
  const submitEnrichment = async (current: StoredList) => {
    if (toEnrich.size === 0 || !current.outputSchema) return;
    const batchOf = new Map(toEnrich);
    toEnrich.clear();
    const now = Date.now();
    const plans: BatchItemPlan[] = [...batchOf.entries()].map(([position, { candidate }]) => {
      const request = pipeline.enrichmentRequest(candidate, current.outputSchema!, current.effort);
      const validation = validateResearchRequest(request.kind, withFreshness(request.body, current));
      if (!validation.ok) return { ref: `${position}:fields`, problem: { code: "REQUEST_VALIDATION_FAILED" } };
      return {
        ref: `${position}:fields`,
        kind: request.kind,
        jobId: researchJobId(current.keyId, validation.request),
        data: {
          request: validation.request,
          requestId: `list:${listId}`,
          keyId: current.keyId,
          enqueuedAt: now,
          origin: "batch",
        },
      };
    });
    const batch = await batches.create(current.keyId, prepareBatch(plans), null, null, { listed: false });
    enriching.set(batch.id, batchOf);
  };

  /** Records each match whose fields are researched, with its answer object and the fields' quotes. */
  const collectEnrichment = async () => {
    for (const [batchId, batchOf] of enriching) {
      const outcomes = await batches.readItems(batchId, 0, batchOf.size);
      for (const [slot, [position, enrichment]] of [...batchOf.entries()].entries()) {
        const outcome = outcomes[slot];
        if (!outcome || (outcome.resolution === undefined && !outcome.problem && outcome.waiting)) continue;
        const response = responseOf(outcome.resolution) as
          | (ResearchResponse & {
              answerObject?: Record<string, unknown>;
              fieldCitations?: StoredListItem["fieldCitations"];
            })
          | null;
        const item: StoredListItem = {
          ...enrichment.item,
          ...(response?.answerObject ? { answerObject: response.answerObject } : {}),
          ...(response?.fieldCitations ? { fieldCitations: response.fieldCitations } : {}),
        };
        const usage = usageOf([response]);
        for (const field of Object.keys(usage) as Array<keyof ListUsageIncrements>)
          usage[field] = (usage[field] ?? 0) + (enrichment.usage[field] ?? 0);
        await lists.recordItem(listId, position, item, usage);
        batchOf.delete(position);
      }
      if (batchOf.size === 0) enriching.delete(batchId);
    }
  };

  /** Decides every candidate of a wave whose criteria are all answered. */
  const collect = async (wave: ListWave, current: StoredList) => {
    const open = pending.get(wave.batchId);
    if (!open || open.size === 0) return;
    const perCandidate = current.criteria.length;
    const outcomes = await batches.readItems(wave.batchId, 0, wave.positions.length * perCandidate);
    for (const [slot, position] of wave.positions.entries()) {
      if (!open.has(position)) continue;
      const answers = outcomes.slice(slot * perCandidate, (slot + 1) * perCandidate);
      if (answers.length !== perCandidate) continue;
      // An answer is in when it resolved, or when the request never became a job (its own problem).
      const answered = (answer: (typeof answers)[number]) => answer.resolution !== undefined || !!answer.problem;
      if (!answers.every(answered)) {
        // Neither answered nor waiting: its batch was cancelled before the research ran.
        if (answers.some((answer) => !answered(answer) && !answer.waiting)) {
          open.delete(position);
          handedBack.push(position);
        }
        continue;
      }
      const [candidate] = await lists.readCandidates(listId, position, position + 1);
      if (!candidate) continue;
      const responses = answers.map((answer) => responseOf(answer.resolution));
      const verdicts = current.criteria.map((criterion, index) =>
        pipeline.judge(candidate, criterion.id, responses[index] ?? null),
      );
      const item: StoredListItem = {
        id: candidate.id,
        status: pipeline.itemStatus(verdicts),
        ...subjectOf(candidate),
        foundOn: candidate.foundOn,
        verdicts,
      };
      open.delete(position);
      if (item.status === "matched" && current.outputSchema) {
        // A match is recorded once its fields are researched too.
        toEnrich.set(position, { candidate, item, usage: usageOf(responses) });
        continue;
      }
      await lists.recordItem(listId, position, item, usageOf(responses));
    }
    if (open.size === 0) {
      pending.delete(wave.batchId);
      closedWaves.add(wave.batchId);
    }
  };

  /** Hands candidates to research as one batch of the list's key: those handed back first, then the next new ones. */
  const submit = async (current: StoredList, count: number) => {
    const again = handedBack.splice(0, count);
    const start = current.submitted;
    const fresh = Math.max(0, Math.min(count - again.length, current.usage.maxCandidates - start));
    const end = Math.min(current.counts.candidates, start + fresh);
    const positions = [...again, ...Array.from({ length: end - start }, (_, offset) => start + offset)];
    if (positions.length === 0) return;
    const now = Date.now();
    const plans: BatchItemPlan[] = [];
    for (const position of positions) {
      const [candidate] = await lists.readCandidates(listId, position, position + 1);
      for (const criterion of current.criteria) {
        const ref = `${position}:${criterion.id}`;
        const request = candidate ? pipeline.verdictRequest(candidate, criterion, current.effort) : null;
        const validation = request ? validateResearchRequest(request.kind, withFreshness(request.body, current)) : null;
        if (!request || !validation?.ok) {
          const errors = validation && !validation.ok ? validation.errors : [];
          plans.push({ ref, problem: { code: "REQUEST_VALIDATION_FAILED", errors } });
          continue;
        }
        plans.push({
          ref,
          kind: request.kind,
          jobId: researchJobId(current.keyId, validation.request),
          data: {
            request: validation.request,
            requestId: `list:${listId}`,
            keyId: current.keyId,
            enqueuedAt: now,
            origin: "batch",
          },
        });
      }
    }
    const batch = await batches.create(current.keyId, prepareBatch(plans), null, null, { listed: false });
    const wave: ListWave = { batchId: batch.id, positions, start, end };
    if (await lists.addWave(listId, wave)) {
      waves.push(wave);
      pending.set(wave.batchId, new Set(positions));
    } else {
      // Another runner took these candidates: its research is the same jobs, shared.
      handedBack.unshift(...again);
      await batches.cancel(batch.id, settings.queue).catch(() => {});
    }
  };

  for (;;) {
    signal.throwIfAborted();
    const current = await lists.get(listId);
    if (!current) return;
    if (current.status === "cancelled") {
      await finish({ stopReason: "cancelled" });
      return;
    }
    if (current.status !== "running") return;
    for (const wave of waves) await collect(wave, current);
    await submitEnrichment(current);
    await collectEnrichment();
    const now = (await lists.get(listId)) ?? current;
    if (now.counts.matched >= now.limit) {
      await finish({ stopReason: "limit_reached" });
      return;
    }
    const enrichingCount = [...enriching.values()].reduce((sum, batchOf) => sum + batchOf.size, 0);
    const inFlight = [...pending.values()].reduce((sum, open) => sum + open.size, 0) + enrichingCount;
    // Matches whose fields are being researched count toward the limit: no more candidates are needed for them.
    if (now.counts.matched + enrichingCount >= now.limit) {
      await sleep(pollMs, undefined, { signal });
      continue;
    }
    const total = now.counts.candidates;
    const fresh = Math.max(0, Math.min(total, now.usage.maxCandidates) - now.submitted);
    const window = researchWindow(now.limit, now.counts.matched);
    if ((fresh > 0 || handedBack.length > 0) && inFlight < window) {
      await submit(now, window - inFlight);
      continue;
    }
    if (inFlight === 0 && handedBack.length === 0) {
      await finish({ stopReason: now.submitted < total ? "budget_reached" : "candidates_exhausted" });
      return;
    }
    await sleep(pollMs, undefined, { signal });
  }
}

/** A list runner that failed for good: its list fails with the runner's problem. */
export async function failList(lists: ListStore, listId: string, error: unknown): Promise<void> {
  const problem = isDossierError(error)
    ? { code: error.code, detail: error.detail }
    : { code: "RESEARCH_FAILED", detail: "The list could not be run; try again." };
  await lists.finish(listId, { problem });
}
