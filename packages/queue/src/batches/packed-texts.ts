/**
 * Texts laid end to end in one buffer of UTF-8. A batch's encoded items and queue entries (10,000
 * each, 32 MB of entries when every item carries a long context) cross from the gateway's planning
 * thread as a few transferred buffers instead of 20,000 strings cloned onto the event loop's heap,
 * where their copying and collection held the loop for tens of milliseconds; they are written to
 * Redis as byte views, never decoded again.
 */
export interface PackedTexts {
  /** The texts' UTF-8 bytes, end to end. */
  bytes: Uint8Array;
  /** Where each text ends in `bytes`; the next one starts there. */
  ends: Uint32Array;
}

/** Packs texts; the buffers are the result's own (they can be transferred to another thread). */
export function packTexts(texts: readonly string[]): PackedTexts {
  const ends = new Uint32Array(texts.length);
  let total = 0;
  for (const [index, text] of texts.entries()) {
    total += Buffer.byteLength(text, "utf8");
    ends[index] = total;
  }
  const bytes = new Uint8Array(total);
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  for (const text of texts) offset += view.write(text, offset, "utf8");
  return { bytes, ends };
}

/** How many texts are packed. */
export function packedCount(packed: PackedTexts): number {
  return packed.ends.length;
}

/** The bytes of text `index`: a view of the packed buffer, not a copy. */
export function packedBytes(packed: PackedTexts, index: number): Buffer {
  const start = index === 0 ? 0 : packed.ends[index - 1]!;
  const end = packed.ends[index]!;
  return Buffer.from(packed.bytes.buffer, packed.bytes.byteOffset + start, end - start);
}

/** Text `index` as a string. */
export function packedText(packed: PackedTexts, index: number): string {
  return packedBytes(packed, index).toString("utf8");
}

/**
 * Splits texts `start` to `end - 1` into runs of at most `maxTexts` texts and about `maxBytes`
 * bytes (a run holds at least one text): each run is one Redis command, short enough that encoding
 * it leaves the event loop free.
 */
export function* packedRuns(
  packed: PackedTexts,
  maxTexts: number,
  maxBytes: number,
  start = 0,
  end = packedCount(packed),
): Generator<[start: number, end: number]> {
  for (let from = start; from < end; ) {
    const base = from === 0 ? 0 : packed.ends[from - 1]!;
    let to = from + 1;
    while (to < end && to - from < maxTexts && packed.ends[to]! - base <= maxBytes) to += 1;
    yield [from, to];
    from = to;
  }
}

/** The buffers of packed texts, for the transfer list of `postMessage`. */
export function packedBuffers(packed: PackedTexts): ArrayBuffer[] {
  return [packed.bytes.buffer as ArrayBuffer, packed.ends.buffer as ArrayBuffer];
}
