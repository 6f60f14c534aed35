import { countTokens } from "@dossier/research";
import {
  type EnrichmentCase,
  loadEnrichmentCases,
  loadResearchCases,
  parsePromptPassages,
  type ResearchBody,
  type ResearchCase,
  requestPage,
  startResearchWorld,
  startStack,
  type TestRedis,
  toVisibleText,
} from "@dossier/testing";
import { createOracleResponder, passageWith, subjectName, wordsOf } from "./oracle-responder.js";

const EVAL_KEY = "eval-key-0123456789abcdef";

/** What one case produced. */
interface CaseResult {
  id: string;
  group: string;
  correct: boolean;
  evidenceInPrompt: boolean | null;
  sources: string[];
  provingSources: number;
  promptTokens: number[];
  modelCalls: number;
  latencyMs: number;
  person?: Record<string, string | null>;
  expectedPerson?: Record<string, string | null>;
}

const sameUrl = (a: string, b: string) =>
  a.replace(/^https?:\/\//, "").replace(/\/$/, "") === b.replace(/^https?:\/\//, "").replace(/\/$/, "");

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function answerMatches(testCase: ResearchCase, body: ResearchBody): boolean {
  const { answerText, answerNumber } = testCase.expected;
  if (answerText === null || answerText === undefined) {
    if (answerNumber === null || answerNumber === undefined)
      return body.answerText === null && body.answerNumber === null;
  }
  if (answerNumber !== undefined && answerNumber !== null && body.answerNumber !== answerNumber) return false;
  if (answerText === undefined || answerText === null || testCase.request.responseType === "NUMBER") return true;
  if (typeof body.answerText !== "string") return false;
  switch (testCase.request.responseType) {
    case "OPTIONS":
      return JSON.stringify(JSON.parse(body.answerText)) === JSON.stringify(JSON.parse(answerText));
    case "TEXT":
      // Free text is right when it says what the expected text says.
      return (
        wordsOf(body.answerText).includes(wordsOf(answerText)) || wordsOf(answerText).includes(wordsOf(body.answerText))
      );
    default:
      return body.answerText === answerText;
  }
}

export interface EvalOptions {
  /** The Redis the evaluation's gateway and worker run on. */
  redis: TestRedis;
  concurrency: number;
  filter?: string;
  log: (line: string) => void;
}

/** Runs every case through a real gateway and worker over the simulated web; returns the report text and whether targets were met. */
export async function runEval(options: EvalOptions): Promise<{ report: string; passed: boolean }> {
  const researchCases = loadResearchCases().filter(
    (testCase) => !options.filter || testCase.id.includes(options.filter),
  );
  const enrichmentCases = loadEnrichmentCases().filter(
    (testCase) => !options.filter || testCase.id.includes(options.filter),
  );
  const world = await startResearchWorld({ responder: createOracleResponder(researchCases, enrichmentCases) });
  const stack = await startStack({
    redis: options.redis,
    env: { ...world.env, API_KEYS: EVAL_KEY, WORKER_CONCURRENCY: String(options.concurrency) },
  });
  const pageTexts = new Map<string, string>();
  const pageText = async (url: string) => {
    if (!pageTexts.has(url)) {
      const page = await requestPage(world.web.port, url.replace(/^https:/, "http:")).catch(() => null);
      pageTexts.set(url, page && page.status === 200 ? toVisibleText(page.body.toString("utf8")) : "");
    }
    return pageTexts.get(url)!;
  };

  const results: CaseResult[] = [];
  const runCase = async (testCase: ResearchCase | EnrichmentCase) => {
    const kind = "kind" in testCase ? testCase.kind : "person";
    const started = performance.now();
    const response = await fetch(`${stack.baseUrl}/v1/research/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": EVAL_KEY },
      body: JSON.stringify(testCase.request),
    });
    const latencyMs = performance.now() - started;
    const body = (await response.json()) as ResearchBody & { code?: string };
    const calls = world.model.requests.filter((request) =>
      request.messages.some(
        (message) =>
          message.content.includes(`: ${testCase.request.question}\n`) &&
          (/<facts>\n([\s\S]*?)\n<\/facts>/.exec(message.content)?.[1] ?? "").includes(subjectName(testCase)),
      ),
    );
    const prompts = calls.map((request) => request.messages.map((message) => message.content).join("\n"));
    const sources: string[] = Array.isArray(body.sources) ? body.sources : [];
    const proofs = "expected" in testCase ? (testCase.proof ? [testCase.proof] : []) : Object.values(testCase.proof);
    let provingSources = 0;
    for (const source of sources) {
      const text = await pageText(source);
      if (
        proofs.some((proof) => sameUrl(proof.url, source) || passageWith([{ id: "", url: source, text }], proof.phrase))
      )
        provingSources += 1;
    }
    const evidenceInPrompt =
      proofs.length === 0
        ? null
        : prompts.some((prompt) => proofs.every((proof) => passageWith(parsePromptPassages(prompt), proof.phrase)));
    results.push({
      id: testCase.id,
      group: "expected" in testCase ? testCase.request.responseType : "ENRICH",
      correct: response.status === 200 && ("expected" in testCase ? answerMatches(testCase, body) : true),
      evidenceInPrompt,
      sources,
      provingSources,
      promptTokens: prompts.map((prompt) => countTokens(prompt)),
      modelCalls: calls.length,
      latencyMs,
      ...("expectedPerson" in testCase
        ? { person: body.person, expectedPerson: testCase.expectedPerson as unknown as Record<string, string | null> }
        : {}),
    });
    options.log(
      `${testCase.id}: ${response.status} ${JSON.stringify(body.answerText ?? body.code ?? null)} sources=${sources.length}`,
    );
  };

  const queue = [...researchCases, ...enrichmentCases];
  try {
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await runCase(next);
      }),
    );
  } finally {
    await stack.stop();
    await world.close();
  }
  return summarize(results);
}

function summarize(results: CaseResult[]): { report: string; passed: boolean } {
  const lines: string[] = [];
  const groups = [...new Set(results.map((result) => result.group))].sort();
  const row = (cells: Array<string | number>) => `| ${cells.join(" | ")} |`;
  lines.push(
    row([
      "group",
      "cases",
      "correct",
      "evidence recall",
      "source precision",
      "mean prompt tokens",
      "max prompt tokens",
      "model calls / request",
      "p50 ms",
      "p95 ms",
    ]),
  );
  lines.push(row(Array(10).fill("---")));
  const measure = (subset: CaseResult[]) => {
    const withProof = subset.filter((result) => result.evidenceInPrompt !== null);
    const recall = withProof.length
      ? withProof.filter((result) => result.evidenceInPrompt).length / withProof.length
      : 1;
    const sourceCount = subset.reduce((sum, result) => sum + result.sources.length, 0);
    const precision = sourceCount ? subset.reduce((sum, result) => sum + result.provingSources, 0) / sourceCount : 1;
    const tokens = subset.flatMap((result) => result.promptTokens);
    return {
      cases: subset.length,
      correct: subset.filter((result) => result.correct).length / subset.length,
      recall,
      precision,
      meanTokens: tokens.length ? Math.round(tokens.reduce((a, b) => a + b, 0) / tokens.length) : 0,
      maxTokens: tokens.length ? Math.max(...tokens) : 0,
      calls: subset.reduce((sum, result) => sum + result.modelCalls, 0) / subset.length,
      p50: Math.round(
        percentile(
          subset.map((result) => result.latencyMs),
          50,
        ),
      ),
      p95: Math.round(
        percentile(
          subset.map((result) => result.latencyMs),
          95,
        ),
      ),
    };
  };
  const format = (name: string, m: ReturnType<typeof measure>) =>
    row([
      name,
      m.cases,
      m.correct.toFixed(2),
      m.recall.toFixed(2),
      m.precision.toFixed(2),
      m.meanTokens,
      m.maxTokens,
      m.calls.toFixed(2),
      m.p50,
      m.p95,
    ]);
  for (const group of groups) lines.push(format(group, measure(results.filter((result) => result.group === group))));
  const all = measure(results);
  lines.push(format("**all**", all));

  const enrichment = results.filter((result) => result.expectedPerson);
  const fieldLines: string[] = [];
  let fieldPrecisionOk = true;
  let fillerFound = false;
  if (enrichment.length) {
    fieldLines.push(
      "",
      row(["field", "kind", "filled", "right when filled (precision)", "fill rate"]),
      row(Array(5).fill("---")),
    );
    const evidenceFields = new Set(["jobTitle", "city", "country", "jobStartDate"]);
    for (const field of Object.keys(enrichment[0]!.expectedPerson!)) {
      const filled = enrichment.filter((result) => result.person?.[field] != null);
      const right = filled.filter((result) => result.person?.[field] === result.expectedPerson?.[field]);
      const expected = enrichment.filter((result) => result.expectedPerson?.[field] != null);
      const precision = filled.length ? right.length / filled.length : 1;
      const kind = evidenceFields.has(field) ? "evidence" : "deterministic";
      if (precision < (kind === "evidence" ? 0.95 : 0.98)) fieldPrecisionOk = false;
      for (const result of filled)
        if (/^(unknown|n\/?a|none|null|-)$/i.test(String(result.person?.[field]))) fillerFound = true;
      fieldLines.push(
        row([
          field,
          kind,
          filled.length,
          precision.toFixed(2),
          expected.length ? (right.length / expected.length).toFixed(2) : "-",
        ]),
      );
    }
  }
  const maxTokens = all.maxTokens;
  const targets = [
    ["evidence recall >= 0.95", all.recall >= 0.95],
    ["source precision >= 0.9", all.precision >= 0.9],
    ["prompt tokens <= 6,000", maxTokens <= 6_000],
    ["one model call per question", all.calls <= 1.0001],
    ...(enrichment.length
      ? [
          ["person field precision (0.98 deterministic, 0.95 evidence)", fieldPrecisionOk],
          ["no filler text in any field", !fillerFound],
        ]
      : []),
  ] as Array<[string, boolean]>;
  const misses = results.filter((result) => result.evidenceInPrompt === false).map((result) => result.id);
  const report = [
    ...lines,
    ...fieldLines,
    "",
    ...targets.map(([name, ok]) => `${ok ? "met   " : "MISSED"} ${name}`),
    misses.length ? `\nproof not in prompt: ${misses.join(", ")}` : "",
    `more than one model call: ${
      results
        .filter((result) => result.modelCalls > 1)
        .map((result) => `${result.id} (${result.modelCalls})`)
        .join(", ") || "none"
    }`,
    `wrong answers: ${
      results
        .filter((result) => !result.correct)
        .map((result) => result.id)
        .join(", ") || "none"
    }`,
  ].join("\n");
  return { report, passed: targets.every(([, ok]) => ok) };
}
