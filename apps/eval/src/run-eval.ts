import { readFileSync } from "node:fs";
import { isLocalEndpoint, LOCAL_PROMPT_TOKENS } from "@dossier/config";
import type { Effort } from "@dossier/contract";
import { countTokens, extractPage } from "@dossier/research";
import {
  type EnrichmentCase,
  type FakeChatRequest,
  type FakeChatResponder,
  type ListCase,
  lanternfishWorld,
  loadEnrichmentCases,
  loadListCases,
  loadOutputSchemaCases,
  loadRealweb2Cases,
  loadRealwebCases,
  loadRealwebHeldoutCases,
  loadResearchCases,
  nordicClimateIndex,
  type OutputSchemaCase,
  type RealwebWorldName,
  type RecordingChatProxy,
  type ResearchCase,
  realweb2Directory,
  realwebAvailable,
  realwebDirectory,
  realwebPageFile,
  requestPage,
  type SiteDefinition,
  type Stack,
  startRealwebWorld,
  startRecordingChatProxy,
  startResearchWorld,
  startStack,
  type TestRedis,
  toVisibleText,
} from "@dossier/testing";
import type { CaseResult, CaseSetName } from "./case-result.js";
import { reportListCases } from "./list-report.js";
import { reportCaseSet, type SetTargets, setTitles, type Target } from "./report.js";
import { createEvalResponder, type ResponderName, responderTitles } from "./responders.js";
import { type EvalCase, runCaseSet } from "./run-case-set.js";
import { type ListCaseResult, runListCases } from "./run-list-cases.js";

const EVAL_KEY = "eval-key-0123456789abcdef";

/** A real OpenAI-compatible endpoint to answer instead of the oracle. */
export interface RealModel {
  url: string;
  name: string;
  apiKey?: string;
}

export interface EvalOptions {
  /** The Redis the evaluation's gateway and worker run on. */
  redis: TestRedis;
  concurrency: number;
  /** Only cases whose id contains this text. */
  filter?: string;
  /** Which case sets to run (a real-web set only when its sites are present and it has cases). */
  sets: CaseSetName[];
  /** The fake model that answers. Default `oracle`; ignored when `model` is given. */
  responder?: ResponderName;
  /** Answer with this model instead of a fake. */
  model?: RealModel;
  /** Saved real sites. Default `../shared/realweb`. */
  realwebDirectory?: string;
  /** The second folder of saved real sites. Default `../shared/realweb2`. */
  realweb2Directory?: string;
  /** Case files of the realweb set. Default `cases/realweb.jsonl` and every `cases/realweb-*.jsonl` but the held-out set's. */
  realwebCases?: string[];
  /** Extra environment for the stack (e.g. `RESEARCH_PAGE_BUDGET`). */
  env?: Record<string, string>;
  /** The effort tier every case is asked with; default: none given (standard). */
  effort?: Effort;
  /** Log each case's request and response bodies. Default false. */
  showBodies?: boolean;
  /** Log each case's prompts. Default false. */
  showPrompts?: boolean;
  /** Run each set's find-all list cases (`cases/lists-<set>.jsonl`) instead of its research cases. */
  lists?: boolean;
  log: (line: string) => void;
}

/** Recall and source-precision floors per set; the held-out set has none (it is measured only). */
const SET_TARGETS: Partial<Record<CaseSetName, SetTargets>> = {
  fixture: { recall: 0.98, precision: 0.95 },
  realweb: { recall: 0.95, precision: 0.95 },
  realweb2: { recall: 0.95, precision: 0.95 },
};

/** The folder of saved sites of one world. */
function folderOfWorld(world: RealwebWorldName, options: EvalOptions): string {
  return world === "realweb2"
    ? (options.realweb2Directory ?? realweb2Directory())
    : (options.realwebDirectory ?? realwebDirectory());
}

/** The worlds of saved sites a set runs on: none for the fixture set, both for the held-out set. */
function worldsOf(set: CaseSetName): RealwebWorldName[] {
  switch (set) {
    case "fixture":
      return [];
    case "realweb":
    case "realweb2":
      return [set];
    case "realweb-heldout":
      return ["realweb", "realweb2"];
  }
}

/** The world a held-out case runs on (its `world`); the one world of any other real-web set. */
function worldOfCase(set: CaseSetName, testCase: EvalCase): RealwebWorldName | null {
  if (set === "realweb-heldout") return ("world" in testCase ? testCase.world : undefined) ?? "realweb";
  return worldsOf(set)[0] ?? null;
}

/** A set's cases, those matching the filter. */
function casesOf(set: CaseSetName, options: EvalOptions): EvalCase[] {
  const matches = (testCase: { id: string }) => !options.filter || testCase.id.includes(options.filter);
  switch (set) {
    case "fixture":
      return [...loadResearchCases(), ...loadEnrichmentCases(), ...loadOutputSchemaCases()].filter(matches);
    case "realweb":
      return loadRealwebCases(options.realwebCases).filter(matches);
    case "realweb2":
      return loadRealweb2Cases().filter(matches);
    case "realweb-heldout":
      return loadRealwebHeldoutCases().filter(matches);
  }
}

/** Environment for a stack whose model is a real endpoint: slower than the fake, so longer limits. */
function realModelEnvironment(proxy: RecordingChatProxy, model: RealModel): Record<string, string> {
  // The proxy listens on loopback; the prompt budget is the one Dossier gives the endpoint behind it.
  const local = isLocalEndpoint(model.url);
  return {
    OPENAI_BASE_URL: proxy.url,
    LLM_MODEL: model.name,
    LLM_MAX_RETRIES: local ? "1" : "2",
    LLM_TIMEOUT_MS: "300000",
    RESEARCH_PROMPT_TOKENS: String(local ? LOCAL_PROMPT_TOKENS : 6_000),
    RESEARCH_TIMEOUT_MS: "900000",
    RESEARCH_GATHER_TIMEOUT_MS: "30000",
  };
}

/** A set's world (its web, search and model), the stack over it, and what its pages say. */
interface SetWorld {
  stack: Stack;
  modelCalls(): readonly FakeChatRequest[];
  pageText(url: string): Promise<string>;
  pageLinks(url: string): Promise<ReadonlyArray<{ url: string; text: string }>>;
  /** The pages of saved sites requested so far, in order; none for the fixture world. */
  pageRequests(): ReadonlyArray<{ host: string; path: string }>;
  close(): Promise<void>;
}

/** Starts the fixture world (`world` null) or one world of saved sites, with the stack over it. */
async function startSetWorld(
  world: RealwebWorldName | null,
  responder: FakeChatResponder,
  options: EvalOptions,
  extraSites: SiteDefinition[] = [],
): Promise<SetWorld> {
  const folder = world ? folderOfWorld(world, options) : "";
  const started = world
    ? await startRealwebWorld({ folder, responder })
    : await startResearchWorld({ responder, extraSites });
  const proxy = options.model ? await startRecordingChatProxy(options.model.url, options.model.apiKey) : null;
  const stack = await startStack({
    redis: options.redis,
    env: {
      ...started.env,
      // A set of a thousand questions is asked faster than a key's default allowance per minute.
      RATE_LIMIT_CALLS_PER_MINUTE: "0",
      ...(proxy && options.model ? realModelEnvironment(proxy, options.model) : {}),
      ...options.env,
      API_KEYS: EVAL_KEY,
      WORKER_CONCURRENCY: String(options.concurrency),
    },
  });
  const pageHtml = new Map<string, string>();
  /** The HTML of a page of this set's web, "" when it cannot be read. */
  const htmlOf = async (url: string): Promise<string> => {
    const known = pageHtml.get(url);
    if (known !== undefined) return known;
    let html = "";
    if (!world && "port" in started.web) {
      const page = await requestPage(started.web.port, url.replace(/^https:/, "http:")).catch(() => null);
      html = page && page.status === 200 ? page.body.toString("utf8") : "";
    } else {
      const parsed = new URL(url);
      const file = realwebPageFile(folder, parsed.hostname, parsed.pathname);
      html = file ? readFileSync(file, "utf8") : "";
    }
    pageHtml.set(url, html);
    return html;
  };
  return {
    stack,
    modelCalls: () => (proxy ? proxy.requests : started.model.requests),
    pageText: async (url) => toVisibleText(await htmlOf(url)),
    pageRequests: () => ("requests" in started.web ? started.web.requests : []),
    pageLinks: async (url) => {
      const html = await htmlOf(url);
      return html ? extractPage({ url, contentType: "text/html", text: html }).links : [];
    },
    async close() {
      await stack.stop();
      await proxy?.close();
      await started.close();
    },
  };
}

/**
 * Runs a set's cases, each on its world: one world for most sets, and for the held-out set first
 * the cases over the first folder, then those over the second, reported together.
 */
async function runSet(set: CaseSetName, cases: readonly EvalCase[], options: EvalOptions): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const worlds = worldsOf(set);
  for (const world of worlds.length ? worlds : [null]) {
    const ofWorld = cases.filter((testCase) => worldOfCase(set, testCase) === world);
    if (ofWorld.length) results.push(...(await runWorldCases(set, world, ofWorld, options)));
  }
  return results;
}

async function runWorldCases(
  set: CaseSetName,
  world: RealwebWorldName | null,
  cases: readonly EvalCase[],
  options: EvalOptions,
): Promise<CaseResult[]> {
  const researchCases = cases.filter((testCase): testCase is ResearchCase => "expected" in testCase);
  // A typed question may expect a person record too; an enrichment case expects only the record.
  const enrichmentCases = cases.filter(
    (testCase): testCase is EnrichmentCase => "expectedPerson" in testCase && !("expected" in testCase),
  );
  const objectCases = cases.filter((testCase): testCase is OutputSchemaCase => "expectedFields" in testCase);
  const fake = createEvalResponder(options.responder ?? "oracle", {
    research: researchCases,
    enrichment: enrichmentCases,
    objects: objectCases,
  });
  // The fake's replies, counted as a real model's would be: what a run's completions cost.
  const replyTokens = new Map<number, number>();
  const responder: FakeChatResponder = async (request) => {
    const reply = await fake(request);
    if (reply.kind === "json") replyTokens.set(request.index, countTokens(JSON.stringify(reply.value)));
    return reply;
  };
  const started = await startSetWorld(world, responder, options);
  try {
    return await runCaseSet({
      set,
      cases,
      stack: started.stack,
      apiKey: EVAL_KEY,
      modelCalls: started.modelCalls,
      ...(options.model ? {} : { replyTokens: (call: FakeChatRequest) => replyTokens.get(call.index) }),
      pageText: started.pageText,
      pageLinks: started.pageLinks,
      pageRequests: started.pageRequests,
      ...(options.effort ? { effort: options.effort } : {}),
      showBodies: options.showBodies ?? false,
      showPrompts: options.showPrompts ?? false,
      concurrency: options.concurrency,
      log: options.log,
    });
  } finally {
    await started.close();
  }
}

/** Runs a world's list cases (the fixture world with its member directory and its sponsors' logos) and returns their results. */
async function runListSet(
  set: RealwebWorldName | "fixture",
  cases: readonly ListCase[],
  options: EvalOptions,
): Promise<ListCaseResult[]> {
  const responder = createEvalResponder(options.responder ?? "oracle", {
    research: [],
    enrichment: [],
    objects: [],
    lists: cases,
  });
  const world = await startSetWorld(
    set === "fixture" ? null : set,
    responder,
    options,
    set === "fixture" ? [nordicClimateIndex, ...lanternfishWorld] : [],
  );
  try {
    return await runListCases({
      set,
      cases,
      stack: world.stack,
      apiKey: EVAL_KEY,
      pageText: world.pageText,
      ...(options.effort ? { effort: options.effort } : {}),
      log: options.log,
    });
  } finally {
    await world.close();
  }
}

/**
 * Runs the case sets through a real gateway and worker (the fixture sites on the simulated web,
 * the real-web cases on the saved sites) and reports each set on its own; returns the report and
 * whether every target was met.
 */
export async function runEval(options: EvalOptions): Promise<{ report: string; passed: boolean }> {
  const sections: string[] = [];
  const targets: Target[] = [];
  const results: CaseResult[] = [];
  const answeredBy = options.model ? "model" : (options.responder ?? "oracle");
  const listResults: ListCaseResult[] = [];
  for (const set of options.sets) {
    const folders = worldsOf(set).map((world) => folderOfWorld(world, options));
    const missing = folders.filter((folder) => !realwebAvailable(folder));
    if (options.lists) {
      // List cases belong to one world each; the held-out set has research questions only.
      if (set === "realweb-heldout" || missing.length) continue;
      const cases = loadListCases(set).filter((testCase) => !options.filter || testCase.id.includes(options.filter));
      if (cases.length > 0) listResults.push(...(await runListSet(set, cases, options)));
      continue;
    }
    if (missing.length) {
      sections.push(`## ${setTitles[set]}\n\nskipped: no saved sites at ${missing.join(" and ")}`);
      continue;
    }
    const cases = casesOf(set, options);
    if (cases.length === 0) {
      sections.push(
        `## ${setTitles[set]}\n\nskipped: no cases${options.filter ? ` whose id contains "${options.filter}"` : ""}`,
      );
      continue;
    }
    const setResults = await runSet(set, cases, options);
    results.push(...setResults);
    const report = reportCaseSet(set, setResults, SET_TARGETS[set] ?? null, {
      answeredBy,
      ...(options.effort ? { effort: options.effort } : {}),
    });
    sections.push(report.lines.join("\n"));
    targets.push(...report.targets);
  }
  if (options.lists) {
    const report = reportListCases(listResults, answeredBy);
    sections.push(report.lines.join("\n"));
    targets.push(...report.targets);
  }
  const header =
    (options.model
      ? `# Dossier evaluation: model ${options.model.name} at ${options.model.url}`
      : `# Dossier evaluation: ${responderTitles[options.responder ?? "oracle"]}`) +
    (options.effort ? `, effort ${options.effort}` : "");
  const report = [
    header,
    "",
    ...sections.flatMap((section) => [section, ""]),
    // With a real model, answers are measured, not targeted: the targets judge what Dossier controls.
    ...targets.map(([name, met]) => `${met ? "met   " : "MISSED"} ${name}`),
  ].join("\n");
  return {
    report,
    passed: (results.length > 0 || listResults.length > 0) && targets.every(([, met]) => met),
  };
}
