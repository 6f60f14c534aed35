import {
  isReservedName,
  MAX_METADATA_KEY_LENGTH,
  MAX_METADATA_PAIRS,
  MAX_METADATA_VALUE_LENGTH,
} from "@dossier/contract/metadata-limits";

/** Which of a file's columns travel with each row's request as its `metadata`, and which cannot. */
export interface CarriedColumns {
  /** Columns carried, in the file's order: at most 16, each header a valid metadata key. */
  carried: string[];
  /** Columns left out: a header that is no metadata key (empty, over 64 characters, reserved), or past the 16th. */
  left: string[];
}

/**
 * The columns of a file that its rows' metadata can carry, so that each result comes back with the
 * cells it was asked from (docs/api.md, "Metadata": 16 pairs, keys of 1 to 64 characters).
 */
export function carriedColumns(headers: readonly string[]): CarriedColumns {
  const carried: string[] = [];
  const left: string[] = [];
  for (const header of headers) {
    const valid = header.length > 0 && header.length <= MAX_METADATA_KEY_LENGTH && !isReservedName(header);
    if (valid && carried.length < MAX_METADATA_PAIRS) carried.push(header);
    else left.push(header);
  }
  return { carried, left };
}

/** A row's cells of the carried columns as metadata; a cell over 512 characters is cut there, ending in "…". */
export function rowMetadata(row: Readonly<Record<string, string>>, columns: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    columns.map((column) => {
      const cell = row[column] ?? "";
      return [
        column,
        cell.length > MAX_METADATA_VALUE_LENGTH ? `${cell.slice(0, MAX_METADATA_VALUE_LENGTH - 1)}…` : cell,
      ];
    }),
  );
}
