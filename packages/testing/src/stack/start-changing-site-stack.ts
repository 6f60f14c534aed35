import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FakeChatResponder } from "../llm/index.js";
import { type FakeSearchServer, startFakeSearchServer } from "../search/index.js";
import { SearchIndex } from "../web/search-index.js";
import type { SiteDefinition } from "../web/site.js";
import { type ChangingSite, startChangingSite } from "../web/start-changing-site.js";
import { siteSearchDocuments } from "../web/start-simulated-web.js";
import { type ResearchWorld, startResearchWorld } from "./start-research-world.js";
import { type Stack, type StackOptions, startStack } from "./start-stack.js";

/** A stack whose workers read a site the test changes between two runs (a watch's), besides the simulated web. */
export interface ChangingSiteStack {
  world: ResearchWorld;
  site: ChangingSite;
  stack: Stack;
  /** The search over the site's pages alone, when `searchSite` asked for one. */
  search: FakeSearchServer | null;
  stop(): Promise<void>;
}

/**
 * Starts the research world (with `responder` as the model), a {@link ChangingSite} serving `site`,
 * and a stack whose fetcher reaches both (its test CAs trusted together). Search is off unless
 * `env` says otherwise, so that only the subject's own site is read; with `searchSite`, a SearXNG
 * finds the site's pages alone (BM25 over what they said when it started), so that a list's
 * discovery reads nothing else. `connectTo` adds more `FETCH_CONNECT_TO` entries (a callback
 * receiver's host, say).
 */
export async function startChangingSiteStack(options: {
  site: SiteDefinition;
  responder?: FakeChatResponder;
  env?: Record<string, string>;
  connectTo?: string[];
  searchSite?: boolean;
  stack?: Omit<StackOptions, "env">;
}): Promise<ChangingSiteStack> {
  const world = await startResearchWorld(options.responder ? { responder: options.responder } : {});
  const site = await startChangingSite(options.site);
  const index = options.searchSite ? new SearchIndex(siteSearchDocuments(options.site)) : null;
  const search = index
    ? await startFakeSearchServer({ provider: "searxng", search: (query, limit) => index.search(query, limit) })
    : null;
  const authorities = [world.env.NODE_EXTRA_CA_CERTS, site.caPath].filter((path): path is string => Boolean(path));
  const caFolder = mkdtempSync(join(tmpdir(), "dossier-changing-site-ca-"));
  const caPath = join(caFolder, "ca.pem");
  writeFileSync(caPath, authorities.map((path) => readFileSync(path, "utf8")).join("\n"));
  const stop = async (stack?: Stack) => {
    await stack?.stop();
    await world.close();
    await site.close();
    await search?.close();
    rmSync(caFolder, { recursive: true, force: true });
  };
  try {
    const stack = await startStack({
      ...options.stack,
      env: {
        ...world.env,
        NODE_EXTRA_CA_CERTS: caPath,
        ...(search ? { SEARCH_PROVIDER: "searxng", SEARXNG_URL: search.url } : { SEARCH_PROVIDER: "none" }),
        FETCH_CONNECT_TO: [world.env.FETCH_CONNECT_TO, site.connectTo, ...(options.connectTo ?? [])].join(","),
        ...options.env,
      },
    });
    return { world, site, stack, search, stop: () => stop(stack) };
  } catch (error) {
    await stop();
    throw error;
  }
}
