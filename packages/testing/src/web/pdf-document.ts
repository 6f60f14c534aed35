/** Options of {@link createPdfDocument}. */
export interface PdfDocumentOptions {
  /** Document title stored in the Info dictionary. */
  title: string;
  /** Author stored in the Info dictionary. */
  author: string;
  /** Pages, each a list of text lines (ASCII), drawn top to bottom in 11 pt Helvetica. */
  pages: string[][];
}

function escapePdfString(text: string): string {
  return text.replaceAll("\\", "\\\\").replaceAll("(", "\\(").replaceAll(")", "\\)");
}

/**
 * Builds a small valid PDF 1.4 file with real text objects (`Tj` operators in uncompressed content
 * streams) and a correct cross-reference table, so text extractors read it as they read real reports.
 * Give documents more than 4 KiB of content: pdf-parse 1 misreads smaller inputs (it copies them
 * into Node's shared buffer pool and parses at the wrong offset), which real reports never hit.
 */
export function createPdfDocument(options: PdfDocumentOptions): Buffer {
  const objects: string[] = [];
  const pageCount = options.pages.length;
  // Object numbers: 1 catalog, 2 page tree, 3 font, 4 info, then a page and its content stream per page.
  const pageObjectNumber = (index: number) => 5 + index * 2;
  const kids = options.pages.map((_, index) => `${pageObjectNumber(index)} 0 R`).join(" ");
  objects.push("<< /Type /Catalog /Pages 2 0 R >>");
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  objects.push(
    `<< /Title (${escapePdfString(options.title)}) /Author (${escapePdfString(options.author)}) /Producer (Dossier simulated web) /CreationDate (D:20240315090000Z) >>`,
  );
  for (const [index, lines] of options.pages.entries()) {
    const text = lines.map((line) => `(${escapePdfString(line)}) Tj T*`).join("\n");
    const stream = `BT\n/F1 11 Tf\n14 TL\n72 760 Td\n${text}\nET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageObjectNumber(index) + 1} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
  }
  let output = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(output, "latin1"));
    output += `${index + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xrefOffset = Buffer.byteLength(output, "latin1");
  output += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) output += `${String(offset).padStart(10, "0")} 00000 n \n`;
  output += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(output, "latin1");
}

/** The text of a PDF made by {@link createPdfDocument}: every `Tj` string, joined by spaces. */
export function readPdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const strings = [...source.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((match) =>
    (match[1] ?? "").replace(/\\(.)/g, "$1"),
  );
  return strings.join(" ").replace(/\s+/g, " ").trim();
}
