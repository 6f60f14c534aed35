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

async function startShop(files: Record<string, string>): Promise<UndiciPageFetcher> {
  server = await startTestServer((request, response) => {
    const body = files[request.url ?? ""];
    if (body === undefined) response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    else response.writeHead(200, { "content-type": "application/xml" }).end(body);
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
