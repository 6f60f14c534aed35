import type { IncomingMessage, ServerResponse } from "node:http";
import { type AddressInfo, createServer as createNetServer, type Socket } from "node:net";
import { gzipSync } from "node:zlib";
import { errorCodeOf, startTestServer, type TestServer } from "@dossier/testing";
import iconv from "iconv-lite";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryPageCache } from "./page-cache.js";
import { defaultUserAgent, UndiciPageFetcher, type UndiciPageFetcherSettings } from "./undici-page-fetcher.js";

type Route = (request: IncomingMessage, response: ServerResponse) => unknown;

let servers: TestServer[] = [];
let fetchers: UndiciPageFetcher[] = [];

afterEach(async () => {
  await Promise.all(fetchers.map((fetcher) => fetcher.close()));
  await Promise.all(servers.map((server) => server.close()));
  fetchers = [];
  servers = [];
});

/** A site on loopback, reached as http://site.test through connect-to, with robots.txt 404 unless routed. */
async function startSite(routes: Record<string, Route>): Promise<TestServer> {
  const server = await startTestServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://site.test").pathname;
    const route = routes[path];
    if (route !== undefined) return void route(request, response);
    response.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  servers.push(server);
  return server;
}

function createFetcher(server: TestServer, settings: UndiciPageFetcherSettings = {}): UndiciPageFetcher {
  const fetcher = new UndiciPageFetcher({
    perHostDelayMs: 0,
    connectTo: [{ host: "site.test", port: 80, address: "127.0.0.1", targetPort: server.port }],
    ...settings,
  });
  fetchers.push(fetcher);
  return fetcher;
}

function html(body: string | Buffer, contentType = "text/html; charset=utf-8"): Route {
  return (_request, response) => {
    response.writeHead(200, { "content-type": contentType }).end(body);
  };
}

function countOf(server: TestServer, path: string): number {
  return server.requests.filter((request) => request.path === path).length;
}

describe("robots.txt", () => {
  const robots = "User-agent: *\nDisallow: /\n\nUser-agent: DossierBot\nDisallow: /private\n";

  it("fetches allowed paths, refuses disallowed ones, and reads robots.txt once", async () => {
    const server = await startSite({
      "/robots.txt": html(robots, "text/plain"),
      "/public": html("<p>public</p>"),
      "/other": html("<p>other</p>"),
      "/private": html("<p>private</p>"),
    });
    const fetcher = createFetcher(server);
    expect((await fetcher.fetch("http://site.test/public", {})).text).toBe("<p>public</p>");
    expect((await fetcher.fetch("http://site.test/other", {})).text).toBe("<p>other</p>");
    expect(await errorCodeOf(fetcher.fetch("http://site.test/private", {}))).toBe("FETCH_DISALLOWED_BY_ROBOTS");
    expect(countOf(server, "/private")).toBe(0);
    expect(countOf(server, "/robots.txt")).toBe(1);
    expect(server.requests.every((request) => request.userAgent === defaultUserAgent)).toBe(true);
  });

  it("checks robots.txt on every redirect hop", async () => {
    const server = await startSite({
      "/robots.txt": html(robots, "text/plain"),
      "/moved": (_request, response) => response.writeHead(302, { location: "/private/page" }).end(),
      "/private/page": html("<p>private</p>"),
    });
    expect(await errorCodeOf(createFetcher(server).fetch("http://site.test/moved", {}))).toBe(
      "FETCH_DISALLOWED_BY_ROBOTS",
    );
    expect(countOf(server, "/private/page")).toBe(0);
  });

  it("allows everything when robots.txt is missing or failing", async () => {
    const missing = await startSite({ "/page": html("<p>ok</p>") });
    expect((await createFetcher(missing).fetch("http://site.test/page", {})).text).toBe("<p>ok</p>");
    const failing = await startSite({
      "/robots.txt": (_request, response) => response.writeHead(503).end(),
      "/page": html("<p>ok</p>"),
    });
    expect((await createFetcher(failing).fetch("http://site.test/page", {})).text).toBe("<p>ok</p>");
    expect(countOf(failing, "/robots.txt")).toBe(1);
  });

  it("keeps robots.txt in the page cache for the next fetcher", async () => {
    const server = await startSite({
      "/robots.txt": html(robots, "text/plain"),
      "/a": html("a"),
      "/private": html("p"),
    });
    const cache = new MemoryPageCache();
    await createFetcher(server, { cache }).fetch("http://site.test/a", {});
    expect(await errorCodeOf(createFetcher(server, { cache }).fetch("http://site.test/private", {}))).toBe(
      "FETCH_DISALLOWED_BY_ROBOTS",
    );
    expect(countOf(server, "/robots.txt")).toBe(1);
  });

  it("sends the configured User-Agent", async () => {
    const server = await startSite({ "/a": html("a") });
    await createFetcher(server, { userAgent: "DossierBot/9.9 (test)" }).fetch("http://site.test/a", {});
    expect(server.requests.map((request) => request.userAgent)).toEqual([
      "DossierBot/9.9 (test)",
      "DossierBot/9.9 (test)",
    ]);
  });
});

describe("limits", () => {
  it("refuses a PDF or JSON body whose Content-Length is over the cap without reading it", async () => {
    const server = await startSite({
      "/big.pdf": (_request, response) => {
        response.writeHead(200, { "content-type": "application/pdf", "content-length": String(3 * 1024 * 1024) });
        response.write("%PDF-1.7");
      },
      "/big.json": (_request, response) => {
        response.writeHead(200, { "content-type": "application/json", "content-length": String(3 * 1024 * 1024) });
        response.write("[");
      },
    });
    const fetcher = createFetcher(server);
    expect(await errorCodeOf(fetcher.fetch("http://site.test/big.pdf", {}))).toBe("FETCH_TOO_LARGE");
    expect(await errorCodeOf(fetcher.fetch("http://site.test/big.json", {}))).toBe("FETCH_TOO_LARGE");
  });

  it("reads an HTML page over the cap as far as the cap: the first cards of a long directory", async () => {
    const card = (index: number) => `<li><h3>Member ${index}</h3><p>Role ${index}, City ${index}</p></li>\n`;
    const cards = Array.from({ length: 40_000 }, (_, index) => card(index)).join("");
    const html = `<html><head><title>Directory</title></head><body><ul>${cards}</ul></body></html>`;
    expect(Buffer.byteLength(html)).toBeGreaterThan(2 * 1024 * 1024);
    const server = await startSite({
      "/directory": (_request, response) => {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
      },
    });
    const page = await createFetcher(server).fetch("http://site.test/directory", {});
    expect(page.text.length).toBe(2 * 1024 * 1024);
    expect(page.text).toContain("<h3>Member 0</h3>");
    expect(page.text).toContain("<h3>Member 20000</h3>");
    expect(page.text).not.toContain("<h3>Member 39999</h3>");
  });

  it("cuts off a 50 MB streamed body at the cap without the server sending it all", async () => {
    const total = 50 * 1024 * 1024;
    let sent = 0;
    let closed!: Promise<void>;
    const server = await startSite({
      "/stream": (_request, response) => {
        closed = new Promise((resolve) => response.on("close", resolve));
        const chunk = Buffer.alloc(64 * 1024, "a");
        response.writeHead(200, { "content-type": "text/plain" });
        const write = () => {
          while (sent < total && !response.destroyed) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once("drain", write);
          }
          response.end();
        };
        write();
      },
    });
    expect((await createFetcher(server).fetch("http://site.test/stream", {})).text.length).toBe(2 * 1024 * 1024);
    await closed;
    expect(sent).toBeLessThan(total / 2);
  });

  it("counts a compressed body after decompression", async () => {
    const bomb = gzipSync(Buffer.alloc(5 * 1024 * 1024, " "));
    const server = await startSite({
      "/bomb": (_request, response) => {
        response.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" }).end(bomb);
      },
      "/small": (_request, response) => {
        response
          .writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" })
          .end(gzipSync("small text"));
      },
    });
    const fetcher = createFetcher(server);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect((await fetcher.fetch("http://site.test/bomb", {})).text.length).toBe(2 * 1024 * 1024);
    expect((await fetcher.fetch("http://site.test/small", {})).text).toBe("small text");
  });

  it("times out a body that drips slowly", async () => {
    const server = await startSite({
      "/drip": (_request, response) => {
        response.writeHead(200, { "content-type": "text/plain" });
        let drops = 0;
        const timer = setInterval(() => {
          drops += 1;
          if (drops > 400) response.end();
          else response.write(".");
        }, 50);
        response.on("close", () => clearInterval(timer));
      },
    });
    expect(await errorCodeOf(createFetcher(server, { timeoutMs: 300 }).fetch("http://site.test/drip", {}))).toBe(
      "FETCH_TIMEOUT",
    );
  });

  it("lets two requests to a host start at once, then holds the next back for the polite delay", async () => {
    const server = await startSite({
      "/robots.txt": (_request, response) => void response.writeHead(404).end(),
      "/a": html("a"),
      "/b": html("b"),
    });
    const controller = new AbortController();
    const fetcher = createFetcher(server, { perHostDelayMs: 60_000 });
    // robots.txt and /a take the two places of the window; /b must wait a minute.
    const first = await fetcher.fetch("http://site.test/a", { signal: controller.signal });
    expect(first.status).toBe(200);
    const pending = fetcher.fetch("http://site.test/b", { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort(new Error("waited long enough"));
    await expect(pending).rejects.toThrow("waited long enough");
    expect(server.requests.map((request) => request.path)).toEqual(["/robots.txt", "/a"]);
  });

  it("times out a connection that never completes its TLS handshake", async () => {
    const sockets: Socket[] = [];
    const silent = createNetServer((socket) => void sockets.push(socket.on("error", () => {})));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    const fetcher = new UndiciPageFetcher({
      perHostDelayMs: 0,
      connectTimeoutMs: 200,
      connectTo: [{ host: "slow.test", port: 443, address: "127.0.0.1", targetPort: port }],
    });
    fetchers.push(fetcher);
    try {
      await expect(fetcher.fetch("https://slow.test/", {})).rejects.toMatchObject({
        code: "FETCH_TIMEOUT",
        detail: expect.stringContaining("Connecting to slow.test"),
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it("keeps at most two requests in flight to one host", async () => {
    let active = 0;
    let mostActive = 0;
    const slow: Route = (request, response) => {
      active += 1;
      mostActive = Math.max(mostActive, active);
      setTimeout(() => {
        active -= 1;
        response.writeHead(200, { "content-type": "text/plain" }).end(request.url);
      }, 60);
    };
    const paths = ["/1", "/2", "/3", "/4", "/5", "/6"];
    const server = await startSite(Object.fromEntries(paths.map((path) => [path, slow])));
    const fetcher = createFetcher(server);
    const pages = await Promise.all(paths.map((path) => fetcher.fetch(`http://site.test${path}`, {})));
    expect(pages.map((page) => page.text)).toEqual(paths);
    expect(mostActive).toBe(2);
    expect(server.maxOpenConnections).toBeLessThanOrEqual(2);
  });
});

describe("cancellation", () => {
  it("rejects with the caller's reason when the caller aborts", async () => {
    let reached!: () => void;
    const requestSeen = new Promise<void>((resolve) => (reached = resolve));
    const server = await startSite({ "/hang": () => reached() });
    const controller = new AbortController();
    const pending = createFetcher(server).fetch("http://site.test/hang", { signal: controller.signal });
    await requestSeen;
    const reason = new Error("caller gave up");
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it("rejects at once for a signal that is already aborted", async () => {
    const server = await startSite({ "/a": html("a") });
    const reason = new Error("already gone");
    await expect(createFetcher(server).fetch("http://site.test/a", { signal: AbortSignal.abort(reason) })).rejects.toBe(
      reason,
    );
    expect(server.requests).toEqual([]);
  });
});

describe("cache and sharing", () => {
  it("serves a repeated fetch from the cache", async () => {
    const server = await startSite({ "/a": html("<p>a</p>") });
    const cache = new MemoryPageCache();
    const first = await createFetcher(server, { cache }).fetch("http://site.test/a", {});
    const second = await createFetcher(server, { cache }).fetch("http://site.test/a", {});
    expect(first.fromCache).toBe(false);
    expect(second).toEqual({ ...first, fromCache: true });
    expect(countOf(server, "/a")).toBe(1);
  });

  it("reads a page again for a caller whose maxAgeSeconds the cached copy exceeds, and caches the new copy", async () => {
    const server = await startSite({ "/a": html("<p>a</p>") });
    const cache = new MemoryPageCache();
    const fetcher = createFetcher(server, { cache });
    const first = await fetcher.fetch("http://site.test/a", {});
    await cache.set("http://site.test/a", { ...first, fetchedAt: new Date(Date.now() - 120_000).toISOString() }, 600);
    expect((await fetcher.fetch("http://site.test/a", { maxAgeSeconds: 300 })).fromCache).toBe(true);
    const fresh = await fetcher.fetch("http://site.test/a", { maxAgeSeconds: 60 });
    expect(fresh.fromCache).toBe(false);
    expect(countOf(server, "/a")).toBe(2);
    expect((await fetcher.fetch("http://site.test/a", { maxAgeSeconds: 60 })).fromCache).toBe(true);
    expect((await fetcher.fetch("http://site.test/a", { maxAgeSeconds: 0 })).fromCache).toBe(false);
    expect(countOf(server, "/a")).toBe(3);
  });

  it("shares one request between concurrent fetches of the same URL", async () => {
    const server = await startSite({
      "/slow": (_request, response) => {
        setTimeout(() => response.writeHead(200, { "content-type": "text/plain" }).end("slow"), 50);
      },
    });
    const fetcher = createFetcher(server);
    const controller = new AbortController();
    const abandoned = fetcher.fetch("http://site.test/slow", { signal: controller.signal });
    const kept = fetcher.fetch("http://site.test/slow", {});
    controller.abort(new Error("first caller left"));
    await expect(abandoned).rejects.toThrow("first caller left");
    expect((await kept).text).toBe("slow");
    expect(countOf(server, "/slow")).toBe(1);
  });
});

describe("conditional requests", () => {
  /** A page with validators that answers 304 when they match, as a real server does; `received` keeps the conditions asked. */
  function validatedPage(page: { body: string; etag?: string; lastModified?: string }) {
    const received: Array<{ ifNoneMatch?: string; ifModifiedSince?: string; status: number }> = [];
    const route: Route = (request, response) => {
      const ifNoneMatch = request.headers["if-none-match"];
      const ifModifiedSince = request.headers["if-modified-since"];
      const validators = {
        ...(page.etag ? { etag: page.etag } : {}),
        ...(page.lastModified ? { "last-modified": page.lastModified } : {}),
      };
      const unchanged =
        ifNoneMatch !== undefined
          ? ifNoneMatch === page.etag
          : ifModifiedSince !== undefined && page.lastModified !== undefined && ifModifiedSince === page.lastModified;
      const status = unchanged ? 304 : 200;
      received.push({
        ...(ifNoneMatch ? { ifNoneMatch } : {}),
        ...(ifModifiedSince ? { ifModifiedSince } : {}),
        status,
      });
      if (unchanged) return void response.writeHead(304, validators).end();
      response.writeHead(200, { "content-type": "text/html; charset=utf-8", ...validators }).end(page.body);
    };
    return { page, received, route };
  }

  it("asks again with If-None-Match and If-Modified-Since, and takes a 304 as the stored copy, fresh again", async () => {
    const monday = "Mon, 02 Nov 2026 08:00:00 GMT";
    const served = validatedPage({ body: "<p>240 people</p>", etag: '"v1"', lastModified: monday });
    const server = await startSite({ "/a": served.route });
    const cache = new MemoryPageCache();
    const fetcher = createFetcher(server, { cache });
    const first = await fetcher.fetch("http://site.test/a", {});
    expect(first).toMatchObject({ etag: '"v1"', lastModified: monday, fromCache: false });
    expect(first.notModified).toBeUndefined();

    const again = await fetcher.fetch("http://site.test/a", { maxAgeSeconds: 0 });
    expect(served.received.at(-1)).toEqual({ ifNoneMatch: '"v1"', ifModifiedSince: monday, status: 304 });
    expect(again).toMatchObject({ text: "<p>240 people</p>", fromCache: false, notModified: true, etag: '"v1"' });
    expect(Date.parse(again.fetchedAt)).toBeGreaterThanOrEqual(Date.parse(first.fetchedAt));
    // The 304 made the stored copy as young as the answer: a caller content with a minute takes it from the cache.
    await cache.set("http://site.test/a", { ...first, fetchedAt: new Date(Date.now() - 120_000).toISOString() }, 600);
    const revalidated = await fetcher.fetch("http://site.test/a", { maxAgeSeconds: 60 });
    expect(revalidated.notModified).toBe(true);
    const cached = await fetcher.fetch("http://site.test/a", { maxAgeSeconds: 60 });
    expect(cached).toMatchObject({ fromCache: true, text: "<p>240 people</p>", fetchedAt: revalidated.fetchedAt });
    expect(cached.notModified).toBeUndefined();

    served.page.body = "<p>260 people</p>";
    served.page.etag = '"v2"';
    const changed = await fetcher.fetch("http://site.test/a", { maxAgeSeconds: 0 });
    expect(served.received.at(-1)).toMatchObject({ ifNoneMatch: '"v1"', status: 200 });
    expect(changed).toMatchObject({ text: "<p>260 people</p>", etag: '"v2"', fromCache: false });
    expect(changed.notModified).toBeUndefined();
    expect((await fetcher.fetch("http://site.test/a", {})).text).toBe("<p>260 people</p>");
  });

  it("asks with If-Modified-Since alone for a page that sent only Last-Modified, and never without a stored copy", async () => {
    const served = validatedPage({ body: "<p>dated</p>", lastModified: "Tue, 03 Nov 2026 09:00:00 GMT" });
    const server = await startSite({ "/dated": served.route });
    const fetcher = createFetcher(server, { cache: new MemoryPageCache() });
    await fetcher.fetch("http://site.test/dated", { maxAgeSeconds: 0 });
    const again = await fetcher.fetch("http://site.test/dated", { maxAgeSeconds: 0 });
    expect(served.received).toEqual([
      { status: 200 },
      { ifModifiedSince: "Tue, 03 Nov 2026 09:00:00 GMT", status: 304 },
    ]);
    expect(again).toMatchObject({ text: "<p>dated</p>", notModified: true });
    // Without a cache there is nothing to revalidate: every fetch is unconditional.
    const uncached = createFetcher(server);
    await uncached.fetch("http://site.test/dated", {});
    expect(served.received.at(-1)).toEqual({ status: 200 });
  });

  it("sends the validators only to the URL they came from, behind a redirect", async () => {
    const served = validatedPage({ body: "<p>moved here</p>", etag: '"m1"' });
    const seenAtOld: Array<string | undefined> = [];
    const server = await startSite({
      "/old": (request, response) => {
        seenAtOld.push(request.headers["if-none-match"]);
        response.writeHead(301, { location: "/new" }).end();
      },
      "/new": served.route,
    });
    const fetcher = createFetcher(server, { cache: new MemoryPageCache() });
    await fetcher.fetch("http://site.test/old", {});
    const again = await fetcher.fetch("http://site.test/old", { maxAgeSeconds: 0 });
    expect(seenAtOld).toEqual([undefined, undefined]);
    expect(served.received.at(-1)).toEqual({ ifNoneMatch: '"m1"', status: 304 });
    expect(again).toMatchObject({
      url: "http://site.test/new",
      requestedUrl: "http://site.test/old",
      notModified: true,
    });
  });

  it("refuses a 304 to a request it did not make conditional", async () => {
    const server = await startSite({ "/odd": (_request, response) => response.writeHead(304).end() });
    expect(
      await errorCodeOf(createFetcher(server, { cache: new MemoryPageCache() }).fetch("http://site.test/odd", {})),
    ).toBe("FETCH_HTTP_ERROR");
  });
});

describe("responses", () => {
  it("refuses error statuses and unsupported content", async () => {
    const server = await startSite({
      "/broken": (_request, response) => response.writeHead(500).end("oops"),
      "/image": html(Buffer.from([0x89, 0x50, 0x4e, 0x47]), "image/png"),
      "/unlabeled": html("just bytes", ""),
    });
    const fetcher = createFetcher(server);
    expect(await errorCodeOf(fetcher.fetch("http://site.test/missing", {}))).toBe("FETCH_HTTP_ERROR");
    await expect(fetcher.fetch("http://site.test/broken", {})).rejects.toMatchObject({
      code: "FETCH_HTTP_ERROR",
      retryable: true,
    });
    expect(await errorCodeOf(fetcher.fetch("http://site.test/image", {}))).toBe("FETCH_UNSUPPORTED_CONTENT");
    expect(await errorCodeOf(fetcher.fetch("http://site.test/unlabeled", {}))).toBe("FETCH_UNSUPPORTED_CONTENT");
  });

  it("reads plain text, JSON and XML", async () => {
    const server = await startSite({
      "/notes.txt": html("plain words", "text/plain"),
      "/data.json": html('{"name":"Zoë"}', "application/json"),
      "/feed.xml": html("<urlset><url><loc>http://site.test/a</loc></url></urlset>", "application/xml"),
    });
    const fetcher = createFetcher(server);
    expect(await fetcher.fetch("http://site.test/notes.txt", {})).toMatchObject({
      contentType: "text/plain",
      text: "plain words",
    });
    expect(await fetcher.fetch("http://site.test/data.json", {})).toMatchObject({
      contentType: "application/json",
      text: '{"name":"Zoë"}',
    });
    expect((await fetcher.fetch("http://site.test/feed.xml", {})).contentType).toBe("application/xml");
  });
});

describe("decoding", () => {
  const french = "<p>Café – “déjà vu” €5</p>";

  it("decodes windows-1252 named in the Content-Type header", async () => {
    const server = await startSite({
      "/fr": html(iconv.encode(french, "windows-1252"), "text/html; charset=windows-1252"),
    });
    expect((await createFetcher(server).fetch("http://site.test/fr", {})).text).toBe(french);
  });

  it("reads iso-8859-1 as windows-1252, as browsers do", async () => {
    const server = await startSite({
      "/fr": html(iconv.encode(french, "windows-1252"), "text/html; charset=ISO-8859-1"),
    });
    expect((await createFetcher(server).fetch("http://site.test/fr", {})).text).toBe(french);
  });

  it("decodes windows-1252 named in a meta charset", async () => {
    const page = `<!doctype html><html><head><meta charset="windows-1252"></head><body>${french}</body></html>`;
    const server = await startSite({ "/fr": html(iconv.encode(page, "windows-1252"), "text/html") });
    expect((await createFetcher(server).fetch("http://site.test/fr", {})).text).toBe(page);
  });

  it("decodes shift_jis named in an http-equiv meta", async () => {
    const page =
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"></head><body>株式会社ドシエの会社概要</body></html>';
    const server = await startSite({ "/jp": html(iconv.encode(page, "shift_jis"), "text/html") });
    expect((await createFetcher(server).fetch("http://site.test/jp", {})).text).toBe(page);
  });

  it("falls back to UTF-8", async () => {
    const server = await startSite({ "/u": html(Buffer.from("<p>naïve ✓</p>"), "text/html") });
    expect((await createFetcher(server).fetch("http://site.test/u", {})).text).toBe("<p>naïve ✓</p>");
  });

  it("extracts the text of a PDF, labeled or sniffed", async () => {
    const pdf = onePagePdf("Dossier annual report 2024");
    const server = await startSite({
      "/report.pdf": html(pdf, "application/pdf"),
      "/download": html(pdf, "application/octet-stream"),
    });
    const fetcher = createFetcher(server);
    const page = await fetcher.fetch("http://site.test/report.pdf", {});
    expect(page).toMatchObject({ contentType: "application/pdf", text: "Dossier annual report 2024" });
    expect(await fetcher.fetch("http://site.test/download", {})).toMatchObject({
      contentType: "application/pdf",
      text: "Dossier annual report 2024",
    });
  });
});

/** A valid one-page PDF showing `text` in Helvetica, with a correct cross-reference table. */
function onePagePdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 20 100 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
