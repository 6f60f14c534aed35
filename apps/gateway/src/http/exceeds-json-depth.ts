const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text (UTF-8 bytes) nests arrays and objects deeper than `maxDepth`, by one linear
 * scan that stops at the first level too deep. Brackets inside strings do not count. The text
 * need not be valid JSON: the parser that runs afterwards judges that. In UTF-8 the bytes of
 * quotes, backslashes and brackets never occur inside a multi-byte character, so bytes suffice.
 */
export function exceedsJsonDepth(bytes: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if ((byte === CLOSE_BRACKET || byte === CLOSE_BRACE) && depth > 0) {
      depth -= 1;
    }
  }
  return false;
}
