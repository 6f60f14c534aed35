// Node has decoders for legacy charsets (TextDecoder with full ICU) but no encoders, and the
// package keeps no dependency for two fixture pages, so the encoders are derived here.

const windows1252Extras: Record<string, number> = {
  "€": 0x80,
  "‚": 0x82,
  "„": 0x84,
  "…": 0x85,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "–": 0x96,
  "—": 0x97,
};

/** Encodes text as windows-1252; characters outside it become `?`. */
export function encodeWindows1252(text: string): Buffer {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0x3f;
    const extra = windows1252Extras[character];
    if (extra !== undefined) bytes.push(extra);
    else if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(0x3f);
  }
  return Buffer.from(bytes);
}

let shiftJisTable: Map<string, number[]> | undefined;

function buildShiftJisTable(): Map<string, number[]> {
  const decoder = new TextDecoder("shift_jis", { fatal: true });
  const table = new Map<string, number[]>();
  const leads = [...range(0x81, 0x9f), ...range(0xe0, 0xef)];
  for (const lead of leads) {
    for (const trail of range(0x40, 0xfc)) {
      if (trail === 0x7f) continue;
      try {
        const character = decoder.decode(Uint8Array.of(lead, trail));
        if (!table.has(character)) table.set(character, [lead, trail]);
      } catch {
        // An unassigned code point: not every lead and trail pair maps to a character.
      }
    }
  }
  return table;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** Encodes text as Shift_JIS (ASCII and JIS X 0208 characters); others become `?`. */
export function encodeShiftJis(text: string): Buffer {
  shiftJisTable ??= buildShiftJisTable();
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0x3f;
    if (code < 0x80) bytes.push(code);
    else bytes.push(...(shiftJisTable.get(character) ?? [0x3f]));
  }
  return Buffer.from(bytes);
}
