import { extractHtml } from "./extract-html.js";
import { extractJson, extractPdfText, extractPlainText } from "./extract-text.js";
import type { ExtractedPage, ExtractInput } from "./extracted-page.js";

type DocumentKind = "html" | "pdf" | "json" | "text";

function kindOf(contentType: string, text: string): DocumentKind {
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (mediaType === "text/html" || mediaType === "application/xhtml+xml") return "html";
  if (mediaType === "application/pdf") return "pdf";
  if (mediaType === "application/json" || mediaType === "application/ld+json" || mediaType.endsWith("+json"))
    return "json";
  if (mediaType.startsWith("text/") && mediaType !== "text/xml") return "text";
  // Missing or generic types (application/octet-stream, text/xml): look at the body.
  const start = text.trimStart().slice(0, 512).toLowerCase();
  if (start.startsWith("<!doctype html") || start.startsWith("<html") || /<(?:head|body)[\s>]/.test(start))
    return "html";
  if (start.startsWith("{") || start.startsWith("[")) return "json";
  return "text";
}

/**
 * Turns a fetched document into an {@link ExtractedPage}: HTML through DOM parsing, Readability and
 * boilerplate removal; PDF text and plain text cleaned; JSON pretty-printed. Pure and synchronous;
 * never throws on malformed input (it yields as much as it can read).
 */
export function extractPage(input: ExtractInput): ExtractedPage {
  switch (kindOf(input.contentType, input.text)) {
    case "html":
      return extractHtml(input.url, input.text);
    case "pdf":
      return extractPdfText(input.url, input.text);
    case "json":
      return extractJson(input.url, input.text);
    case "text":
      return extractPlainText(input.url, input.text);
  }
}
