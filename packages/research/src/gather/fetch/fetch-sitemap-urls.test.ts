import { startTestServer, type TestServer } from "@dossier/testing";
import { afterEach, describe, expect, it } from "vitest";
import { fetchSitemapUrls } from "./fetch-sitemap-urls.js";
import { UndiciPageFetcher } from "./undici-page-fetcher.js";

let server: TestServer | undefined;
let fetcher: UndiciPageFetcher | undefined;

afterEach(async () => {
  await fetcher?.close();
  await server?.close();
});

/** Content type of a file the shop serves, by its name. */
function contentTypeOf(path: string): string {
  if (path.endsWith(".txt")) return "text/plain";
  if (path.endsWith(".xml")) return "application/xml";
  return "text/html";
}

async function startShop(
  files: Record<string, string>,
  options: { holdMs?: number; inFlight?: { now: number; most: number }; types?: Record<string, string> } = {},
): Promise<UndiciPageFetcher> {
  server = await startTestServer(async (request, response) => {
    const path = request.url ?? "";
    const body = files[path];
    // An index's sitemaps (robots.txt and the index itself aside) are counted while in flight; the
    // first is held until another joins it (or a while has passed): reads that overlap are seen overlapping.
    const inFlight = path.startsWith("/sitemap-") ? options.inFlight : undefined;
    const first = inFlight !== undefined && inFlight.most === 0;
    if (inFlight) inFlight.most = Math.max(inFlight.most, ++inFlight.now);
    for (let waited = 0; first && inFlight.most < 2 && waited < (options.holdMs ?? 0); waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    if (inFlight) inFlight.now -= 1;
    if (body === undefined) response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    else response.writeHead(200, { "content-type": options.types?.[path] ?? contentTypeOf(path) }).end(body);
  });
  fetcher = new UndiciPageFetcher({
    perHostDelayMs: 0,
    connectTo: [{ host: "shop.test", port: 80, address: "127.0.0.1", targetPort: server.port }],
  });
  return fetcher;
}

function urlset(locations: string[]): string {
  const entries = locations.map((location) => `  <url><loc>${location}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>`;
}

function sitemapIndex(locations: string[]): string {
  const entries = locations.map((location) => `  <sitemap><loc>${location}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>`;
}

describe("fetchSitemapUrls", () => {
  it("reads a sitemap index one level deep and keeps same-site URLs", async () => {
    const shop = await startShop({
      "/sitemap.xml": sitemapIndex([
        "http://shop.test/sitemap-pages.xml",
        "http://shop.test/sitemap-missing.xml",
        "http://elsewhere.test/sitemap.xml",
        "http://shop.test/sitemap-nested-index.xml",
      ]),
      "/sitemap-pages.xml": urlset([
        "http://shop.test/about",
        "http://www.shop.test/team",
        "http://blog.shop.test/launch",
        "http://shop.test/search?q=a&amp;page=2",
        "http://elsewhere.test/about",
        "ftp://shop.test/file",
      ]),
      "/sitemap-nested-index.xml": sitemapIndex(["http://shop.test/sitemap-deep.xml"]),
      "/sitemap-deep.xml": urlset(["http://shop.test/too-deep"]),
    });
    expect(await fetchSitemapUrls(shop, "http://shop.test", {})).toEqual([
      "http://shop.test/about",
      "http://www.shop.test/team",
      "http://blog.shop.test/launch",
      "http://shop.test/search?q=a&page=2",
    ]);
    expect(server?.requests.map((request) => request.path)).not.toContain("/sitemap-deep.xml");
  });

  it("returns at most 2,000 URLs, so that a big site's last-listed pages are still candidates", async () => {
    const many = Array.from({ length: 2_100 }, (_, index) => `http://shop.test/product/${index}`);
    const shop = await startShop({ "/sitemap.xml": urlset(many) });
    const urls = await fetchSitemapUrls(shop, "http://shop.test/", {});
    expect(urls).toHaveLength(2_000);
    expect(urls).toContain("http://shop.test/product/780");
    expect(urls[0]).toBe("http://shop.test/product/0");
  });

  it("reads the sitemaps robots.txt names when /sitemap.xml lists no page", async () => {
    const shop = await startShop({
      "/robots.txt": [
        "User-agent: *",
        "Disallow: /admin",
        "Sitemap: http://shop.test/sitemap_index.xml",
        "sitemap:http://shop.test/blog-sitemap.xml",
        "Sitemap: http://elsewhere.test/sitemap.xml",
      ].join("\n"),
      "/sitemap_index.xml": sitemapIndex(["http://shop.test/page-sitemap.xml"]),
      "/page-sitemap.xml": urlset(["http://shop.test/about", "http://shop.test/legal/imprint"]),
      "/blog-sitemap.xml": urlset(["http://shop.test/blog/2024/launch", "http://shop.test/about"]),
    });
    expect(await fetchSitemapUrls(shop, "http://shop.test", {})).toEqual([
      "http://shop.test/about",
      "http://shop.test/legal/imprint",
      "http://shop.test/blog/2024/launch",
    ]);
  });

  it("takes an HTML page served at /sitemap.xml for no sitemap and asks robots.txt", async () => {
    const shop = await startShop(
      {
        "/sitemap.xml": "<html><body><h1>Page not found</h1></body></html>",
        "/robots.txt": "User-agent: *\nSitemap: http://shop.test/wp-sitemap.xml\n",
        "/wp-sitemap.xml": urlset(["http://shop.test/team"]),
      },
      { types: { "/sitemap.xml": "text/html" } },
    );
    expect(await fetchSitemapUrls(shop, "http://shop.test", {})).toEqual(["http://shop.test/team"]);
  });

  it("reads an index's sitemaps together and keeps the pages of those that answer, in the index's order", async () => {
    const inFlight = { now: 0, most: 0 };
    const shop = await startShop(
      {
        "/sitemap.xml": sitemapIndex([
          "http://shop.test/sitemap-1.xml",
          "http://shop.test/sitemap-2.xml",
          "http://shop.test/sitemap-gone.xml",
          "http://shop.test/sitemap-3.xml",
        ]),
        "/sitemap-1.xml": urlset(["http://shop.test/a"]),
        "/sitemap-2.xml": urlset(["http://shop.test/b"]),
        "/sitemap-3.xml": urlset(["http://shop.test/c"]),
      },
      { holdMs: 2_000, inFlight },
    );
    expect(await fetchSitemapUrls(shop, "http://shop.test", {})).toEqual([
      "http://shop.test/a",
      "http://shop.test/b",
      "http://shop.test/c",
    ]);
    // Two at a time, the fetcher's limit for one host: not one after another.
    expect(inFlight.most).toBe(2);
  });

  it("returns nothing for a site without a sitemap", async () => {
    const shop = await startShop({});
    expect(await fetchSitemapUrls(shop, "http://shop.test", {})).toEqual([]);
  });

  it("passes on failures other than a missing sitemap", async () => {
    const shop = await startShop({});
    await expect(fetchSitemapUrls(shop, "http://localhost", {})).rejects.toMatchObject({
      code: "FETCH_BLOCKED_ADDRESS",
    });
  });
});
