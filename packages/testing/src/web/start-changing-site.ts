import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createSecureServer } from "node:https";
import type { AddressInfo } from "node:net";
import { renderPage, renderRobots, renderSitemap } from "./render-page.js";
import type { SiteDefinition, SitePage } from "./site.js";
import { createTestCertificates } from "./test-certificates.js";

/** One request the changing site received, and what it answered. */
export interface ChangingSiteRequest {
  path: string;
  /** 200, 304, 404, or the status a test made the page answer ({@link ChangingSite.setStatus}). */
  status: number;
  /** Whether the request was conditional (`If-None-Match` or `If-Modified-Since`). */
  conditional: boolean;
}

/** A simulated site whose pages a test edits between two runs of a watch. */
export interface ChangingSite {
  host: string;
  /**
   * `host:80:127.0.0.1:<port>` and, when openssl could make a test certificate, `host:443:127.0.0.1:<tls port>`:
   * entries for `FETCH_CONNECT_TO`, to add to the simulated web's.
   */
  connectTo: string;
  /** PEM file of the test CA that signed the https certificate (add it to `NODE_EXTRA_CA_CERTS`), or null. */
  caPath: string | null;
  /** `http://<host><path>`. */
  url(path?: string): string;
  /** Replaces what a page says (or adds the page); the next request reads the new version. */
  setPage(path: string, changes: Partial<Omit<SitePage, "path">>): void;
  /**
   * Makes a page answer `status` (a 503, a 429) instead of its content, as a site having an outage
   * does, until set back with null; what the page says is kept meanwhile.
   */
  setStatus(path: string, status: number | null): void;
  /** The page as served now. */
  page(path: string): SitePage | undefined;
  /** Every request received, oldest first. */
  requests: ChangingSiteRequest[];
  close(): Promise<void>;
}

interface Served {
  body: string;
  contentType: string;
  etag: string;
  lastModified: Date;
}

const etagOf = (body: string) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 16)}"`;

/**
 * Serves one site (as the simulated web renders it) on its own loopback port, over http, with pages
 * a test can change while processes read it: a head count, a title on a team card, an item added
 * to a list. Every response carries an `ETag` and a `Last-Modified` that change only when the page
 * does, and a conditional request for an unchanged page is answered 304, as a real server does.
 */
export async function startChangingSite(site: SiteDefinition): Promise<ChangingSite> {
  const pages = new Map(site.pages.map((page) => [page.path, { ...page }]));
  const served = new Map<string, Served>();
  const requests: ChangingSiteRequest[] = [];
  // Pages answering an error status instead of their content, by path.
  const failing = new Map<string, number>();
  // Whole seconds: Last-Modified has no finer precision.
  let clock = Math.floor(Date.now() / 1000) * 1000;

  const render = (path: string): Served | undefined => {
    const current = () => {
      const live: SiteDefinition = { ...site, pages: [...pages.values()] };
      if (path === "/robots.txt") return { body: renderRobots(live), contentType: "text/plain; charset=utf-8" };
      if (path === "/sitemap.xml") return { body: renderSitemap(live), contentType: "application/xml; charset=utf-8" };
      const page = pages.get(path);
      return page ? { body: renderPage(live, page), contentType: "text/html; charset=utf-8" } : undefined;
    };
    const now = current();
    if (!now) return undefined;
    const before = served.get(path);
    if (before?.body === now.body) return before;
    clock += 1000;
    const next = { ...now, etag: etagOf(now.body), lastModified: new Date(clock) };
    served.set(path, next);
    return next;
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? "/").split("?")[0]!.replace(/(?<=.)\/$/, "");
    const ifNoneMatch = request.headers["if-none-match"];
    const ifModifiedSince = request.headers["if-modified-since"];
    const conditional = ifNoneMatch !== undefined || ifModifiedSince !== undefined;
    const failure = failing.get(path);
    if (failure !== undefined) {
      requests.push({ path, status: failure, conditional });
      response.writeHead(failure, { "content-type": "text/html; charset=utf-8" });
      response.end(
        `<!DOCTYPE html><html><head><title>${failure}</title></head><body><main><h1>Error ${failure}</h1></main></body></html>`,
      );
      return;
    }
    const resource = render(path);
    if (!resource) {
      requests.push({ path, status: 404, conditional });
      response.writeHead(404, { "content-type": "text/html; charset=utf-8" });
      response.end(
        "<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><main><h1>Not Found</h1></main></body></html>",
      );
      return;
    }
    const headers = { etag: resource.etag, "last-modified": resource.lastModified.toUTCString() };
    const unchanged =
      ifNoneMatch !== undefined
        ? ifNoneMatch.split(",").some((tag) => tag.trim() === resource.etag)
        : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= resource.lastModified.getTime();
    if (unchanged) {
      requests.push({ path, status: 304, conditional });
      response.writeHead(304, headers);
      response.end();
      return;
    }
    requests.push({ path, status: 200, conditional });
    response.writeHead(200, {
      ...headers,
      "content-type": resource.contentType,
      "content-length": String(Buffer.byteLength(resource.body)),
    });
    response.end(request.method === "HEAD" ? undefined : resource.body);
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // The same pages over https: a subject's own site is read at https://.
  const certificates = createTestCertificates([site.host]);
  const secureServer = certificates
    ? createSecureServer({ key: certificates.key, cert: certificates.cert }, handle)
    : null;
  if (secureServer) await new Promise<void>((resolve) => secureServer.listen(0, "127.0.0.1", resolve));
  const securePort = secureServer ? (secureServer.address() as AddressInfo).port : null;
  return {
    host: site.host,
    connectTo: [
      `${site.host}:80:127.0.0.1:${port}`,
      ...(securePort ? [`${site.host}:443:127.0.0.1:${securePort}`] : []),
    ].join(","),
    caPath: certificates?.caPath ?? null,
    url: (path = "/") => `http://${site.host}${path}`,
    setPage(path, changes) {
      const page = pages.get(path);
      pages.set(path, page ? { ...page, ...changes } : { path, title: path, description: "", body: "", ...changes });
    },
    setStatus(path, status) {
      if (status === null) failing.delete(path);
      else failing.set(path, status);
    },
    page: (path) => pages.get(path),
    requests,
    async close() {
      secureServer?.closeAllConnections();
      secureServer?.close();
      certificates?.remove();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
