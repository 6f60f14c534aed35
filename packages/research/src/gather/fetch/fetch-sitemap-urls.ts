import { isDossierError } from "@dossier/contract";
import { isOnSite } from "../../site-host.js";
import type { PageFetcher } from "./page-fetcher.js";

/**
 * Most URLs {@link fetchSitemapUrls} returns: enough for a company site of a few thousand pages
 * (handbook, docs and a blog archive), whose team or legal page may be listed last.
 */
export const maxSitemapUrls = 2_000;

/**
 * Reads `/sitemap.xml` of `origin` (and, for a sitemap index, the sitemaps it lists, one level
 * deep) and returns up to 2,000 page URLs on the same site: the origin's host or one of its
 * subdomains, `www.` ignored. A site without a sitemap gives an empty list; other failures throw.
 */
export async function fetchSitemapUrls(
  fetcher: PageFetcher,
  origin: string,
  options: { signal?: AbortSignal },
): Promise<string[]> {
  const base = new URL(origin);
  const root = await readSitemap(fetcher, new URL("/sitemap.xml", base).href, options.signal);
  if (root === undefined) return [];
  const found = new Set<string>();
  const add = (locations: string[]) => {
    for (const location of locations) {
      if (found.size >= maxSitemapUrls) return;
      const url = sameSiteUrl(location, base);
      if (url !== undefined) found.add(url);
    }
  };
  if (!root.isIndex) {
    add(root.locations);
    return [...found];
  }
  for (const location of root.locations) {
    if (found.size >= maxSitemapUrls) break;
    const childUrl = sameSiteUrl(location, base);
    if (childUrl === undefined) continue;
    const child = await readSitemap(fetcher, childUrl, options.signal);
    // One level deep only: an index listed inside an index is not followed.
    if (child !== undefined && !child.isIndex) add(child.locations);
  }
  return [...found];
}

async function readSitemap(
  fetcher: PageFetcher,
  url: string,
  signal: AbortSignal | undefined,
): Promise<{ isIndex: boolean; locations: string[] } | undefined> {
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
