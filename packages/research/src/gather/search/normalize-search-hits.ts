import type { SearchHit } from "./search-provider.js";

/** A result as an adapter read it from the vendor's answer, before cleaning. */
export interface RawSearchHit {
  url: string | null | undefined;
  title: string | null | undefined;
  snippet: string | null | undefined;
  publishedAt: string | null | undefined;
}

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  hellip: "…",
  ndash: "–",
  mdash: "—",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === "#") {
      const codePoint = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
    }
    return namedEntities[body.toLowerCase()] ?? entity;
  });
}

/** Removes HTML tags (providers mark matches with `<strong>` and the like), decodes entities, folds whitespace. */
export function stripHtmlTags(text: string): string {
  const withoutTags = text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    // Block-level tags separate words; inline ones (<strong>, <em>) can sit inside a word.
    .replace(/<\/?(br|p|div|li|ul|ol|tr|td|th|h[1-6])\b[^>]*>/gi, " ")
    .replace(/<\/?[a-z][^>]*>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "");
  return decodeEntities(withoutTags).replace(/\s+/g, " ").trim();
}

/** The absolute http(s) URL, or undefined for anything else (javascript:, relative, malformed). */
function httpUrl(value: string | null | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

// Vendors send dates as ISO strings with or without an offset, plain dates, or prose such as
// "3 days ago". An offset-less ISO date-time is read as UTC so the result does not depend on the
// machine's time zone; prose is dropped rather than guessed.
function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  const withZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? `${text}Z` : text;
  const time = Date.parse(withZone);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * Turns a vendor's results into {@link SearchHit}s: keeps only http(s) URLs, drops repeats of a
 * URL (ignoring the fragment), strips HTML from titles and snippets, and ranks from 1.
 */
export function normalizeSearchHits(provider: string, rawHits: readonly RawSearchHit[], limit: number): SearchHit[] {
  const hits: SearchHit[] = [];
  const seen = new Set<string>();
  for (const raw of rawHits) {
    if (hits.length >= limit) break;
    const url = httpUrl(raw.url);
    if (url === undefined) continue;
    url.hash = "";
    const key = url.href;
    if (seen.has(key)) continue;
    seen.add(key);
    hits.push({
      url: url.href,
      title: stripHtmlTags(raw.title ?? ""),
      snippet: stripHtmlTags(raw.snippet ?? ""),
      rank: hits.length + 1,
      provider,
      publishedAt: isoDate(raw.publishedAt),
    });
  }
  return hits;
}
