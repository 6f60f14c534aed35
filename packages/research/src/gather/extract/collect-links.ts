import type { DomDocument } from "./dom.js";
import { collapseWhitespace, toArray } from "./dom.js";
import type { PageLink } from "./extracted-page.js";

function resolveBase(document: DomDocument, pageUrl: string): string {
  const href = document.querySelector("base[href]")?.getAttribute("href");
  if (href === null || href === undefined) return pageUrl;
  try {
    return new URL(href, pageUrl).toString();
  } catch {
    return pageUrl;
  }
}

/**
 * Every absolute http(s) link of the page, navigation and footer included (the crawler follows
 * them), fragment removed, first occurrence of each URL kept. Must run before boilerplate removal.
 */
export function collectLinks(document: DomDocument, pageUrl: string): PageLink[] {
  const base = resolveBase(document, pageUrl);
  const seen = new Set<string>();
  const links: PageLink[] = [];
  for (const anchor of toArray(document.querySelectorAll("a[href], area[href]"))) {
    const href = (anchor.getAttribute("href") ?? "").trim();
    if (href === "" || href.startsWith("#")) continue;
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    url.hash = "";
    const absolute = url.toString();
    if (seen.has(absolute)) continue;
    seen.add(absolute);
    const text =
      collapseWhitespace(anchor.textContent ?? "") ||
      collapseWhitespace(anchor.getAttribute("aria-label") ?? "") ||
      collapseWhitespace(anchor.getAttribute("title") ?? "") ||
      collapseWhitespace(anchor.querySelector("img[alt]")?.getAttribute("alt") ?? "");
    const rel = collapseWhitespace(anchor.getAttribute("rel") ?? "");
    links.push(rel === "" ? { url: absolute, text } : { url: absolute, text, rel });
  }
  return links;
}
