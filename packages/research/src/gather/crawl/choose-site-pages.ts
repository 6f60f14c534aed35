import type { PageLink } from "../extract/extracted-page.js";
/** Lowercase words; no stop-word list here, since "about" names a page. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Words match when equal or when they share a stem of five letters ("integrate", "integrations"). */
function related(left: string, right: string): boolean {
  return left === right || (left.length >= 5 && right.length >= 5 && left.slice(0, 5) === right.slice(0, 5));
}

/** Page kinds that most often answer research questions, with the words that reveal them. */
const PAGE_KINDS: Array<{ words: string[]; weight: number }> = [
  { words: ["about", "company", "story", "who-we-are", "uber-uns", "ueber-uns"], weight: 3 },
  { words: ["team", "leadership", "management", "people", "founders", "board"], weight: 3 },
  { words: ["careers", "jobs", "join", "hiring", "karriere", "openings"], weight: 2 },
  { words: ["pricing", "plans", "price"], weight: 2 },
  { words: ["security", "trust", "compliance", "soc", "gdpr"], weight: 2 },
  { words: ["contact", "locations", "offices", "kontakt"], weight: 2 },
  { words: ["press", "news", "newsroom", "media", "blog", "announcements"], weight: 2 },
  { words: ["imprint", "impressum", "legal"], weight: 1 },
  { words: ["customers", "partners", "integrations", "product", "products", "platform"], weight: 1 },
];

/** Candidate pages of one site: links from its home page and URLs from its sitemap. */
export interface SiteCandidate {
  url: string;
  text: string;
}

function sameSite(url: string, origin: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^www\./, "");
    const originHost = new URL(origin).hostname.replace(/^www\./, "");
    return host === originHost || host.endsWith(`.${originHost}`);
  } catch {
    return false;
  }
}

/**
 * Ranks a site's pages by how likely they answer the question: words of the question and of the
 * usual page kinds (about, team, careers, pricing, security, contact, press, imprint) in the path
 * and the anchor text, the subject's own name aside. Returns at most `limit` URLs, never the home
 * page itself.
 */
export function chooseSitePages(
  origin: string,
  links: readonly PageLink[],
  sitemapUrls: readonly string[],
  question: string,
  limit: number,
  subjectTerms: readonly string[] = [],
): string[] {
  // The subject's own name is on every page of its site: it says nothing about which page answers.
  const subjectWords = new Set(subjectTerms.flatMap(wordsOf));
  const questionWords = wordsOf(question).filter((word) => word.length > 3 && !subjectWords.has(word));
  // Keyed by path: a sitemap that says http:// and links that say https:// name the same pages.
  const candidates = new Map<string, { url: string; text: string }>();
  const pathOf = (url: string) => new URL(url).pathname.replace(/\/$/, "") || "/";
  for (const link of links) {
    if (sameSite(link.url, origin) && !candidates.has(pathOf(link.url))) candidates.set(pathOf(link.url), { url: link.url.replace(/#.*$/, ""), text: link.text });
  }
  for (const url of sitemapUrls) {
    if (sameSite(url, origin) && !candidates.has(pathOf(url))) candidates.set(pathOf(url), { url: new URL(pathOf(url), origin).toString(), text: "" });
  }
  const home = new URL(origin);
  const scored: Array<{ url: string; score: number; depth: number }> = [];
  for (const { url, text } of candidates.values()) {
    const parsed = new URL(url);
    if (parsed.pathname === "/" || parsed.pathname === home.pathname) continue;
    if (/\.(png|jpe?g|gif|svg|webp|zip|mp4|css|js|ico|woff2?)$/i.test(parsed.pathname)) continue;
    const words = new Set([...wordsOf(parsed.pathname), ...wordsOf(text)]);
    // Hyphenated kinds ("who-we-are") are word sequences, in the path or in the anchor text.
    const sequences = ` ${wordsOf(parsed.pathname).join(" ")} | ${wordsOf(text).join(" ")} `;
    const hasKindWord = (word: string) => (word.includes("-") ? sequences.includes(` ${word.replaceAll("-", " ")} `) : words.has(word));
    let score = 0;
    for (const kind of PAGE_KINDS) if (kind.words.some(hasKindWord)) score += kind.weight;
    // What the question asks about outweighs the usual page kinds.
    for (const word of questionWords) if ([...words].some((candidate) => related(word, candidate))) score += 4;
    const depth = parsed.pathname.split("/").filter(Boolean).length;
    if (score > 0) scored.push({ url, score, depth });
  }
  scored.sort((a, b) => b.score - a.score || a.depth - b.depth || a.url.localeCompare(b.url));
  return scored.slice(0, limit).map((entry) => entry.url);
}
