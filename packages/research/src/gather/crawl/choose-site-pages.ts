import { setBounded } from "../../bounded-map.js";
import { isOnSite } from "../../site-host.js";
import type { PageLink } from "../extract/extracted-page.js";

/** Lowercase words; no stop-word list here, since "about" names a page. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
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

/** What a candidate URL and its anchor text say, whatever the question: worked out once per pair. */
interface CandidateAnalysis {
  /** Host without `www.`. */
  host: string;
  /** Path without its trailing slash ("/" for the home page): http and https links name the same page. */
  key: string;
  /** The URL's path as written. */
  path: string;
  /** Words of the path and the anchor text. */
  words: string[];
  /** Weight of the usual page kinds the path or the anchor text names. */
  kindScore: number;
  /** Path segments. */
  depth: number;
  /** Files that are never a page to read (images, scripts, archives). */
  asset: boolean;
}

const analyses = new Map<string, CandidateAnalysis | null>();
/** Pairs remembered at most (about ten sites' sitemaps and home pages); the oldest go first. */
const MAX_ANALYSES = 5_000;

function analyse(url: string, text: string): CandidateAnalysis | null {
  const cacheKey = `${url}\n${text}`;
  const known = analyses.get(cacheKey);
  if (known !== undefined) return known;
  let analysis: CandidateAnalysis | null = null;
  try {
    const parsed = new URL(url);
    const pathWords = wordsOf(parsed.pathname);
    const textWords = wordsOf(text);
    const words = [...new Set([...pathWords, ...textWords])];
    const wordSet = new Set(words);
    // Hyphenated kinds ("who-we-are") are word sequences, in the path or in the anchor text.
    const sequences = ` ${pathWords.join(" ")} | ${textWords.join(" ")} `;
    const hasKindWord = (word: string) =>
      word.includes("-") ? sequences.includes(` ${word.replaceAll("-", " ")} `) : wordSet.has(word);
    let kindScore = 0;
    for (const kind of PAGE_KINDS) if (kind.words.some(hasKindWord)) kindScore += kind.weight;
    analysis = {
      host: parsed.hostname.replace(/^www\./, ""),
      key: parsed.pathname.replace(/\/$/, "") || "/",
      path: parsed.pathname,
      words,
      kindScore,
      depth: parsed.pathname.split("/").filter(Boolean).length,
      asset: /\.(png|jpe?g|gif|svg|webp|zip|mp4|css|js|ico|woff2?)$/i.test(parsed.pathname),
    };
  } catch {
    analysis = null;
  }
  setBounded(analyses, cacheKey, analysis, MAX_ANALYSES);
  return analysis;
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
  const home = new URL(origin);
  const originHost = home.hostname.replace(/^www\./, "");
  // Keyed by path: a sitemap that says http:// and links that say https:// name the same pages.
  const candidates = new Map<string, { analysis: CandidateAnalysis; url: () => string }>();
  for (const link of links) {
    const url = link.url.replace(/#.*$/, "");
    const analysis = analyse(url, link.text);
    if (analysis && isOnSite(analysis.host, originHost) && !candidates.has(analysis.key))
      candidates.set(analysis.key, { analysis, url: () => url });
  }
  for (const url of sitemapUrls) {
    const analysis = analyse(url, "");
    if (analysis && isOnSite(analysis.host, originHost) && !candidates.has(analysis.key)) {
      candidates.set(analysis.key, { analysis, url: () => new URL(analysis.key, origin).toString() });
    }
  }
  const scored: Array<{ url: string; score: number; depth: number }> = [];
  for (const { analysis, url } of candidates.values()) {
    if (analysis.path === "/" || analysis.path === home.pathname || analysis.asset) continue;
    let score = analysis.kindScore;
    // What the question asks about outweighs the usual page kinds.
    for (const word of questionWords) if (analysis.words.some((candidate) => related(word, candidate))) score += 4;
    if (score > 0) scored.push({ url: url(), score, depth: analysis.depth });
  }
  scored.sort((a, b) => b.score - a.score || a.depth - b.depth || a.url.localeCompare(b.url));
  return scored.slice(0, limit).map((entry) => entry.url);
}
