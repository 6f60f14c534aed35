import { collapseWhitespace, type DomElement, toArray } from "../gather/extract/dom.js";

/** The links of an entry: its own website, its LinkedIn profile, its page on the listing's site. */
export interface EntryLinks {
  /** The first link off the page's own site that is not a profile on a network: the entity's own website. */
  website?: string;
  /** The first link to a profile on LinkedIn. */
  linkedinUrl?: string;
  /** The first link to another page of the same site (a detail page). */
  detailUrl?: string;
}

/** Link texts and labels that are never a name. */
export const GENERIC =
  /^(?:home|about(?: us)?|contact(?: us)?|read more|learn more|more|see (?:all|more)|view (?:all|more|profile)|website|visit(?: website)?|next|previous|prev|back|apply(?: now)?|sign in|log ?in|sign up|register|subscribe|download|details|profile|linkedin|twitter|x|facebook|instagram|github|email|e-mail|share|menu|top|page \d+|\d+|[«»‹›<>→←…]+)$/i;

/** Hosts of networks and platforms whose links are profiles, not an entity's own website. */
export const PLATFORM_HOSTS =
  /(?:^|\.)(?:linkedin\.com|twitter\.com|x\.com|facebook\.com|instagram\.com|youtube\.com|github\.com|crunchbase\.com|wikipedia\.org|medium\.com|angel\.co|wellfound\.com|tiktok\.com|google\.com|apple\.com|bit\.ly|mailto)$/i;

/** An element's text, blocks and cells apart by a space, whitespace collapsed. */
export function textOf(element: DomElement): string {
  return collapseWhitespace(blockText(element));
}

/** The element's text with a space wherever a block or cell ends, so that "Oslo</td><td>Seed" stays two words. */
function blockText(element: DomElement): string {
  let text = "";
  for (const child of toArray(element.childNodes)) {
    if (child.nodeType === 3) text += child.textContent ?? "";
    else if (child.nodeType === 1) {
      const tag = child.nodeName.toUpperCase();
      const inner = blockText(child as DomElement);
      text += /^(?:TD|TH|LI|P|DIV|H\d|BR|DT|DD|SECTION|ARTICLE|TR|UL|OL)$/.test(tag) ? ` ${inner} ` : inner;
    }
  }
  return text;
}

export function absoluteUrl(href: string | null, base: string): URL | null {
  if (!href || /^(?:#|javascript:|mailto:|tel:)/i.test(href.trim())) return null;
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.hash = "";
    return url;
  } catch {
    return null;
  }
}

export const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, "");

/** The links of an entry, sorted into website, LinkedIn profile and detail page. */
export function linksOf(element: DomElement, pageUrl: string): EntryLinks {
  const pageHost = bareHost(new URL(pageUrl).hostname);
  const links: EntryLinks = {};
  const anchors = element.nodeName.toUpperCase() === "A" ? [element] : toArray(element.querySelectorAll("a[href]"));
  for (const anchor of anchors) {
    const url = absoluteUrl(anchor.getAttribute("href"), pageUrl);
    if (!url) continue;
    const host = bareHost(url.hostname);
    if (/(?:^|\.)linkedin\.com$/.test(host)) links.linkedinUrl ??= url.href;
    else if (host === pageHost || host.endsWith(`.${pageHost}`)) {
      if (url.pathname !== "/" && url.pathname !== new URL(pageUrl).pathname) links.detailUrl ??= url.href;
    } else if (!PLATFORM_HOSTS.test(host)) links.website ??= url.origin;
  }
  return links;
}

/** A cell's text without the labels of its icon links ("in", "Website"), which are not part of a name. */
export function withoutLabelLinks(cell: DomElement): string {
  let text = textOf(cell);
  for (const anchor of toArray(cell.querySelectorAll("a"))) {
    const label = textOf(anchor);
    if (label && (label.length <= 2 || GENERIC.test(label)) && text !== label) text = text.replace(label, " ");
  }
  return collapseWhitespace(text);
}

/**
 * The heading an entry sits under: the last heading before it among the earlier siblings of the
 * entry's own containers (the table of a row, the list of an item), three levels up at most.
 */
export function sectionHeadingOf(element: DomElement): string | null {
  let node: DomElement | null = element.parentElement;
  for (let level = 0; node && level < 4; level += 1, node = node.parentElement) {
    for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
      if (/^H[1-6]$/i.test(sibling.tagName)) return textOf(sibling);
      const inner = toArray(sibling.querySelectorAll("h1, h2, h3, h4, h5, h6")).at(-1);
      if (inner) return textOf(inner);
    }
  }
  return null;
}

/** A pattern that finds a phrase as whole words, case aside. */
export function wholePhrase(phrase: string, flags = "iu"): RegExp {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, flags);
}

/** How many different sites off the page's own (networks aside) an element links to. */
export function ownSites(element: DomElement, pageUrl: string): number {
  const pageHost = bareHost(new URL(pageUrl).hostname);
  const hosts = new Set<string>();
  for (const anchor of toArray(element.querySelectorAll("a[href]"))) {
    const url = absoluteUrl(anchor.getAttribute("href"), pageUrl);
    const host = url ? bareHost(url.hostname) : "";
    if (host && host !== pageHost && !host.endsWith(`.${pageHost}`) && !PLATFORM_HOSTS.test(host)) hosts.add(host);
  }
  return hosts.size;
}

/** How many different sites off the page's own an element's logos (images that are links) lead to: two make a section of logos. */
export function logoSites(element: DomElement, pageUrl: string): number {
  const pageHost = bareHost(new URL(pageUrl).hostname);
  const hosts = new Set<string>();
  for (const anchor of toArray(element.querySelectorAll("a[href]"))) {
    if (!anchor.querySelector("img")) continue;
    const url = absoluteUrl(anchor.getAttribute("href"), pageUrl);
    const host = url ? bareHost(url.hostname) : "";
    if (host && host !== pageHost && !host.endsWith(`.${pageHost}`) && !PLATFORM_HOSTS.test(host)) hosts.add(host);
  }
  return hosts.size;
}

/** An element's shape: its tag and classes, which the entries of one listing share. */
export function signatureOf(element: DomElement): string {
  const classes = (element.getAttribute("class") ?? "").split(/\s+/).filter(Boolean).sort().join(".");
  return `${element.tagName.toUpperCase()}.${classes}`;
}
