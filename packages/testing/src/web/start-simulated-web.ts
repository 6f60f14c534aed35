import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createSecureServer } from "node:https";
import type { AddressInfo } from "node:net";
import { createHostileRoutes, type HostileRoute, hostileRobots } from "./hostile-hosts.js";
import { renderPage, renderRobots, renderSitemap } from "./render-page.js";
import { type SearchDocument, SearchIndex, type SearchResult } from "./search-index.js";
import type { SiteDefinition } from "./site.js";
import { allSites } from "./sites/index.js";
import { createTestCertificates } from "./test-certificates.js";
import { toVisibleText } from "./visible-text.js";

/** Options of {@link startSimulatedWeb}. */
export interface SimulatedWebOptions {
  /**
   * Delay before every response, in milliseconds (benchmarks use 150), or the delay of each request
   * by its host and path (a test that has one site answer after another). Default 0.
   */
  pageLatencyMs?: number | ((host: string, path: string) => number);
  /** Sites served besides {@link allSites} (the list tests' directory): the default world stays as it is. */
  extraSites?: SiteDefinition[];
}

/** One request the simulated web received. */
export interface SimulatedWebRequest {
  /** Host header without the port, lower case. */
  host: string;
  /** Request path including the query string. */
  path: string;
  /** Whether it asked with `If-None-Match` or `If-Modified-Since`. */
  conditional: boolean;
  /** The status answered (304 for an unchanged page asked conditionally), set once the response is sent. */
  status?: number;
}

/** A running simulated web: many virtual hosts on one loopback HTTP server. */
export interface SimulatedWeb {
  /** Port of the HTTP server on 127.0.0.1. */
  port: number;
  /** Every virtual host served, company sites first, hostile hosts last. */
  hosts: string[];
  /**
   * `host:80:127.0.0.1:<port>` for every host, and `host:443:127.0.0.1:<tls port>` when openssl could
   * make a test certificate, comma-separated (the `FETCH_CONNECT_TO` format).
   */
  connectTo: string;
  /** PEM file of the test CA that signed the https certificate (for NODE_EXTRA_CA_CERTS), or null. */
  caPath: string | null;
  /** `http://<host><path>`; the path defaults to `/`. */
  url(host: string, path?: string): string;
  /** BM25 search over the visible main text of the pages (and searchable files), best first. */
  search(query: string, limit: number): SearchResult[];
  /** Every request received, oldest first. */
  requests: SimulatedWebRequest[];
  /** Stops the server, closing open connections (the slow drip included). */
  close(): Promise<void>;
}

interface StaticResource {
  contentType: string;
  body: Buffer;
}

/** An entity tag made of the body's hash: the same bytes, the same tag. */
const etagOf = (body: Buffer) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 16)}"`;

/**
 * Whether a request's validators still match the resource: `If-None-Match` when sent (any of its
 * tags, weak or strong, or `*`), otherwise `If-Modified-Since` not before `lastModified`.
 */
function isNotModified(request: IncomingMessage, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined)
    return ifNoneMatch.split(",").some((tag) => ["*", etag].includes(tag.trim().replace(/^W\//, "")));
  const ifModifiedSince = Date.parse(request.headers["if-modified-since"] ?? "");
  return Number.isFinite(ifModifiedSince) && ifModifiedSince >= lastModified.getTime();
}

const stylesheet = Buffer.from("body{line-height:1.6}main{max-width:60rem;margin:0 auto;padding:2rem}\n");
const script = Buffer.from(
  'document.addEventListener("click",function(e){var c=e.target.closest("[data-consent]");if(c){document.getElementById("cookie-consent").remove();}});\n',
);
const logo = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="140" height="32"><rect width="140" height="32" rx="6"/></svg>\n',
);

function siteResources(site: SiteDefinition): Map<string, StaticResource> {
  const resources = new Map<string, StaticResource>();
  const html = (text: string) => ({ contentType: "text/html; charset=utf-8", body: Buffer.from(text) });
  for (const page of site.pages) resources.set(page.path, html(renderPage(site, page)));
  for (const file of site.files ?? []) resources.set(file.path, { contentType: file.contentType, body: file.body });
  resources.set("/robots.txt", { contentType: "text/plain; charset=utf-8", body: Buffer.from(renderRobots(site)) });
  resources.set("/sitemap.xml", {
    contentType: "application/xml; charset=utf-8",
    body: Buffer.from(renderSitemap(site)),
  });
  resources.set("/assets/site.css", { contentType: "text/css; charset=utf-8", body: stylesheet });
  resources.set("/assets/app.js", { contentType: "text/javascript; charset=utf-8", body: script });
  resources.set("/assets/logo.svg", { contentType: "image/svg+xml", body: logo });
  return resources;
}

/** The documents a search engine holds of one site: its pages, and its files that have text. */
export function siteSearchDocuments(site: SiteDefinition): SearchDocument[] {
  const documents: SearchDocument[] = [];
  for (const page of site.pages) {
    const document: SearchDocument = {
      url: `http://${site.host}${page.path}`,
      // The full <title> with the brand, as result pages show it; the brand also makes
      // "Northwind Robotics security" rank Northwind's own pages first.
      title: `${page.title} | ${site.brand}`,
      // The article itself, without breadcrumb, share buttons or newsletter box.
      text: `${page.title} ${toVisibleText(page.body)}`,
    };
    if (page.publishedAt) document.publishedAt = page.publishedAt;
    documents.push(document);
  }
  for (const file of site.files ?? []) {
    if (file.text)
      documents.push({
        url: `http://${site.host}${file.path}`,
        title: file.title ?? `${site.brand} ${file.path}`,
        text: file.text,
      });
  }
  return documents;
}

function searchDocuments(sites: SiteDefinition[], routes: HostileRoute[]): SearchDocument[] {
  const documents = sites.flatMap(siteSearchDocuments);
  for (const route of routes) {
    if (route.searchable) documents.push({ url: `http://${route.host}${route.path}`, ...route.searchable });
  }
  return documents;
}

function hostOf(request: IncomingMessage): string {
  const header = request.headers.host ?? "";
  return header.replace(/:\d+$/, "").toLowerCase();
}

function normalisePath(path: string): string {
  const withoutQuery = path.split("?")[0] ?? "/";
  return withoutQuery.length > 1 && withoutQuery.endsWith("/") ? withoutQuery.slice(0, -1) : withoutQuery;
}

function notFound(response: ServerResponse, message: string): void {
  const body = `<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><main><h1>Not Found</h1><p>${message}</p></main></body></html>`;
  response.writeHead(404, { "content-type": "text/html; charset=utf-8" });
  response.end(body);
}

/** Starts the simulated web on 127.0.0.1 on a free port. */
export async function startSimulatedWeb(options: SimulatedWebOptions = {}): Promise<SimulatedWeb> {
  const latencyOption = options.pageLatencyMs ?? 0;
  const latencyOf = typeof latencyOption === "number" ? () => latencyOption : latencyOption;
  const sites = [...allSites(), ...(options.extraSites ?? [])];
  const routes = createHostileRoutes();
  const resourcesByHost = new Map(sites.map((site) => [site.host, siteResources(site)]));
  const routesByHost = new Map<string, Map<string, HostileRoute>>();
  for (const route of routes) {
    const byPath = routesByHost.get(route.host) ?? new Map<string, HostileRoute>();
    byPath.set(route.path, route);
    routesByHost.set(route.host, byPath);
  }
  const index = new SearchIndex(searchDocuments(sites, routes));
  const hosts = [...resourcesByHost.keys(), ...routesByHost.keys()];
  const requests: SimulatedWebRequest[] = [];
  let port = 0;
  // The sites never change while it runs: they were all last modified when it started (whole seconds, as HTTP dates are).
  const lastModified = new Date(Math.floor(Date.now() / 1000) * 1000);
  const etags = new Map<Buffer, string>();

  function respond(request: IncomingMessage, response: ServerResponse, host: string, path: string): void {
    const resources = resourcesByHost.get(host);
    if (resources) {
      const resource = resources.get(path);
      if (!resource) {
        notFound(response, `No page at ${path}.`);
        return;
      }
      const etag = etags.get(resource.body) ?? etagOf(resource.body);
      etags.set(resource.body, etag);
      const validators = { etag, "last-modified": lastModified.toUTCString() };
      if (isNotModified(request, etag, lastModified)) {
        response.writeHead(304, validators);
        response.end();
        return;
      }
      response.writeHead(200, {
        ...validators,
        "content-type": resource.contentType,
        "content-length": String(resource.body.length),
      });
      response.end(request.method === "HEAD" ? undefined : resource.body);
      return;
    }
    const hostRoutes = routesByHost.get(host);
    if (!hostRoutes) {
      notFound(response, `Unknown host ${host}.`);
      return;
    }
    if (path === "/robots.txt") {
      response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      response.end(hostileRobots(host));
      return;
    }
    if (path === "/sitemap.xml") {
      const urls = [...hostRoutes.keys()].map((routePath) => `  <url><loc>http://${host}${routePath}</loc></url>`);
      response.writeHead(200, { "content-type": "application/xml; charset=utf-8" });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
      );
      return;
    }
    const route = hostRoutes.get(path);
    if (!route) {
      notFound(response, `No page at ${path}.`);
      return;
    }
    void route.handle(request, response, { port });
  }

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const host = hostOf(request);
    const rawPath = request.url ?? "/";
    const record: SimulatedWebRequest = {
      host,
      path: rawPath,
      conditional: request.headers["if-none-match"] !== undefined || request.headers["if-modified-since"] !== undefined,
    };
    requests.push(record);
    response.on("finish", () => {
      record.status = response.statusCode;
    });
    const path = normalisePath(rawPath);
    const latency = latencyOf(host, path);
    if (latency <= 0) return respond(request, response, host, path);
    const timer = setTimeout(() => respond(request, response, host, path), latency);
    response.on("close", () => clearTimeout(timer));
  };
  const server = createServer(handle);
  // The same sites over https, with a certificate from a throwaway CA (NODE_EXTRA_CA_CERTS trusts it).
  const certificates = createTestCertificates(hosts);
  const secureServer = certificates
    ? createSecureServer({ key: certificates.key, cert: certificates.cert }, handle)
    : null;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  if (secureServer) await new Promise<void>((resolve) => secureServer.listen(0, "127.0.0.1", () => resolve()));
  const securePort = secureServer ? (secureServer.address() as AddressInfo).port : null;

  return {
    port,
    hosts,
    connectTo: hosts
      .flatMap((host) => [
        `${host}:80:127.0.0.1:${port}`,
        ...(securePort ? [`${host}:443:127.0.0.1:${securePort}`] : []),
      ])
      .join(","),
    caPath: certificates?.caPath ?? null,
    url: (host, path = "/") => `http://${host}${path}`,
    search: (query, limit) => index.search(query, limit),
    requests,
    close: async () => {
      secureServer?.closeAllConnections();
      secureServer?.close();
      certificates?.remove();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
