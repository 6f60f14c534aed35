import type { Effort } from "@dossier/contract";
import { answerKindOf, countTokens } from "@dossier/research";
import {
  type CaseProof,
  type EnrichmentCase,
  type FakeChatRequest,
  type OutputSchemaCase,
  type PersonFieldProof,
  parsePromptPassages,
  type ResearchBody,
  type ResearchCase,
  type Stack,
} from "@dossier/testing";
import {
  answerMatches,
  type CaseResult,
  type CaseSetName,
  holdsWords,
  passageWith,
  phraseInPassages,
  sameUrl,
} from "./case-result.js";
import { objectProofs, scoreObjectCase } from "./object-case.js";
import { statedByCitations } from "./stated-by-citations.js";

/** Any case a set may hold: a typed question, an enrichment, or an answer in the caller's shape. */
export type EvalCase = ResearchCase | EnrichmentCase | OutputSchemaCase;

/** One case set ready to run: its cases, the stack over its world, and what the set's pages say. */
export interface CaseSetRun {
  set: CaseSetName;
  cases: readonly EvalCase[];
  stack: Stack;
  apiKey: string;
  /** Every model call so far (the fake server's log, or the recording proxy's). */
  modelCalls(): readonly FakeChatRequest[];
  /** Tokens (cl100k_base) of the reply to a call, when the set's own responder gave it; else the worker's log counts. */
  replyTokens?: (call: FakeChatRequest) => number | undefined;
  /** The visible text of a page of this set's web, "" when it cannot be read. */
  pageText(url: string): Promise<string>;
  /** The links of a page of this set's web, as the extractor reads them (a URL answer may be a link's text). */
  pageLinks(url: string): Promise<ReadonlyArray<{ url: string; text: string }>>;
  /** The effort tier every case is asked with; default none (standard). */
  effort?: Effort;
  /** Log each case's request and response bodies. */
  showBodies?: boolean;
  /** Log each case's prompts: the passages the model was given, and the saved pages requested. */
  showPrompts?: boolean;
  /** The pages of saved sites requested so far, in order (for one case at a time, the case's reads). */
  pageRequests?: () => ReadonlyArray<{ host: string; path: string }>;
  concurrency: number;
  log: (line: string) => void;
}

/** The subject's name as the prompt's facts carry it, to tell apart cases that share a question. */
export function subjectName(testCase: Pick<EvalCase, "request">): string {
  const request = testCase.request as {
    company?: { name?: string; website?: string };
    person?: { email?: string; company?: { name?: string; website?: string } };
  };
  const company = request.company ?? request.person?.company;
  return company?.name ?? company?.website ?? request.person?.email ?? "";
}

/** An enrichment asks for the person's role: its answer is right when it holds the expected title's words. */
function enrichmentMatches(testCase: EnrichmentCase, body: ResearchBody): boolean {
  const title = testCase.expectedPerson.jobTitle;
  if (title === null) return body.answerText === null;
  return typeof body.answerText === "string" && holdsWords(body.answerText, title);
}

/** What the worker logged about one call's research ("research finished"), by request id. */
interface ResearchLog {
  modelConfidence?: number;
  rejectedQuotes?: number;
  completionTokens?: number;
}

function researchLogOf(stack: Stack, requestId: string): ResearchLog {
  for (const line of stack.logLines()) {
    if (!line.includes(requestId) || !line.includes('"research finished"')) continue;
    try {
      return JSON.parse(line) as ResearchLog;
    } catch {
      // A line cut by the process's exit: nothing to read.
    }
  }
  return {};
}

/** Runs every case of a set through the real gateway and workers; results in the order cases finish. */
export async function runCaseSet(run: CaseSetRun): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const runCase = async (testCase: EvalCase, index: number) => {
    const kind = "kind" in testCase ? testCase.kind : "person";
    const requestId = `eval-${run.set}-${index}-${Date.now().toString(36)}`;
    const requestBody = run.effort ? { ...testCase.request, effort: run.effort } : testCase.request;
    const started = performance.now();
    const requestedBefore = run.pageRequests?.().length ?? 0;
    const response = await fetch(`${run.stack.baseUrl}/v1/research/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": run.apiKey, "x-request-id": requestId },
      body: JSON.stringify(requestBody),
    });
    const latencyMs = performance.now() - started;
    const body = (await response.json()) as ResearchBody & { code?: string };
    if (run.showBodies)
      run.log(
        `${testCase.id} request:\n${JSON.stringify(requestBody, null, 2)}\n${testCase.id} response ${response.status}:\n${JSON.stringify(body, null, 2)}`,
      );
    const calls = run
      .modelCalls()
      .filter((call) =>
        call.messages.some(
          (message) =>
            message.content.includes(`: ${testCase.request.question}\n`) &&
            (/<facts>\n([\s\S]*?)\n<\/facts>/.exec(message.content)?.[1] ?? "").includes(
              JSON.stringify(subjectName(testCase)).slice(1, -1),
            ),
        ),
      );
    const prompts = calls.map((call) => call.messages.map((message) => message.content).join("\n"));
    if (run.showPrompts) {
      const requested = (run.pageRequests?.() ?? []).slice(requestedBefore);
      run.log(`${testCase.id} pages requested:\n${requested.map((entry) => `${entry.host}${entry.path}`).join("\n")}`);
      for (const prompt of prompts) run.log(`${testCase.id} prompt:\n${prompt}`);
    }
    const sources: string[] = response.status === 200 && Array.isArray(body.sources) ? body.sources : [];
    const objectCase = "expectedFields" in testCase ? testCase : null;
    const proofs: CaseProof[] =
      "expectedFields" in testCase
        ? objectProofs(testCase)
        : "expected" in testCase
          ? testCase.proof
            ? [testCase.proof]
            : []
          : Object.values(testCase.proof);
    let provingSources = 0;
    for (const source of sources) {
      const text = await run.pageText(source);
      if (proofs.some((proof) => sameUrl(proof.url, source) || passageWith([{ text }], proof.phrase)))
        provingSources += 1;
    }
    const evidenceInPrompt =
      proofs.length === 0
        ? null
        : prompts.some((prompt) =>
            proofs.every((proof) => phraseInPassages(parsePromptPassages(prompt), proof.phrase)),
          );
    const logged = researchLogOf(run.stack, requestId);
    const withheld = response.status === 200 && body.answerText === null && body.answerNumber === null;
    const expectsUnknown =
      "expected" in testCase &&
      (testCase.expected.answerText ?? null) === null &&
      (testCase.expected.answerNumber ?? null) === null;
    const researchCase = "expected" in testCase ? testCase : null;
    const linksOf = async (urls: readonly string[]) =>
      new Map(await Promise.all([...new Set(urls)].map(async (url) => [url, await run.pageLinks(url)] as const)));
    const fields = objectCase && response.status === 200 ? scoreObjectCase(objectCase, body) : null;
    const replyTokens = calls.map((call) => run.replyTokens?.(call));
    const personProofs: Partial<Record<string, PersonFieldProof>> =
      ("expected" in testCase ? testCase.personProof : "expectedPerson" in testCase ? testCase.proof : undefined) ?? {};
    results.push({
      id: testCase.id,
      set: run.set,
      group: researchCase ? researchCase.request.responseType : objectCase ? "OBJECT" : "ENRICH",
      ...(researchCase
        ? {
            answerKind: answerKindOf(
              researchCase.request.question,
              researchCase.request.responseType,
              researchCase.kind === "person",
            ),
          }
        : {}),
      ...(researchCase?.pageKind ? { pageKind: researchCase.pageKind } : {}),
      ...(researchCase?.reach ? { reach: researchCase.reach } : {}),
      ...(researchCase?.identity ? { identity: researchCase.identity } : {}),
      ...(researchCase?.world ? { world: researchCase.world } : {}),
      status: response.status,
      expectsUnknown,
      correct:
        response.status === 200 &&
        (researchCase
          ? answerMatches(researchCase, body)
          : fields
            ? fields.right === fields.filled && fields.right === fields.expected
            : enrichmentMatches(testCase as EnrichmentCase, body)),
      ...(fields ? { shownCorrect: response.status === 200 && fields.filled > 0 && fields.wrong.length === 0 } : {}),
      withheld,
      evidenceInPrompt,
      sources,
      provingSources,
      unsupportedAnswer:
        response.status === 200 && !withheld && researchCase
          ? !statedByCitations(researchCase, body, await linksOf(body.citations.map((citation) => citation.url)))
          : fields
            ? fields.unsupported > 0
            : null,
      promptTokens: prompts.map((prompt) => countTokens(prompt)),
      completionTokens: replyTokens.every((tokens) => tokens !== undefined)
        ? replyTokens.reduce<number>((sum, tokens) => sum + (tokens ?? 0), 0)
        : (logged.completionTokens ?? 0),
      ...(fields ? { fields } : {}),
      modelCalls: calls.length,
      pagesRead: body.usage ? body.usage.pagesFetched + body.usage.pagesFromCache : null,
      searches: body.usage ? body.usage.searches : null,
      latencyMs,
      confidence: response.status === 200 ? body.confidence : null,
      modelConfidence: logged.modelConfidence ?? null,
      rejectedQuotes: logged.rejectedQuotes ?? null,
      schemaFailure: body.code === "LLM_OUTPUT_INVALID",
      ...("expectedPerson" in testCase && testCase.expectedPerson
        ? {
            person: body.person as unknown as Record<string, string | null>,
            expectedPerson: testCase.expectedPerson as unknown as Record<string, string | null>,
            personProven: Object.keys(personProofs),
            personOnCard: Object.entries(personProofs)
              .filter(([, proof]) => proof?.card)
              .map(([field]) => field),
            personInPrompt: Object.entries(personProofs)
              .filter(
                ([, proof]) =>
                  proof && prompts.some((prompt) => phraseInPassages(parsePromptPassages(prompt), proof.phrase)),
              )
              .map(([field]) => field),
            ...("alsoRight" in testCase && testCase.alsoRight ? { alsoRight: testCase.alsoRight } : {}),
          }
        : {}),
    });
    run.log(
      `${run.set} ${testCase.id}: ${response.status} ${JSON.stringify(body.answerText ?? body.code ?? null)} sources=${sources.length} proof-in-prompt=${evidenceInPrompt}`,
    );
  };

  const queue = run.cases.map((testCase, index) => ({ testCase, index }));
  await Promise.all(
    Array.from({ length: run.concurrency }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await runCase(next.testCase, next.index);
    }),
  );
  return results;
}
