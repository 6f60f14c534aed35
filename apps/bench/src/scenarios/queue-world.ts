import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseConnectTo } from "@dossier/egress";
import { createRedis, waitForRedis } from "@dossier/queue";
import {
  CachedSearchProvider,
  createResearcher,
  OpenAiCompatibleChatModel,
  RedisPageCache,
  RedisSearchCache,
  type Researcher,
  SearxngSearchProvider,
  UndiciPageFetcher,
} from "@dossier/research";
import { type FakeChatServer, startFakeChatServer, testRedisUrl } from "@dossier/testing";
import type { WorldTally } from "./premise.js";

/** Host of the one page every queue-benchmark job reads. */
export const QUEUE_SITE_HOST = "queue-bench.test";

/** The company the search finds: every query that names it answers the one page. */
export const FOUND_COMPANY = "Queue Bench Ltd";

/**
 * The company no search result names: every query about it answers nothing, whatever the planner
 * asks (the question's words, the name alone), and whatever the search cache kept of earlier calls.
 */
export const UNKNOWN_COMPANY = "Nowhere Listed Ltd";

/** What a query names when it names {@link FOUND_COMPANY}, with or without its legal form. */
const FOUND_NAME = "queue bench";

const page = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Queue Bench Ltd</title>
<meta name="description" content="Queue Bench Ltd builds warehouse robots."></head>
<body><main><h1>Queue Bench Ltd</h1>
<p>Queue Bench Ltd builds warehouse robots in Boston and employs 240 people.</p>
<p>Queue Bench Ltd is hiring engineers: we have twelve open engineering roles in Boston.</p>
</main></body></html>`;

/**
 * The smallest world that makes a research job take the 200 path with a model call: a fake
 * SearXNG whose every answer about {@link FOUND_COMPANY} is one loopback page, that page, and the
 * fake model. Once the page is
 * in the page cache a job is one search round trip, a cache read, a small ranking and one model
 * call, so the queue's own cost stays visible. The company has no website (no crawl).
 */
export interface QueueWorld {
  /** The fake model; its latency is set per scenario. */
  model: FakeChatServer;
  /** Environment that points the gateway and workers at this world. */
  env: Record<string, string>;
  /**
   * What the fakes have answered so far: searches (and those with a result), pages of the one-page
   * site (robots.txt included) and model calls. A job about {@link UNKNOWN_COMPANY} finds nothing,
   * so it answers "the evidence does not say" (a 200) without a page or a model call.
   */
  counts(): WorldTally;
  /** Delay of every search answer, in milliseconds: a wait on an upstream that costs no CPU. Default 0. */
  setSearchLatency(milliseconds: number): void;
  /**
   * The research function composed as the worker composes it (same fetcher, caches and search),
   * with cache keys under `prefix`, to run in this process.
   */
  createInProcessResearcher(prefix: string): Researcher;
  close(): Promise<void>;
}

export async function startQueueWorld(): Promise<QueueWorld> {
  let served = 0;
  const site = createServer((request, response) => {
    served += 1;
    const isRobots = request.url === "/robots.txt";
    response.writeHead(request.url === "/" || isRobots ? 200 : 404, {
      "content-type": isRobots ? "text/plain" : "text/html; charset=utf-8",
    });
    response.end(isRobots ? "User-agent: *\nAllow: /\n" : page);
  });
  site.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const sitePort = (site.address() as AddressInfo).port;
  const pageUrl = `http://${QUEUE_SITE_HOST}/`;
  let searchLatencyMs = 0;
  let searches = 0;
  let searchHits = 0;
  // SearXNG's JSON API (the fields the shared fake renders), with a delay that can change between
  // scenarios, which the shared fake's fixed latency cannot.
  const search = createServer((request, response) => {
    const query = new URL(request.url ?? "/", "http://127.0.0.1").searchParams.get("q") ?? "";
    const hits = query.toLowerCase().includes(FOUND_NAME)
      ? [
          {
            url: pageUrl,
            title: FOUND_COMPANY,
            content: `${FOUND_COMPANY} builds warehouse robots in Boston.`,
            engine: "duckduckgo",
            engines: ["duckduckgo"],
            positions: [1],
            score: 1,
            category: "general",
            publishedDate: null,
          },
        ]
      : [];
    searches += 1;
    if (hits.length > 0) searchHits += 1;
    const answer = () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          query,
          number_of_results: hits.length,
          results: hits,
          answers: [],
          corrections: [],
          infoboxes: [],
          suggestions: [],
          unresponsive_engines: [],
        }),
      );
    };
    if (searchLatencyMs > 0) setTimeout(answer, searchLatencyMs);
    else answer();
  });
  search.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => search.listen(0, "127.0.0.1", resolve));
  const searchUrl = `http://127.0.0.1:${(search.address() as AddressInfo).port}`;
  const model = await startFakeChatServer();
  const connectTo = `${QUEUE_SITE_HOST}:80:127.0.0.1:${sitePort}`;
  const redis = createRedis({ mode: "standalone", url: testRedisUrl() }, "command");
  await waitForRedis(redis);
  const fetchers: UndiciPageFetcher[] = [];
  const prefixes: string[] = [];
  return {
    model,
    env: {
      OPENAI_BASE_URL: model.url,
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: searchUrl,
      FETCH_CONNECT_TO: connectTo,
      FETCH_HOST_DELAY_MS: "0",
    },
    counts: () => ({ searches, searchHits, pages: served, modelCalls: model.requests.length }),
    setSearchLatency(milliseconds) {
      searchLatencyMs = milliseconds;
    },
    createInProcessResearcher(prefix) {
      prefixes.push(prefix);
      const fetcher = new UndiciPageFetcher({
        connectTo: parseConnectTo(connectTo),
        perHostDelayMs: 0,
        cache: new RedisPageCache({ client: redis, keyPrefix: `${prefix}:page:` }),
      });
      fetchers.push(fetcher);
      return createResearcher({
        model: new OpenAiCompatibleChatModel({
          baseUrl: model.url,
          model: "fake-model",
          timeoutMs: 60_000,
          maxRetries: 0,
        }),
        fetcher,
        search: new CachedSearchProvider(
          new SearxngSearchProvider({ baseUrl: searchUrl }),
          new RedisSearchCache(redis, { keyPrefix: `${prefix}:search:` }),
        ),
      });
    },
    async close() {
      await Promise.all(fetchers.map((fetcher) => fetcher.close()));
      for (const prefix of prefixes) await deleteKeys(redis, `${prefix}:*`);
      redis.disconnect();
      site.closeAllConnections();
      search.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => site.close(() => resolve())),
        new Promise<void>((resolve) => search.close(() => resolve())),
        model.close(),
      ]);
    },
  };
}

/** Deletes every key matching `pattern`. */
export async function deleteKeys(redis: ReturnType<typeof createRedis>, pattern: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== "0");
}
