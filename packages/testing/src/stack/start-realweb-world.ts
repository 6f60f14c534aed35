import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type FakeChatResponder, type FakeChatServer, startFakeChatServer } from "../llm/index.js";
import { type FakeSearchServer, startFakeSearchServer } from "../search/index.js";
import { type SearchDocument, SearchIndex } from "../web/search-index.js";
import { type FolderWeb, startFolderWeb } from "../web/start-folder-web.js";
import { decodeEntities, toMainText } from "../web/visible-text.js";
import { realwebDirectory } from "./repository-root.js";

export interface RealwebWorldOptions {
  /** Folder of saved sites, one folder per host with `pages.json` beside them. Default `../shared/realweb`. */
  folder?: string;
  /** How the fake model answers. */
  responder?: FakeChatResponder;
  /** Delay of every model answer, in milliseconds. */
  modelLatencyMs?: number;
}

/** Saved real sites on loopback, a SearXNG over every page of them, and a fake model. */
export interface RealwebWorld {
  web: FolderWeb;
  search: FakeSearchServer;
  model: FakeChatServer;
  /** Environment that points Dossier's processes at this world. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Whether the saved sites are present (they live outside the repository). */
export function realwebAvailable(folder = realwebDirectory()): boolean {
  return existsSync(join(folder, "pages.json"));
}

/** The file a saved page lives in: `<host>/<path>/index.html`; null when it is missing. */
export function realwebPageFile(folder: string, host: string, path: string): string | null {
  const segments = path.split("/").filter(Boolean);
  for (const candidate of [segments, segments.map((segment) => encodeURIComponent(decodeURIComponent(segment)))]) {
    const file = join(folder, host, ...candidate, "index.html");
    if (existsSync(file)) return file;
  }
  return null;
}

/** Every saved page as a search engine would index it: URL, title and main text. */
export function realwebDocuments(folder = realwebDirectory()): SearchDocument[] {
  const index = JSON.parse(readFileSync(join(folder, "pages.json"), "utf8")) as Record<
    string,
    Array<{ path: string; title?: string }>
  >;
  const documents: SearchDocument[] = [];
  const seen = new Set<string>();
  for (const [host, pages] of Object.entries(index)) {
    for (const { path, title } of pages) {
      const url = `https://${host}${path}`;
      const file = realwebPageFile(folder, host, path);
      if (!file || seen.has(url)) continue;
      seen.add(url);
      const html = readFileSync(file, "utf8");
      const pageTitle = title ?? decodeEntities(/<title>([^<]*)<\/title>/i.exec(html)?.[1] ?? host);
      documents.push({ url, title: pageTitle, text: toMainText(html) });
    }
  }
  return documents;
}

/**
 * The real-web evaluation's world: the saved sites served by Host header over http and https, a
 * SearXNG whose index holds every saved page (so a question about a company without a website, or
 * a page only another site has, can be found as on the real web), and a fake model.
 */
export async function startRealwebWorld(options: RealwebWorldOptions = {}): Promise<RealwebWorld> {
  const folder = options.folder ?? realwebDirectory();
  const web = await startFolderWeb(folder);
  const index = new SearchIndex(realwebDocuments(folder));
  const search = await startFakeSearchServer({
    provider: "searxng",
    search: (query, limit) => index.search(query, limit),
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
