import { type FakeChatResponder, type FakeChatServer, startFakeChatServer } from "../llm/index.js";
import { type FakeSearchServer, startFakeSearchServer } from "../search/index.js";
import { type SimulatedWeb, type SiteDefinition, startSimulatedWeb } from "../web/index.js";

export interface ResearchWorldOptions {
  /** Delay of every simulated page, in milliseconds. */
  pageLatencyMs?: number;
  /** Delay of every search, in milliseconds. */
  searchLatencyMs?: number;
  /** Delay of every model answer, in milliseconds. */
  modelLatencyMs?: number;
  responder?: FakeChatResponder;
  /** Sites the simulated web serves besides its usual ones. */
  extraSites?: SiteDefinition[];
}

/** The outside world a research worker talks to, all on loopback: a web, a SearXNG over it, a model. */
export interface ResearchWorld {
  web: SimulatedWeb;
  search: FakeSearchServer;
  model: FakeChatServer;
  /** Environment that points Dossier's processes at this world. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startResearchWorld(options: ResearchWorldOptions = {}): Promise<ResearchWorld> {
  const web = await startSimulatedWeb({
    pageLatencyMs: options.pageLatencyMs ?? 0,
    ...(options.extraSites ? { extraSites: options.extraSites } : {}),
  });
  const search = await startFakeSearchServer({
    provider: "searxng",
    search: (query, limit) => web.search(query, limit),
    latencyMs: options.searchLatencyMs ?? 0,
  });
  const model = await startFakeChatServer({
    latencyMs: options.modelLatencyMs ?? 0,
    ...(options.responder ? { responder: options.responder } : {}),
  });
  return {
    web,
    search,
    model,
    env: {
      OPENAI_BASE_URL: model.url,
      LLM_MODEL: "fake-model",
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: search.url,
      FETCH_CONNECT_TO: web.connectTo,
      FETCH_HOST_DELAY_MS: "0",
      ...(web.caPath ? { NODE_EXTRA_CA_CERTS: web.caPath } : {}),
    },
    async close() {
      await Promise.all([web.close(), search.close(), model.close()]);
    },
  };
}
