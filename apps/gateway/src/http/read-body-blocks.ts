import type { Readable, Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { DossierError } from "@dossier/contract";
import type { Request } from "express";

/** A body as read: its bytes in blocks, never joined on the event loop. */
export interface BodyBlocks {
  /** The body's bytes in order. Each block is a view at the start of memory of its own, so it can be transferred to a thread. */
  blocks: Uint8Array[];
  /** Their bytes in all. */
  byteLength: number;
}

/** The first block of a decompressed body, in bytes; each next one is as large as the body so far. */
const FIRST_BLOCK_BYTES = 16 * 1024;
/** The largest block, in bytes. */
const LARGEST_BLOCK_BYTES = 1024 * 1024;

/** The error of a body that does not decompress as its Content-Encoding says. */
export function undecodable(error: Error): DossierError {
  return new DossierError("REQUEST_MALFORMED_ENCODING", {
    detail:
      "The body could not be decompressed as its Content-Encoding says; send it in that encoding, or uncompressed.",
    cause: error,
  });
}

/** The body as decompressed for its Content-Encoding (`identity`, `gzip`, `deflate`, `br`). */
function decompressed(request: Request): Readable | Transform {
  const encoding = (request.header("content-encoding") ?? "identity").trim().toLowerCase();
  const decompressor =
    encoding === "identity"
      ? undefined
      : encoding === "gzip"
        ? createGunzip()
        : encoding === "deflate"
          ? createInflate()
          : encoding === "br"
            ? createBrotliDecompress()
            : null;
  if (decompressor === null) {
    throw new DossierError("REQUEST_UNSUPPORTED_MEDIA_TYPE", {
      detail: "That Content-Encoding is not supported; send the body uncompressed, or as gzip, br or deflate.",
    });
  }
  if (!decompressor) return request;
  request.pipe(decompressor);
  return decompressor;
}

/**
 * Reads a request's body (decompressed) as blocks, refusing it past `limitBytes` (413
 * `REQUEST_TOO_LARGE`). Joining a 32 MB body into one buffer at its end held the event loop for
 * 25-45 ms; here the pieces the HTTP parser hands over are kept as they are (a decompressed body's
 * are copied into blocks as they come), and they go to the batch planning thread as they are. The same refusals as Express's body parser:
 * an unknown encoding is 415, a body that does not decompress 400 `REQUEST_MALFORMED_ENCODING`, one
 * cut short 400 `REQUEST_MALFORMED_JSON`; after a refusal the rest of the body is read and dropped,
 * so that the answer reaches the caller.
 */
export function readBodyBlocks(request: Request, limitBytes: number): Promise<BodyBlocks> {
  return new Promise<BodyBlocks>((resolve, reject) => {
    const source = decompressed(request);
    const blocks: Uint8Array[] = [];
    let block: Uint8Array | undefined;
    let used = 0;
    let received = 0;
    let settled = false;

    const detach = () => {
      source.off("data", onData);
      source.off("end", onEnd);
      source.off("error", onError);
      request.off("close", onClose);
      if (source !== request) {
        request.unpipe(source as Transform);
        source.on("error", () => {});
        source.destroy();
      }
    };
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      detach();
      if (request.complete || request.destroyed) {
        reject(error);
        return;
      }
      // The caller is still sending: read the rest, then answer.
      request.once("end", () => reject(error));
      request.once("close", () => reject(error));
      request.resume();
    };
    // Only a decompressed body is copied: its size is not known ahead, so blocks grow with it.
    const nextBlockBytes = () => Math.min(LARGEST_BLOCK_BYTES, Math.max(FIRST_BLOCK_BYTES, received));
    const onData = (chunk: Buffer) => {
      if (received + chunk.length > limitBytes) {
        fail(
          new DossierError("REQUEST_TOO_LARGE", {
            detail: `The body is larger than the limit of ${limitBytes} bytes.`,
          }),
        );
        return;
      }
      received += chunk.length;
      if (source === request && chunk.byteOffset === 0 && chunk.buffer.byteLength === chunk.length) {
        // The HTTP parser hands each piece of a body over in memory of its own: kept as it is.
        if (block && used > 0) blocks.push(block.subarray(0, used));
        block = undefined;
        blocks.push(chunk);
        return;
      }
      for (let offset = 0; offset < chunk.length; ) {
        if (!block || used === block.length) {
          if (block) blocks.push(block);
          block = new Uint8Array(nextBlockBytes());
          used = 0;
        }
        const copied = Math.min(chunk.length - offset, block.length - used);
        block.set(chunk.subarray(offset, offset + copied), used);
        used += copied;
        offset += copied;
      }
    };
    const onEnd = () => {
      if (settled) return;
      settled = true;
      detach();
      // Anything the caller sent after the compressed data is read and dropped.
      if (source !== request) request.resume();
      if (block && used > 0) blocks.push(block.subarray(0, used));
      resolve({ blocks, byteLength: received });
    };
    const onError = (error: Error) => fail(source === request ? cutShort() : undecodable(error));
    const onClose = () => {
      if (!request.complete) fail(cutShort());
    };
    source.on("data", onData);
    source.on("end", onEnd);
    source.on("error", onError);
    request.on("close", onClose);
  });
}

function cutShort(): DossierError {
  return new DossierError("REQUEST_MALFORMED_JSON", { detail: "The body could not be read completely." });
}
