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
}

/**
 * Reads a whole response body, refusing one whose Content-Length is over the cap before reading
 * anything and cutting one off (and closing its connection) as soon as it grows past the cap.
 * Compressed bodies are counted after decompression, so a small gzip bomb is caught too.
 */
export async function readBodyWithSizeLimit({ body, headers, url, maxBytes }: SizeLimitedBody): Promise<Buffer> {
  const declaredLength = Number(headerValue(headers["content-length"]));
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes) {
    discardBody(body);
    throw tooLarge(url, maxBytes, `Content-Length ${declaredLength}`);
  }
  const source = decompress(body, headerValue(headers["content-encoding"]), url);
  const chunks: Buffer[] = [];
  let totalBytes = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      totalBytes += chunk.length;
      if (totalBytes > maxBytes) throw tooLarge(url, maxBytes, "body grew past the limit");
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
