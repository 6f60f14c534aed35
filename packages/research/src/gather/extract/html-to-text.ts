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

/** Media players: their sources and fallback line ("Your browser cannot play this video") are not text. */
const MEDIA = new Set(["VIDEO", "AUDIO"]);
/** Elements that stand on their own: a paragraph, a heading, a list or a table. */
const STANDALONE = new Set([...BLOCKS, ...Object.keys(HEADINGS), "UL", "OL", "DL", "TABLE", "PRE", "BLOCKQUOTE"]);

/**
 * The paragraphs, headings, lists and tables inside a media player. A `<video ... />` closes nothing
 * in HTML, so everything the page wrote after it lands inside the player: that is the page's text,
 * not the player's fallback.
 */
function blocksInMedia(media: DomElement): DomElement[] {
  return toArray(media.children).filter((child) => STANDALONE.has(child.tagName.toUpperCase()));
}

function isElement(node: DomNode): node is DomElement {
  return node.nodeType === ELEMENT_NODE;
}

/** Below this depth an element's text is read flat: deeper recursion would overflow the stack. */
const MAXIMUM_DEPTH = 200;

/** Appends `node`'s text, with a space where a block begins or ends and a comma where a line breaks. */
function appendFlat(node: DomNode, parts: string[], depth: number): void {
  if (node.nodeType === TEXT_NODE || depth > MAXIMUM_DEPTH) {
    parts.push(node.textContent ?? "");
    return;
  }
  if (!isElement(node)) return;
  const tag = node.tagName.toUpperCase();
  if (SKIPPED.has(tag)) return;
  if (MEDIA.has(tag)) {
    for (const block of blocksInMedia(node)) appendFlat(block, parts, depth + 1);
    return;
  }
  // A card's name and title, or an address's lines, are set apart by <br> or by blocks; glued
  // together they would read as one word ("Jane DoeChief Executive").
  if (tag === "BR") {
    parts.push(", ");
    return;
  }
  const separated = BLOCKS.has(tag) || HEADINGS[tag] !== undefined || tag === "TR" || tag === "DL";
  if (separated) parts.push(" ");
  for (const child of toArray(node.childNodes)) appendFlat(child, parts, depth + 1);
  if (separated) parts.push(" ");
}

/**
 * An element's text on one line: blocks inside it and `<br>` line breaks kept apart (a break as a
 * comma, as an address or a name and title on one line are written), whitespace collapsed.
 */
function inlineText(element: DomElement, skip?: (child: DomNode) => boolean): string {
  const parts: string[] = [];
  for (const child of toArray(element.childNodes)) if (!skip?.(child)) appendFlat(child, parts, 1);
  return collapseWhitespace(parts.join(""))
    .replace(/\s*,(?:\s*,)+/g, ",")
    .replace(/\s+,/g, ",")
    .replace(/^,\s*|,$/g, "")
    .replace(/([:;.!?]),/g, "$1");
}

/** Lines at most of a card, and words at most of one of its lines and of all of them. */
const CARD_MAXIMUM_LINES = 8;
const CARD_MAXIMUM_LINE_WORDS = 12;
const CARD_MAXIMUM_WORDS = 40;

function wordCount(text: string): number {
  return text === "" ? 0 : text.split(" ").length;
}

/**
 * The lines of a card, or null when `element` is not one: a block holding only a few short blocks
 * and no headings, lists or tables, as a directory writes a person or a company (name, title,
 * organisation, city). Written as one block of lines, a card is never cut in two between passages:
 * its name stays with its title and organisation on a page of hundreds of them.
 */
function cardLines(element: DomElement): string[] | null {
  const children = toArray(element.childNodes).filter(
    (child) =>
      (isElement(child) && !SKIPPED.has(child.tagName.toUpperCase()) && !MEDIA.has(child.tagName.toUpperCase())) ||
      (child.nodeType === TEXT_NODE && (child.textContent ?? "").trim() !== ""),
  );
  if (children.length < 2 || children.length > CARD_MAXIMUM_LINES) return null;
  if (!children.every((child) => isElement(child) && BLOCKS.has(child.tagName.toUpperCase()))) return null;
  if (element.querySelector("h1, h2, h3, h4, h5, h6, ul, ol, table, dl, pre, blockquote") !== null) return null;
  const lines = children.map((child) => inlineText(child as DomElement)).filter((line) => line !== "");
  const words = lines.map(wordCount);
  if (lines.length < 2 || words.some((count) => count > CARD_MAXIMUM_LINE_WORDS)) return null;
  return words.reduce((sum, count) => sum + count, 0) <= CARD_MAXIMUM_WORDS ? lines : null;
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
    const isSublist = (child: DomNode): child is DomElement =>
      isElement(child) && /^(?:UL|OL)$/.test(child.tagName.toUpperCase());
    const nested = toArray(item.childNodes).filter(isSublist);
    const text = inlineText(item, isSublist);
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
      .map((cell) => inlineText(cell));
    if (cells.some((cell) => cell !== "")) rows.push(cells.join(" | "));
  }
  writer.block(rows.join("\n"));
}

/**
 * A definition list's terms with their descriptions, one term a line ("Register: HRB 1234", a
 * second description after a comma). Groups of `<dt>`/`<dd>` wrapped in `<div>`s, as HTML allows,
 * are read through.
 */
function definitionLines(list: DomElement): string[] {
  const lines: string[] = [];
  // Whether the last line is a term, and whether it has had a description yet.
  let term: "none" | "bare" | "described" = "none";
  const visit = (element: DomElement, depth: number) => {
    for (const child of toArray(element.children)) {
      const tag = child.tagName.toUpperCase();
      if (tag === "DIV" && depth < 4) {
        visit(child, depth + 1);
        continue;
      }
      const text = inlineText(child);
      if (text === "") continue;
      const last = lines.length - 1;
      if (tag === "DD" && term !== "none") {
        const joint = term === "described" ? ", " : /[:：]$/.test(lines[last]!) ? " " : ": ";
        lines[last] = `${lines[last]}${joint}${text}`;
        term = "described";
      } else {
        lines.push(text);
        term = tag === "DT" ? "bare" : "none";
      }
    }
  };
  visit(list, 0);
  return lines;
}

function walk(node: DomNode, writer: TextWriter, depth: number): void {
  if (node.nodeType === TEXT_NODE || depth > MAXIMUM_DEPTH) {
    writer.append(node.textContent ?? "");
    return;
  }
  if (!isElement(node)) return;
  const tag = node.tagName.toUpperCase();
  if (SKIPPED.has(tag)) return;
  if (MEDIA.has(tag)) {
    for (const block of blocksInMedia(node)) walk(block, writer, depth + 1);
    return;
  }
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
      .map((cell) => inlineText(cell));
    if (cells.some((cell) => cell !== "")) writer.append(cells.join(" | "));
    writer.breakLine();
    return;
  }
  if (tag === "PRE") {
    writer.block((node.textContent ?? "").replace(/\s+$/, "").replace(/^\n+/, ""));
    return;
  }
  if (tag === "DL") {
    writer.block(definitionLines(node).join("\n"));
    return;
  }
  const isBlock = BLOCKS.has(tag);
  const card = isBlock ? cardLines(node) : null;
  if (card !== null) {
    writer.block(card.join("\n"));
    return;
  }
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
