import type { ExtractedPage } from "./gather/extract/extracted-page.js";

/** A script or style element with its content: its text is code, never something the page says. */
const CODE_ELEMENT = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** An HTML tag, comment or declaration: `<` followed by a letter, `/`, `!` or `?`, up to its `>`. */
const TAG = /<[a-zA-Z/!?][^<>]*>/g;
/** Cheap test for any of the above. */
const MAYBE_MARKUP = /<[a-zA-Z/!?]/;

/**
 * A page-derived string as the reader's text of it: HTML tags removed, script and style elements
 * with their content. A page's body text is read from its DOM, where markup is never text; its
 * title, description and structured data are not (a `<title>` is raw text, an attribute or JSON-LD
 * value may hold `&lt;img onerror=...&gt;`), and they reach callers as citation titles and in
 * `details`, which a console or a mail client may render as HTML. A lone `<` (`a < b`) is kept.
 */
export function withoutMarkup(text: string): string {
  if (!MAYBE_MARKUP.test(text)) return text;
  return text.replace(CODE_ELEMENT, "").replace(TAG, "").replace(/ {2,}/g, " ").trim();
}

/** JSON-LD values with {@link withoutMarkup} applied to every string. */
function jsonWithoutMarkup(value: unknown): unknown {
  if (typeof value === "string") return withoutMarkup(value);
  if (Array.isArray(value)) return value.map(jsonWithoutMarkup);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, jsonWithoutMarkup(inner)]));
  return value;
}

const nullable = (text: string | null) => (text === null ? null : withoutMarkup(text));

/**
 * A page whose every string a caller may be shown (title, description, site name, text, link texts,
 * JSON-LD values) is free of markup ({@link withoutMarkup}). The page itself when it has none, so
 * the usual page costs one scan of each string.
 */
export function pageWithoutMarkup(page: ExtractedPage): ExtractedPage {
  const strings = [page.title ?? "", page.description ?? "", page.siteName ?? "", page.text];
  const hasMarkup =
    strings.some((text) => MAYBE_MARKUP.test(text)) ||
    page.links.some((link) => MAYBE_MARKUP.test(link.text)) ||
    (page.jsonLd.length > 0 && MAYBE_MARKUP.test(JSON.stringify(page.jsonLd)));
  if (!hasMarkup) return page;
  return {
    ...page,
    title: nullable(page.title),
    description: nullable(page.description),
    siteName: nullable(page.siteName),
    text: withoutMarkup(page.text),
    links: page.links.map((link) => ({ ...link, text: withoutMarkup(link.text) })),
    jsonLd: page.jsonLd.map((object) => jsonWithoutMarkup(object) as Record<string, unknown>),
  };
}
