import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRedis, waitForRedis } from "@dossier/queue";
import {
  CachedSearchProvider,
  OpenAiCompatibleChatModel,
  RedisPageCache,
  RedisSearchCache,
  SearxngSearchProvider,
  UndiciPageFetcher,
  createResearcher,
  parseConnectTo,
  type Researcher,
} from "@dossier/research";
import { startFakeChatServer, startFakeSearchServer, testRedisUrl, type FakeChatServer } from "@dossier/testing";

/** Host of the one page every queue-benchmark job reads. */
export const QUEUE_SITE_HOST = "queue-bench.test";

const page = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Queue Bench Ltd</title>
<meta name="description" content="Queue Bench Ltd builds warehouse robots."></head>
<body><main><h1>Queue Bench Ltd</h1>
<p>Queue Bench Ltd builds warehouse robots in Boston and employs 240 people.</p>
<p>Queue Bench Ltd is hiring engineers: we have twelve open engineering roles in Boston.</p>
</main></body></html>`;

/**
 * The smallest world that makes a research job take the 200 path with a model call: a fake
 * SearXNG whose every answer is one loopback page, that page, and the fake model. Once the page is
 * in the page cache a job is one search round trip, a cache read, a small ranking and one model
 * call, so the queue's own cost stays visible. The company has no website (no crawl).
 */
export interface QueueWorld {
  model: FakeChatServer;
  /** Environment that points the gateway and workers at this world. */
  env: Record<string, string>;
  /** Pages served by the one-page site, robots.txt included. */
  pageRequests(): number;
  /**
   * With false, the search finds nothing, so a job answers "the evidence does not say" (a 200)
   * without reading a page or calling the model: what remains is the queue's own cost. Default true.
   */
  setEvidence(found: boolean): void;
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
    response.writeHead(request.url === "/" || isRobots ? 200 : 404, { "content-type": isRobots ? "text/plain" : "text/html; charset=utf-8" });
    response.end(isRobots ? "User-agent: *\nAllow: /\n" : page);
  });
  site.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const sitePort = (site.address() as AddressInfo).port;
  const pageUrl = `http://${QUEUE_SITE_HOST}/`;
  let evidence = true;
  const search = await startFakeSearchServer({
    provider: "searxng",
    search: () => (evidence ? [{ url: pageUrl, title: "Queue Bench Ltd", snippet: "Queue Bench Ltd builds warehouse robots in Boston." }] : []),
  });
  const model = await startFakeChatServer();
  const connectTo = `${QUEUE_SITE_HOST}:80:127.0.0.1:${sitePort}`;
  const redis = createRedis(testRedisUrl(), "command");
  await waitForRedis(redis);
  const fetchers: UndiciPageFetcher[] = [];
  const prefixes: string[] = [];
  return {
    model,
    env: {
      OPENAI_BASE_URL: model.url,
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: search.url,
      FETCH_CONNECT_TO: connectTo,
      FETCH_HOST_DELAY_MS: "0",
    },
    pageRequests: () => served,
    setEvidence(found) {
      evidence = found;
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
        model: new OpenAiCompatibleChatModel({ baseUrl: model.url, model: "fake-model", timeoutMs: 60_000, maxRetries: 0 }),
        fetcher,
        search: new CachedSearchProvider(new SearxngSearchProvider({ baseUrl: search.url }), new RedisSearchCache(redis, { keyPrefix: `${prefix}:search:` })),
      });
    },
    async close() {
      await Promise.all(fetchers.map((fetcher) => fetcher.close()));
      for (const prefix of prefixes) await deleteKeys(redis, `${prefix}:*`);
      redis.disconnect();
      site.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => site.close(() => resolve())), search.close(), model.close()]);
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
