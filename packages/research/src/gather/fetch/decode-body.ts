import { createRequire } from "node:module";
import { DossierError } from "@dossier/contract";
import iconv from "iconv-lite";

/** The kinds of content the fetcher reads; anything else is FETCH_UNSUPPORTED_CONTENT. */
export type ContentKind = "html" | "text" | "json" | "xml" | "pdf";

/** Media type of a Content-Type header without parameters, lower case; "" when absent. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The kind of a media type, or undefined for one the fetcher does not read. */
export function contentKindOf(mediaType: string): ContentKind | undefined {
  if (mediaType === "text/html" || mediaType === "application/xhtml+xml") return "html";
  if (mediaType === "text/plain") return "text";
  if (mediaType === "application/json" || mediaType === "text/json" || mediaType.endsWith("+json")) return "json";
  if (mediaType === "application/xml" || mediaType === "text/xml" || mediaType.endsWith("+xml")) return "xml";
  if (mediaType === "application/pdf") return "pdf";
  return undefined;
}

/** Whether a response of this media type may be sniffed after reading, because it names nothing useful. */
export function needsSniffing(mediaType: string): boolean {
  return mediaType === "" || mediaType === "application/octet-stream";
}

/** Guesses the kind of an unlabeled body from its first bytes. */
export function sniffContentKind(bytes: Buffer): { kind: ContentKind; mediaType: string } | undefined {
  const head = bytes.subarray(0, 512).toString("latin1").trimStart().toLowerCase();
  if (head.startsWith("%pdf-")) return { kind: "pdf", mediaType: "application/pdf" };
  if (head.startsWith("<!doctype html") || head.startsWith("<html")) return { kind: "html", mediaType: "text/html" };
  return undefined;
}

/**
 * Decodes a text body. The charset comes from a byte-order mark, else the Content-Type header,
 * else (HTML and XML) a `<meta charset>`, `http-equiv` or XML declaration in the first 2 KB,
 * else UTF-8.
 */
export function decodeText(bytes: Buffer, contentType: string | undefined, kind: ContentKind): string {
  const charset = charsetFromBom(bytes) ?? charsetFromHeader(contentType) ?? sniffCharset(bytes, kind) ?? "utf-8";
  return iconv.decode(bytes, supportedCharset(charset));
}

function charsetFromBom(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return undefined;
}

function charsetFromHeader(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "");
  return match?.[1];
}

function sniffCharset(bytes: Buffer, kind: ContentKind): string | undefined {
  if (kind !== "html" && kind !== "xml") return undefined;
  const head = bytes.subarray(0, 2048).toString("latin1");
  const meta = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i.exec(head);
  if (meta !== null) return meta[1];
  const declaration = /<\?xml[^>]+encoding\s*=\s*["']([a-z0-9_:.-]+)["']/i.exec(head);
  return declaration?.[1];
}

function supportedCharset(label: string): string {
  const name = label.trim().toLowerCase();
  // Browsers read these labels as windows-1252 (WHATWG Encoding), and real pages rely on it.
  if (["iso-8859-1", "iso8859-1", "latin1", "l1", "ascii", "us-ascii", "cp1252"].includes(name)) return "windows-1252";
  return iconv.encodingExists(name) ? name : "utf-8";
}

type PdfParse = (data: Uint8Array) => Promise<{ text: string }>;
let pdfParse: PdfParse | undefined;

/**
 * Extracts the text of a PDF with pdf-parse 1.x. The library entry point runs a debug demo when
 * loaded from an ES module, so the inner file is loaded instead.
 */
export async function extractPdfText(bytes: Buffer, url: string, signal: AbortSignal): Promise<string> {
  pdfParse ??= createRequire(import.meta.url)("pdf-parse/lib/pdf-parse.js") as PdfParse;
  signal.throwIfAborted();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    // pdf.js reads the ArrayBuffer behind a Node Buffer from offset 0, and small Buffers share
    // a pooled ArrayBuffer, so it gets a plain copy of its own.
    const data = new Uint8Array(bytes.length);
    data.set(bytes);
    const result = await Promise.race([pdfParse(data), aborted]);
    return result.text.trim();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new DossierError("FETCH_UNSUPPORTED_CONTENT", { detail: `Could not read the PDF at ${url}`, cause: error });
  } finally {
    signal.removeEventListener("abort", onAbort!);
  }
}
