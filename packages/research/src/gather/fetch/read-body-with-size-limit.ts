import { pipeline, type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { DossierError } from "@dossier/contract";

/** The parts of a response {@link readBodyWithSizeLimit} reads. */
export interface SizeLimitedBody {
  /** The response body as undici hands it over. */
  body: Readable;
  /** Response headers, lower-case names. */
  headers: Record<string, string | string[] | undefined>;
  /** URL of the response, for error details. */
  url: string;
  /** Most bytes accepted, counted after decompression. */
  maxBytes: number;
  /**
   * What a body over the cap gives: `refuse` (the default) throws FETCH_TOO_LARGE; `cut` keeps its
   * first `maxBytes` bytes, for documents whose beginning reads without their end (HTML, plain
   * text, a sitemap's list), not for those that break (a PDF, JSON).
   */
  overLimit?: "refuse" | "cut";
}

/**
 * Reads a whole response body. One over the cap is refused (its Content-Length before reading
 * anything, a body that grows past the cap as soon as it does) or, with `overLimit: "cut"`, cut at
 * the cap; either way its connection is closed without reading the rest. Compressed bodies are
 * counted after decompression, so a small gzip bomb is caught too.
 */
export async function readBodyWithSizeLimit({
  body,
  headers,
  url,
  maxBytes,
  overLimit = "refuse",
}: SizeLimitedBody): Promise<Buffer> {
  const declaredLength = Number(headerValue(headers["content-length"]));
  if (overLimit === "refuse" && Number.isFinite(declaredLength) && declaredLength > maxBytes) {
    discardBody(body);
    throw tooLarge(url, maxBytes, `Content-Length ${declaredLength}`);
  }
  const source = decompress(body, headerValue(headers["content-encoding"]), url);
  const chunks: Buffer[] = [];
  let totalBytes = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (totalBytes + chunk.length > maxBytes) {
        if (overLimit === "refuse") throw tooLarge(url, maxBytes, "body grew past the limit");
        chunks.push(chunk.subarray(0, maxBytes - totalBytes));
        totalBytes = maxBytes;
        break;
      }
      totalBytes += chunk.length;
      chunks.push(chunk);
    }
  } finally {
    discardBody(body);
  }
  return Buffer.concat(chunks, totalBytes);
}

/**
 * Drops a body without reading it and closes its connection. undici reports the early close as
 * an error event on the body, which nobody is listening for any more, so it is absorbed here.
 */
export function discardBody(body: Readable): void {
  body.on("error", () => {});
  body.destroy();
}

function decompress(body: Readable, encoding: string | undefined, url: string): Readable {
  const name = (encoding ?? "identity").trim().toLowerCase();
  if (name === "identity" || name === "") return body;
  const decoder =
    name === "gzip" || name === "x-gzip"
      ? createGunzip()
      : name === "deflate"
        ? createInflate()
        : name === "br"
          ? createBrotliDecompress()
          : undefined;
  if (decoder === undefined) {
    discardBody(body);
    throw new DossierError("FETCH_UNSUPPORTED_CONTENT", { detail: `${url} uses unknown Content-Encoding ${name}` });
  }
  // pipeline destroys both streams when either fails, so a broken body surfaces while reading.
  return pipeline(body, decoder, () => {});
}

function tooLarge(url: string, maxBytes: number, reason: string): DossierError {
  return new DossierError("FETCH_TOO_LARGE", { detail: `${url} is larger than ${maxBytes} bytes (${reason})` });
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
