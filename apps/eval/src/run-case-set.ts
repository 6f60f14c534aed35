import type { Effort } from "@dossier/contract";
import { countTokens } from "@dossier/research";
import {
  type EnrichmentCase,
  type FakeChatRequest,
  parsePromptPassages,
  type ResearchBody,
  type ResearchCase,
  type Stack,
} from "@dossier/testing";
import { answerMatches, type CaseResult, type CaseSetName, passageWith, sameUrl } from "./case-result.js";
import { statedByCitations } from "./stated-by-citations.js";

/** One case set ready to run: its cases, the stack over its world, and what the set's pages say. */
export interface CaseSetRun {
  set: CaseSetName;
  cases: ReadonlyArray<ResearchCase | EnrichmentCase>;
  stack: Stack;
  apiKey: string;
  /** Every model call so far (the fake server's log, or the recording proxy's). */
  modelCalls(): readonly FakeChatRequest[];
  /** The visible text of a page of this set's web, "" when it cannot be read. */
  pageText(url: string): Promise<string>;
  /** The effort tier every case is asked with; default none (standard). */
  effort?: Effort;
  concurrency: number;
  log: (line: string) => void;
}

/** The subject's name as the prompt's facts carry it, to tell apart cases that share a question. */
export function subjectName(testCase: ResearchCase | EnrichmentCase): string {
  const request = testCase.request as {
    company?: { name?: string; website?: string };
    person?: { email?: string; company?: { name?: string; website?: string } };
  };
  const company = request.company ?? request.person?.company;
  return company?.name ?? company?.website ?? request.person?.email ?? "";
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
  const runCase = async (testCase: ResearchCase | EnrichmentCase, index: number) => {
    const kind = "kind" in testCase ? testCase.kind : "person";
    const requestId = `eval-${run.set}-${index}-${Date.now().toString(36)}`;
    const started = performance.now();
    const response = await fetch(`${run.stack.baseUrl}/v1/research/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": run.apiKey, "x-request-id": requestId },
      body: JSON.stringify(run.effort ? { ...testCase.request, effort: run.effort } : testCase.request),
    });
    const latencyMs = performance.now() - started;
    const body = (await response.json()) as ResearchBody & { code?: string };
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
    const sources: string[] = response.status === 200 && Array.isArray(body.sources) ? body.sources : [];
    const proofs = "expected" in testCase ? (testCase.proof ? [testCase.proof] : []) : Object.values(testCase.proof);
    let provingSources = 0;
    for (const source of sources) {
      const text = await run.pageText(source);
      if (proofs.some((proof) => sameUrl(proof.url, source) || passageWith([{ text }], proof.phrase)))
        provingSources += 1;
    }
    const evidenceInPrompt =
      proofs.length === 0
        ? null
        : prompts.some((prompt) => proofs.every((proof) => passageWith(parsePromptPassages(prompt), proof.phrase)));
    const logged = researchLogOf(run.stack, requestId);
    const withheld = response.status === 200 && body.answerText === null && body.answerNumber === null;
    const expectsUnknown =
      "expected" in testCase &&
      (testCase.expected.answerText ?? null) === null &&
      (testCase.expected.answerNumber ?? null) === null;
    const researchCase = "expected" in testCase ? testCase : null;
    results.push({
      id: testCase.id,
      set: run.set,
      group: researchCase ? researchCase.request.responseType : "ENRICH",
      ...(researchCase?.pageKind ? { pageKind: researchCase.pageKind } : {}),
      ...(researchCase?.reach ? { reach: researchCase.reach } : {}),
      ...(researchCase?.identity ? { identity: researchCase.identity } : {}),
      status: response.status,
      expectsUnknown,
      correct: response.status === 200 && (researchCase ? answerMatches(researchCase, body) : true),
      withheld,
      evidenceInPrompt,
      sources,
      provingSources,
      unsupportedAnswer:
        response.status === 200 && !withheld && researchCase ? !statedByCitations(researchCase, body) : null,
      promptTokens: prompts.map((prompt) => countTokens(prompt)),
      completionTokens: logged.completionTokens ?? 0,
      modelCalls: calls.length,
      latencyMs,
      confidence: response.status === 200 ? body.confidence : null,
      modelConfidence: logged.modelConfidence ?? null,
      rejectedQuotes: logged.rejectedQuotes ?? null,
      schemaFailure: body.code === "LLM_OUTPUT_INVALID",
      ...("expectedPerson" in testCase
        ? {
            person: body.person as unknown as Record<string, string | null>,
            expectedPerson: testCase.expectedPerson as unknown as Record<string, string | null>,
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
