import type { ExtractedPage } from "./extracted-page.js";
import { findProfileLinks } from "./find-profile-links.js";
import { collectSameAs, parseJsonLd } from "./parse-json-ld.js";

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"')\]]+/g;

function textPage(url: string, text: string): ExtractedPage {
  const urls = [...new Set(text.match(URL_PATTERN) ?? [])].map((found) => found.replace(/[.,;:!?]+$/, ""));
  const firstLine =
    text
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim() ?? null;
  return {
    url,
    title: firstLine === null ? null : firstLine.replace(/^#+\s*/, "").slice(0, 200),
    description: null,
    siteName: null,
    publishedAt: null,
    modifiedAt: null,
    text,
    jsonLd: [],
    links: urls.map((found) => ({ url: found, text: "" })),
    profileLinks: findProfileLinks(url, urls),
    language: null,
  };
}

function normaliseLines(text: string): string[] {
  return (
    text
      .replace(/^\ufeff/, "")
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000e-\u001f]/g, "")
      .split("\n")
      .map((line) => line.replace(/[\t \u00a0]+/g, " ").trim())
  );
}

function joinParagraphs(paragraphs: string[][], joiner: string): string {
  return paragraphs
    .map((lines) => lines.join(joiner))
    .filter((paragraph) => paragraph !== "")
    .join("\n\n");
}

function splitOnBlankLines(lines: string[]): string[][] {
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    if (line === "") paragraphs.push([]);
    else paragraphs[paragraphs.length - 1]!.push(line);
  }
  return paragraphs.filter((paragraph) => paragraph.length > 0);
}

/** Plain text: line endings and spaces normalised, paragraphs separated by one blank line. */
export function extractPlainText(url: string, raw: string): ExtractedPage {
  return textPage(url, joinParagraphs(splitOnBlankLines(normaliseLines(raw)), "\n"));
}

/**
 * Text pulled out of a PDF: page breaks become paragraph breaks, words hyphenated across a line
 * break are rejoined, and hard-wrapped lines inside a paragraph are joined with a space.
 */
export function extractPdfText(url: string, raw: string): ExtractedPage {
  const lines = normaliseLines(raw.replace(/\f/g, "\n\n"));
  const paragraphs = splitOnBlankLines(lines).map((paragraph) => {
    const joined: string[] = [];
    for (const line of paragraph) {
      const previous = joined[joined.length - 1];
      if (previous !== undefined && /[a-z]-$/.test(previous) && /^[a-z]/.test(line)) {
        joined[joined.length - 1] = previous.slice(0, -1) + line;
      } else {
        joined.push(line);
      }
    }
    return joined;
  });
  return textPage(url, joinParagraphs(paragraphs, " "));
}

/** JSON: pretty-printed text; a JSON-LD document also fills `jsonLd` and profile links. */
export function extractJson(url: string, raw: string): ExtractedPage {
  let value: unknown;
  try {
    value = JSON.parse(raw.replace(/^\ufeff/, ""));
  } catch {
    return extractPlainText(url, raw);
  }
  const page = textPage(url, JSON.stringify(value, null, 2));
  const record =
    typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  const named = record?.title ?? record?.name ?? record?.headline;
  const jsonLd = JSON.stringify(value).includes("schema.org") ? parseJsonLd([raw]) : [];
  return {
    ...page,
    title: typeof named === "string" && named.trim() !== "" ? named.trim().slice(0, 200) : null,
    jsonLd,
    profileLinks: findProfileLinks(
      url,
      page.links.map((link) => link.url),
      collectSameAs(jsonLd),
    ),
  };
}
