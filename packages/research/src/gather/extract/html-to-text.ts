import type { DomElement, DomNode } from "./dom.js";
import { collapseWhitespace, ELEMENT_NODE, TEXT_NODE, toArray } from "./dom.js";

const SKIPPED = new Set([
  "SCRIPT",
  "STYLE",
  "NOSCRIPT",
  "TEMPLATE",
  "SVG",
  "IFRAME",
  "BUTTON",
  "SELECT",
  "TEXTAREA",
  "INPUT",
  "IMG",
  "PICTURE",
  "VIDEO",
  "AUDIO",
  "CANVAS",
  "HEAD",
  "TITLE",
  "META",
  "LINK",
]);
const BLOCKS = new Set([
  "ADDRESS",
  "ARTICLE",
  "BLOCKQUOTE",
  "BODY",
  "CENTER",
  "DD",
  "DETAILS",
  "DIV",
  "DT",
  "FIELDSET",
  "FIGCAPTION",
  "FIGURE",
  "FOOTER",
  "HEADER",
  "HGROUP",
  "HTML",
  "LI",
  "MAIN",
  "NAV",
  "P",
  "SECTION",
  "SUMMARY",
  "TD",
  "TH",
  "ASIDE",
  "CAPTION",
  "FORM",
  "HR",
]);
const HEADINGS: Record<string, number> = { H1: 1, H2: 2, H3: 3, H4: 4, H5: 5, H6: 6 };

function inlineText(element: DomElement): string {
  return collapseWhitespace(element.textContent ?? "");
}

function isElement(node: DomNode): node is DomElement {
  return node.nodeType === ELEMENT_NODE;
}

/** Tables laid out with blocks inside their cells are page layout, not data. */
function isLayoutTable(table: DomElement): boolean {
  return table.querySelector("table, p, div, ul, ol, h1, h2, h3, h4, h5, h6, blockquote") !== null;
}

class TextWriter {
  readonly blocks: string[] = [];
  private line = "";
  private lines: string[] = [];

  append(text: string): void {
    this.line += text;
  }

  breakLine(): void {
    const line = collapseWhitespace(this.line);
    if (line !== "") this.lines.push(line);
    this.line = "";
  }

  flush(): void {
    this.breakLine();
    if (this.lines.length > 0) this.blocks.push(this.lines.join("\n"));
    this.lines = [];
  }

  block(text: string): void {
    this.flush();
    if (text.trim() !== "") this.blocks.push(text);
  }
}

function writeList(list: DomElement, writer: TextWriter, depth: number): void {
  writer.flush();
  const lines: string[] = [];
  const ordered = list.tagName.toUpperCase() === "OL";
  let index = 0;
  for (const item of toArray(list.children)) {
    if (item.tagName.toUpperCase() !== "LI") continue;
    index += 1;
    const nested: DomElement[] = [];
    const parts: string[] = [];
    for (const child of toArray(item.childNodes)) {
      if (isElement(child) && /^(?:UL|OL)$/.test(child.tagName.toUpperCase())) nested.push(child);
      else if (isElement(child) && SKIPPED.has(child.tagName.toUpperCase())) continue;
      else
        parts.push(
          isElement(child) && BLOCKS.has(child.tagName.toUpperCase())
            ? ` ${child.textContent ?? ""} `
            : (child.textContent ?? ""),
        );
    }
    const text = collapseWhitespace(parts.join(""));
    if (text !== "") lines.push(`${"  ".repeat(depth)}${ordered ? `${index}.` : "-"} ${text}`);
    for (const sublist of nested) {
      const inner = new TextWriter();
      writeList(sublist, inner, depth + 1);
      lines.push(...inner.blocks);
    }
  }
  if (depth > 0) writer.blocks.push(lines.join("\n"));
  else writer.block(lines.join("\n"));
}

function writeTable(table: DomElement, writer: TextWriter): void {
  const rows: string[] = [];
  const caption = table.querySelector("caption");
  if (caption !== null) rows.push(inlineText(caption));
  for (const row of toArray(table.querySelectorAll("tr"))) {
    const cells = toArray(row.children)
      .filter((cell) => /^(?:TD|TH)$/.test(cell.tagName.toUpperCase()))
      .map(inlineText);
    if (cells.some((cell) => cell !== "")) rows.push(cells.join(" | "));
  }
  writer.block(rows.join("\n"));
}

/** Below this depth an element's text is read flat: deeper recursion would overflow the stack. */
const MAXIMUM_DEPTH = 200;

function walk(node: DomNode, writer: TextWriter, depth: number): void {
  if (node.nodeType === TEXT_NODE || depth > MAXIMUM_DEPTH) {
    writer.append(node.textContent ?? "");
    return;
  }
  if (!isElement(node)) return;
  const tag = node.tagName.toUpperCase();
  if (SKIPPED.has(tag)) return;
  const level = HEADINGS[tag];
  if (level !== undefined) {
    const text = inlineText(node);
    if (text !== "") writer.block(`${"#".repeat(level)} ${text}`);
    return;
  }
  if (tag === "BR") {
    writer.breakLine();
    return;
  }
  if (tag === "UL" || tag === "OL") {
    writeList(node, writer, 0);
    return;
  }
  if (tag === "TABLE" && !isLayoutTable(node)) {
    writeTable(node, writer);
    return;
  }
  if (tag === "TR") {
    // A row outside any table (Readability sometimes keeps the rows and drops the table).
    writer.breakLine();
    const cells = toArray(node.children)
      .filter((cell) => /^(?:TD|TH)$/.test(cell.tagName.toUpperCase()))
      .map(inlineText);
    if (cells.some((cell) => cell !== "")) writer.append(cells.join(" | "));
    writer.breakLine();
    return;
  }
  if (tag === "PRE") {
    writer.block((node.textContent ?? "").replace(/\s+$/, "").replace(/^\n+/, ""));
    return;
  }
  if (tag === "DL") {
    writer.flush();
    const lines: string[] = [];
    for (const child of toArray(node.children)) {
      const childTag = child.tagName.toUpperCase();
      const text = inlineText(child);
      if (text === "") continue;
      if (childTag === "DD" && lines.length > 0) lines[lines.length - 1] += `: ${text}`;
      else lines.push(text);
    }
    writer.block(lines.join("\n"));
    return;
  }
  const isBlock = BLOCKS.has(tag);
  if (isBlock) writer.flush();
  for (const child of toArray(node.childNodes)) walk(child, writer, depth + 1);
  if (isBlock) writer.flush();
}

/**
 * Renders an element's content as plain text: one block per paragraph separated by a blank line,
 * headings as `#`-prefixed lines of their own, list items as `- ` lines, table rows as cells joined
 * by ` | `. Consecutive identical blocks are written once.
 */
export function htmlToText(root: DomElement): string {
  const writer = new TextWriter();
  walk(root, writer, 0);
  writer.flush();
  const blocks: string[] = [];
  for (const block of writer.blocks) if (blocks[blocks.length - 1] !== block) blocks.push(block);
  return blocks.join("\n\n");
}
