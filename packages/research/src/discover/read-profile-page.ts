import { collapseWhitespace, parseDocument, toArray } from "../gather/extract/dom.js";
import { jsonLdTypes, parseJsonLd } from "../gather/extract/parse-json-ld.js";
import { textOf } from "./entry-markup.js";

/** What an entity's own page on a directory (its profile) says of where it lives on the web. */
export interface ProfilePage {
  /** The entity's own website (an origin), when the page links to it. */
  website?: string;
  /** Its LinkedIn profile, when the page links to it. */
  linkedinUrl?: string;
  /** The page's main text, at most {@link MAX_PROFILE_CHARS}: a quote from it is about this entity. */
  text: string;
}

/** Longest profile text kept, in characters. */
export const MAX_PROFILE_CHARS = 5_000;

const PLATFORM_HOSTS =
  /(?:^|\.)(?:linkedin\.com|twitter\.com|x\.com|facebook\.com|instagram\.com|youtube\.com|github\.com|crunchbase\.com|wikipedia\.org|medium\.com|google\.com|apple\.com)$/i;

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, "");

/** The words of a name that may appear in its domain: "Kestrel Security B.V." gives "kestrel", "security". */
function nameTokens(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 4);
}

/**
 * Reads an entity's profile page on a directory (the page its entry links to): the entity's own
 * website, from the page's schema.org organisation, a link labelled as its website, or a link whose
 * domain carries a word of its name; its LinkedIn profile; and the page's text.
 */
export function readProfilePage(html: string, pageUrl: string, name: string): ProfilePage {
  const document = parseDocument(html);
  const pageHost = bareHost(new URL(pageUrl).hostname);
  const offSite = (href: string | null | undefined): URL | null => {
    if (!href) return null;
    try {
      const url = new URL(href, pageUrl);
      if (url.protocol !== "http:" && url.protocol !== "https:") return null;
      const host = bareHost(url.hostname);
      return host === pageHost || host.endsWith(`.${pageHost}`) ? null : url;
    } catch {
      return null;
    }
  };
  const profile: ProfilePage = { text: "" };
  const scripts = toArray(document.querySelectorAll('script[type="application/ld+json"]')).map(
    (script) => script.textContent ?? "",
  );
  for (const object of parseJsonLd(scripts)) {
    if (!jsonLdTypes(object).some((type) => /Organization|Corporation|LocalBusiness/.test(type))) continue;
    const url = offSite(typeof object.url === "string" ? object.url : null);
    if (url && !PLATFORM_HOSTS.test(bareHost(url.hostname))) profile.website ??= url.origin;
  }
  const tokens = nameTokens(name);
  for (const anchor of toArray(document.querySelectorAll("a[href]"))) {
    const url = offSite(anchor.getAttribute("href"));
    if (!url) continue;
    const host = bareHost(url.hostname);
    if (/(?:^|\.)linkedin\.com$/.test(host)) {
      profile.linkedinUrl ??= url.href;
      continue;
    }
    if (PLATFORM_HOSTS.test(host)) continue;
    const label = collapseWhitespace(anchor.textContent ?? "");
    const labelled = /\b(?:website|homepage|home page|official site|visit)\b/i.test(label);
    if (labelled || tokens.some((token) => host.split(".")[0]?.includes(token))) profile.website ??= url.origin;
  }
  for (const element of toArray(document.querySelectorAll("script, style, nav, header, footer, aside, form")))
    element.remove();
  const main = document.querySelector("main") ?? document.body;
  profile.text = main ? textOf(main).slice(0, MAX_PROFILE_CHARS) : "";
  return profile;
}
