/**
 * Parses CSV text (RFC 4180: quoted fields with `""` for a quote, CRLF or LF line ends, a UTF-8 BOM
 * dropped) into records keyed by the header row. Empty lines are skipped; a row shorter than the
 * header leaves the missing cells empty. It does in a browser what csv-parse does for the CLI.
 */
export function parseCsv(text: string): { headers: string[]; rows: Array<Record<string, string>> } {
  const records = parseRecords(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const headers = records.shift() ?? [];
  const rows = records.map((cells) => Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? ""])));
  return { headers, rows };
}

function parseRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let fieldStarted = false;
  const endField = () => {
    record.push(field);
    field = "";
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    if (!(record.length === 1 && record[0] === "")) records.push(record);
    record = [];
  };
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character !== '"') field += character;
      else if (text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else quoted = false;
    } else if (character === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (character === ",") {
      endField();
    } else if (character === "\n" || character === "\r") {
      if (character === "\r" && text[index + 1] === "\n") index += 1;
      endRecord();
    } else {
      field += character;
      fieldStarted = true;
    }
  }
  if (field !== "" || record.length > 0) endRecord();
  return records;
}
