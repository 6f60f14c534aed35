import { parseConnectTo } from "@dossier/egress";
import { errorCodeOf as codeOf, startTestServer, type TestServer } from "@dossier/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UndiciPageFetcher, type UndiciPageFetcherSettings } from "./undici-page-fetcher.js";

let server: TestServer;
let fetchers: UndiciPageFetcher[] = [];

beforeEach(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://placeholder");
    if (url.pathname === "/robots.txt") {
      response.writeHead(404).end();
    } else if (url.pathname.startsWith("/redirect/")) {
      response.writeHead(302, { location: url.searchParams.get("to") ?? "/" }).end();
    } else if (url.pathname.startsWith("/hops/")) {
      const left = Number(url.pathname.slice("/hops/".length));
      if (left === 0) response.writeHead(200, { "content-type": "text/plain" }).end("arrived");
      else response.writeHead(301, { location: `/hops/${left - 1}` }).end();
    } else {
      response.writeHead(200, { "content-type": "text/html" }).end(`<p>page ${url.pathname}</p>`);
    }
  });
});

afterEach(async () => {
  await Promise.all(fetchers.map((fetcher) => fetcher.close()));
  fetchers = [];
  await server.close();
});

function createFetcher(settings: UndiciPageFetcherSettings = {}): UndiciPageFetcher {
  const fetcher = new UndiciPageFetcher({ perHostDelayMs: 0, ...settings });
  fetchers.push(fetcher);
  return fetcher;
}

/** A fetcher that reaches the loopback server only as `site.test:80`, as production reaches a test web. */
function createSiteFetcher(settings: UndiciPageFetcherSettings = {}): UndiciPageFetcher {
  return createFetcher({
    connectTo: [{ host: "site.test", port: 80, address: "127.0.0.1", targetPort: server.port }],
    ...settings,
  });
}

function pathsRequested(): string[] {
  return server.requests.map((request) => request.path);
}

describe("address safety", () => {
  const oddSpellings = [
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://0x7f.1/",
    "http://127.1/",
    "http://0x7f000001/",
    "http://127.0.0.1./",
    "http://0/",
    "http://0251.0376.0251.0376/latest/meta-data/",
    "http://2852039166/latest/meta-data/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[fd00:ec2::254]/",
  ];
  for (const url of oddSpellings) {
    it(`refuses ${url}`, async () => {
      expect(await codeOf(createFetcher().fetch(url, {}))).toBe("FETCH_BLOCKED_ADDRESS");
    });
  }

  it("refuses a host name that resolves to loopback", async () => {
    expect(await codeOf(createFetcher().fetch(`http://localhost:${server.port}/`, {}))).toBe("FETCH_BLOCKED_ADDRESS");
    expect(server.requests).toEqual([]);
  });

  it("refuses a host name when any one of its addresses is private", async () => {
    const lookup = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    expect(await codeOf(createFetcher({ lookup }).fetch("http://mixed.test/", {}))).toBe("FETCH_BLOCKED_ADDRESS");
  });

  it("connects to the address it checked and keeps the host name in the Host header", async () => {
    const lookup = async () => [{ address: "127.0.0.1", family: 4 }];
    const page = await createFetcher({ lookup, allowPrivate: true }).fetch(
      `http://pinned.test:${server.port}/about`,
      {},
    );
    expect(page.text).toBe("<p>page /about</p>");
    expect(server.requests.at(-1)?.host).toBe(`pinned.test:${server.port}`);
  });

  it("refuses other schemes and URLs with credentials", async () => {
    const fetcher = createSiteFetcher();
    expect(await codeOf(fetcher.fetch("ftp://site.test/file", {}))).toBe("FETCH_INVALID_URL");
    expect(await codeOf(fetcher.fetch("file:///etc/passwd", {}))).toBe("FETCH_INVALID_URL");
    expect(await codeOf(fetcher.fetch("not a url", {}))).toBe("FETCH_INVALID_URL");
    expect(await codeOf(fetcher.fetch("http://user:secret@site.test/", {}))).toBe("FETCH_INVALID_URL");
    expect(await codeOf(fetcher.fetch("http://user@site.test/", {}))).toBe("FETCH_INVALID_URL");
    expect(server.requests).toEqual([]);
  });

  it("does not follow a redirect to a URL with credentials", async () => {
    const to = encodeURIComponent("http://user:secret@site.test/inside");
    expect(await codeOf(createSiteFetcher().fetch(`http://site.test/redirect/?to=${to}`, {}))).toBe(
      "FETCH_INVALID_URL",
    );
    expect(pathsRequested()).not.toContain("/inside");
  });
});

describe("connect-to", () => {
  it("reaches the named host through its private target", async () => {
    const page = await createSiteFetcher().fetch("http://site.test/hello", {});
    expect(page).toMatchObject({ url: "http://site.test/hello", status: 200, text: "<p>page /hello</p>" });
    expect(server.requests.at(-1)?.host).toBe("site.test");
  });

  it("does not open the target address to other hosts, other ports or direct requests", async () => {
    const fetcher = createSiteFetcher();
    expect(await codeOf(fetcher.fetch(`http://127.0.0.1:${server.port}/hello`, {}))).toBe("FETCH_BLOCKED_ADDRESS");
    expect(await codeOf(fetcher.fetch(`http://localhost:${server.port}/hello`, {}))).toBe("FETCH_BLOCKED_ADDRESS");
    expect(await codeOf(fetcher.fetch("http://localhost/hello", {}))).toBe("FETCH_BLOCKED_ADDRESS");
    expect(server.requests).toEqual([]);
  });

  it("refuses a redirect from the named host to loopback", async () => {
    const to = encodeURIComponent(`http://127.0.0.1:${server.port}/secret`);
    expect(await codeOf(createSiteFetcher().fetch(`http://site.test/redirect/?to=${to}`, {}))).toBe(
      "FETCH_BLOCKED_ADDRESS",
    );
    expect(pathsRequested()).not.toContain("/secret");
  });

  it("refuses a redirect from the named host to the cloud metadata address", async () => {
    const to = encodeURIComponent("http://169.254.169.254/latest/meta-data/");
    expect(await codeOf(createSiteFetcher().fetch(`http://site.test/redirect/?to=${to}`, {}))).toBe(
      "FETCH_BLOCKED_ADDRESS",
    );
  });

  it("refuses a redirect from the named host to a name that resolves to loopback", async () => {
    const to = encodeURIComponent(`http://localhost:${server.port}/secret`);
    expect(await codeOf(createSiteFetcher().fetch(`http://site.test/redirect/?to=${to}`, {}))).toBe(
      "FETCH_BLOCKED_ADDRESS",
    );
    expect(pathsRequested()).not.toContain("/secret");
  });

  it("parses curl --connect-to lists", () => {
    expect(parseConnectTo("acme.test:443:127.0.0.1:8443, Blog.Test:80:[::1]:8080")).toEqual([
      { host: "acme.test", port: 443, address: "127.0.0.1", targetPort: 8443 },
      { host: "blog.test", port: 80, address: "::1", targetPort: 8080 },
    ]);
    expect(parseConnectTo("")).toEqual([]);
    expect(() => parseConnectTo("acme.test:443:127.0.0.1")).toThrow(/host:port:address:port/);
    expect(() => parseConnectTo("acme.test:99999:127.0.0.1:1")).toThrow(/invalid port/);
    expect(() => parseConnectTo("acme.test:443:[nope]:1")).toThrow(/invalid IPv6/);
  });
});

describe("redirects", () => {
  it("follows five redirects", async () => {
    const page = await createSiteFetcher().fetch("http://site.test/hops/5", {});
    expect(page).toMatchObject({
      url: "http://site.test/hops/0",
      requestedUrl: "http://site.test/hops/5",
      text: "arrived",
    });
  });

  it("refuses a sixth redirect", async () => {
    expect(await codeOf(createSiteFetcher().fetch("http://site.test/hops/6", {}))).toBe("FETCH_TOO_MANY_REDIRECTS");
    expect(pathsRequested()).not.toContain("/hops/0");
  });
});
