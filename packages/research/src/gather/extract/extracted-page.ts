/** A hyperlink found on a page, resolved to an absolute http(s) URL. */
export interface PageLink {
  /** Absolute http(s) URL, fragment removed. */
  url: string;
  /** Anchor text with whitespace collapsed; falls back to the title, aria-label or image alt. */
  text: string;
  /** The `rel` attribute as written (e.g. "nofollow me"), when present. */
  rel?: string;
}

/** What the extractor keeps from one fetched document: readable text, metadata and links. */
export interface ExtractedPage {
  /** The URL the document was fetched from (after redirects). */
  url: string;
  /** og:title, JSON-LD headline, first h1 or `<title>`, in that order; null when none. */
  title: string | null;
  /** Meta description or og:description; null when none. */
  description: string | null;
  /** og:site_name, application-name or the JSON-LD Organization/WebSite name; null when none. */
  siteName: string | null;
  /** ISO 8601 date (`YYYY-MM-DD`) or date-time (UTC) of first publication; null when unknown. */
  publishedAt: string | null;
  /** ISO 8601 date or date-time of the last modification; null when unknown. */
  modifiedAt: string | null;
  /**
   * Main text with boilerplate removed. Paragraphs are separated by a blank line; headings stand on
   * their own line prefixed with `#` marks of their level (`## Our story`); list items start with
   * `- `; table rows are cells joined by ` | `, one row a line.
   */
  text: string;
  /** schema.org objects from JSON-LD blocks, `@graph` and top-level arrays flattened. */
  jsonLd: Array<Record<string, unknown>>;
  /** Every absolute http(s) link on the page, navigation included, first occurrence of each URL. */
  links: PageLink[];
  /** Outbound profile URLs (LinkedIn, X/Twitter, GitHub, Crunchbase, ...) from links and JSON-LD sameAs. */
  profileLinks: string[];
  /** Language tag from `<html lang>`, Content-Language or og:locale (e.g. "en", "de-AT"); null when unknown. */
  language: string | null;
}

/** The raw document handed to the extractor. */
export interface ExtractInput {
  /** The URL the document was fetched from; relative links are resolved against it. */
  url: string;
  /** The response Content-Type (parameters such as charset are ignored); sniffed when empty. */
  contentType: string;
  /** The decoded body. For PDF, the text already pulled out of the file. */
  text: string;
}
