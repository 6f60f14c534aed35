import { isDossierError } from "@dossier/contract";
import { isOnSite } from "../../site-host.js";
import type { PageFetcher } from "./page-fetcher.js";

/**
 * Most URLs {@link fetchSitemapUrls} returns: enough for a company site of a few thousand pages
 * (handbook, docs and a blog archive), whose team or legal page may be listed last.
 */
export const maxSitemapUrls = 2_000;

/** Sitemaps a robots.txt names that are read at most: a site's pages, posts and docs, not every language's. */
const MAX_DECLARED_SITEMAPS = 5;
/** Child sitemaps of an index read at most; those listed first are read. */
const MAX_CHILD_SITEMAPS = 50;

/**
 * Reads the site's sitemap and returns up to 2,000 page URLs on the same site: the origin's host or
 * one of its subdomains, `www.` ignored. The sitemap is `/sitemap.xml`, or where it lists no page
 * (missing, or a page that is no sitemap), those the site's robots.txt names in its `Sitemap:`
 * lines (`/sitemap_index.xml`, `/wp-sitemap.xml`, `/sitemap-0.xml`). A sitemap index is followed
 * one level deep, its sitemaps read together and their pages kept in the index's order. A site
 * without a sitemap gives an empty list; other failures of `/sitemap.xml` throw.
 */
export async function fetchSitemapUrls(
  fetcher: PageFetcher,
  origin: string,
  options: { signal?: AbortSignal },
): Promise<string[]> {
  const base = new URL(origin);
  const signal = options.signal;
  const root = await readSitemap(fetcher, new URL("/sitemap.xml", base).href, signal);
  let urls = root === undefined ? [] : await pagesOf(fetcher, root, base, signal);
  if (urls.length === 0) {
    const declared = (await declaredSitemaps(fetcher, base, signal))
      .filter((url) => url !== new URL("/sitemap.xml", base).href)
      .slice(0, MAX_DECLARED_SITEMAPS);
    const sitemaps = await Promise.all(declared.map((url) => readSitemap(fetcher, url, signal).catch(() => undefined)));
    const lists = await Promise.all(
      sitemaps.map((sitemap) => (sitemap === undefined ? [] : pagesOf(fetcher, sitemap, base, signal))),
    );
    urls = lists.flat();
  }
  return [...new Set(urls)].slice(0, maxSitemapUrls);
}

/** The same-site page URLs of a sitemap, or of the sitemaps an index lists (one level deep only). */
async function pagesOf(fetcher: PageFetcher, sitemap: Sitemap, base: URL, signal: AbortSignal | undefined) {
  const sameSite = (locations: string[]) =>
    locations.flatMap((location) => sameSiteUrl(location, base) ?? []).slice(0, maxSitemapUrls);
  if (!sitemap.isIndex) return sameSite(sitemap.locations);
  const children = sameSite(sitemap.locations).slice(0, MAX_CHILD_SITEMAPS);
  // Read together, as the fetcher's politeness allows: a site's dozen sitemaps take a few windows, not a dozen.
  const read = await Promise.all(children.map((url) => readSitemap(fetcher, url, signal).catch(() => undefined)));
  // An index listed inside an index is not followed.
  return read.flatMap((child) => (child === undefined || child.isIndex ? [] : sameSite(child.locations)));
}

/** The sitemaps a site's robots.txt names (`Sitemap: https://example.org/sitemap_index.xml`), on the same site. */
async function declaredSitemaps(fetcher: PageFetcher, base: URL, signal: AbortSignal | undefined): Promise<string[]> {
  let text: string;
  try {
    text = (await fetcher.fetch(new URL("/robots.txt", base).href, signal === undefined ? {} : { signal })).text;
  } catch {
    return [];
  }
  const declared = [...text.matchAll(/^\s*sitemap\s*:\s*(\S+)/gim)].map((match) => match[1] ?? "");
  return [...new Set(declared.flatMap((location) => sameSiteUrl(location, base) ?? []))];
}

interface Sitemap {
  isIndex: boolean;
  locations: string[];
}

async function readSitemap(
  fetcher: PageFetcher,
  url: string,
  signal: AbortSignal | undefined,
): Promise<Sitemap | undefined> {
  let text: string;
  try {
    text = (await fetcher.fetch(url, signal === undefined ? {} : { signal })).text;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  const locations = [...text.matchAll(/<loc>\s*(?:<!\[CDATA\[)?\s*([^<\]]+?)\s*(?:\]\]>)?\s*<\/loc>/gi)].map((match) =>
    decodeXmlEntities(match[1]!),
  );
  return { isIndex: /<sitemapindex[\s>]/i.test(text), locations };
}

function isMissing(error: unknown): boolean {
  if (!isDossierError(error)) return false;
  if (error.code === "FETCH_UNSUPPORTED_CONTENT") return true;
  return error.code === "FETCH_HTTP_ERROR" && [404, 410].includes(Number(error.extensions?.upstreamStatus));
}

function sameSiteUrl(location: string, base: URL): string | undefined {
  let url: URL;
  try {
    url = new URL(location, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  const site = withoutWww(base.hostname);
  const host = withoutWww(url.hostname);
  return isOnSite(host, site) ? url.href : undefined;
}

function withoutWww(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\./, "");
}

function decodeXmlEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower === "amp") return "&";
    if (lower === "lt") return "<";
    if (lower === "gt") return ">";
    if (lower === "quot") return '"';
    if (lower === "apos") return "'";
    const code = lower.startsWith("#x") ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
