import { createHash } from "node:crypto";
import type { ExtractedPage } from "../gather/extract/index.js";
import { countTokens } from "./count-tokens.js";
import { jsonLdFacts } from "./json-ld-facts.js";
import type { Passage } from "./passage.js";

/** How pages are cut into passages. */
export interface SplitPassagesOptions {
  /** A passage is closed at a paragraph boundary once it holds at least this many words. Default 60. */
  minWords?: number;
  /** No passage grows beyond this many words unless one sentence is longer. Default 120. */
  maxWords?: number;
  /** Also turn the page's JSON-LD into fact passages. Default true. */
  includeJsonLd?: boolean;
}

const DEFAULT_MIN_WORDS = 60;
const DEFAULT_MAX_WORDS = 120;

interface Block {
  heading: string | null;
  /** Heading lines are passage text too: "Jane Doe — CTO" must stay citable. */
  isHeading: boolean;
  text: string;
  words: number;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** A short, stable key for a URL, so passage ids stay unique when pages are pooled. */
export function urlKey(url: string): string {
  return createHash("sha256").update(url).digest("hex").slice(0, 8);
}

/** Sentences, or lines for lists and tables, of a block too long to be one passage. */
function pieces(text: string, maxWords: number): string[] {
  const units = text.includes("\n") ? text.split("\n") : text.split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"“'(])/u);
  const result: string[] = [];
  for (const unit of units) {
    const words = unit.split(/\s+/).filter(Boolean);
    // A sentence longer than a whole passage (a run-on list, a table cell dump) is cut by words.
    for (let start = 0; start < words.length; start += maxWords)
      result.push(words.slice(start, start + maxWords).join(" "));
  }
  return result;
}

/** Words at most of a paragraph that sums up the list before it rather than opening a new topic. */
const LIST_CLOSING_WORDS = 12;

/** A paragraph that ends in a colon: it leads into the list or the lines after it. */
const LEADS_IN = /:\s*$/;

/** A paragraph that is one web address, perhaps behind an arrow or a label's mark. */
const LINK_ALONE = /^[^\p{L}\p{N}]*(?:https?:\/\/|www\.)\S+\s*$/u;

/** A block of list items as extraction writes them: every line a `- ` or `1. ` item (or a nested one). */
function isList(text: string): boolean {
  return text !== "" && text.split("\n").every((line) => /^\s*(?:-|\d+\.)\s/.test(line));
}

/** A block of table rows as extraction writes them: one row a line, cells joined by " | ". */
function isTable(lines: readonly string[]): boolean {
  return lines.length >= 3 && lines.filter((line) => line.includes(" | ")).length >= lines.length * 0.8;
}

/**
 * A long table as blocks of a few rows each, every block led by the table's first row (its
 * header), so that row 412 of a list of companies still says which column is the headquarters.
 */
function tableBlocks(lines: readonly string[], heading: string | null, maxWords: number): Block[] {
  const [header = "", ...rows] = lines;
  const headerWords = wordCount(header);
  // A part of about 60% of a passage: it closes its passage alone, so no part repeats the header twice.
  const room = Math.max(20, Math.ceil(maxWords * 0.6) - headerWords);
  const blocks: Block[] = [];
  let current: string[] = [];
  let currentWords = 0;
  const emit = () => {
    const text = [header, ...current].join("\n");
    blocks.push({ heading, isHeading: false, text, words: headerWords + currentWords });
    current = [];
    currentWords = 0;
  };
  for (const row of rows) {
    const rowWords = wordCount(row);
    if (currentWords > 0 && currentWords + rowWords > room) emit();
    current.push(row);
    currentWords += rowWords;
  }
  if (current.length > 0) emit();
  return blocks;
}

function toBlocks(text: string, maxWords: number): Block[] {
  const blocks: Block[] = [];
  let heading: string | null = null;
  for (const raw of text.split(/\n{2,}/)) {
    const paragraph = raw.trim();
    if (paragraph === "") continue;
    const headingMatch = /^#{1,6}\s+(.+)$/.exec(paragraph);
    if (headingMatch !== null && !paragraph.includes("\n")) {
      heading = headingMatch[1]!.trim();
      blocks.push({ heading, isHeading: true, text: heading, words: wordCount(heading) });
      continue;
    }
    const words = wordCount(paragraph);
    if (words <= maxWords) {
      blocks.push({ heading, isHeading: false, text: paragraph, words });
      continue;
    }
    const lines = paragraph.split("\n");
    if (isTable(lines)) {
      blocks.push(...tableBlocks(lines, heading, maxWords));
      continue;
    }
    const joiner = paragraph.includes("\n") ? "\n" : " ";
    let current: string[] = [];
    let currentWords = 0;
    for (const piece of pieces(paragraph, maxWords)) {
      const pieceWords = wordCount(piece);
      if (currentWords > 0 && currentWords + pieceWords > maxWords) {
        blocks.push({ heading, isHeading: false, text: current.join(joiner), words: currentWords });
        current = [];
        currentWords = 0;
      }
      current.push(piece);
      currentWords += pieceWords;
    }
    if (currentWords > 0) blocks.push({ heading, isHeading: false, text: current.join(joiner), words: currentWords });
  }
  return blocks;
}

/**
 * Cuts a page into passages of about `minWords`–`maxWords` words along paragraph and heading
 * boundaries. Each carries the heading it sits under; a heading that opens a passage is its first
 * line. JSON-LD becomes one passage per entity (split when long), so structured facts such as
 * "Organization foundingDate: 2014" can be cited. Ids are stable for the same page and options.
 */
export function splitPassages(page: ExtractedPage, options: SplitPassagesOptions = {}): Passage[] {
  // Extracted pages are shared across jobs (the worker keeps them); so are their passages.
  const usesDefaults =
    options.minWords === undefined && options.maxWords === undefined && options.includeJsonLd === undefined;
  const known = usesDefaults ? passagesOf.get(page) : undefined;
  if (known) return known;
  const passages = splitPagePassages(page, options);
  if (usesDefaults) passagesOf.set(page, passages);
  return passages;
}

const passagesOf = new WeakMap<ExtractedPage, Passage[]>();

function splitPagePassages(page: ExtractedPage, options: SplitPassagesOptions): Passage[] {
  const minWords = options.minWords ?? DEFAULT_MIN_WORDS;
  const maxWords = options.maxWords ?? DEFAULT_MAX_WORDS;
  const key = urlKey(page.url);
  const passages: Passage[] = [];

  let buffer: Block[] = [];
  let bufferWords = 0;
  const flush = (): void => {
    const content = buffer.filter((block) => !block.isHeading);
    if (content.length > 0) {
      const heading = buffer[0]!.isHeading ? buffer[0]!.text : buffer[0]!.heading;
      // A passage that goes on under a heading an earlier one opened is shown with it: "2022" over
      // the rest of a year's list, "Team plan" over the rest of its prices. The heading is the
      // page's own text; the page's title already says what a heading equal to it would.
      const continued = !buffer[0]!.isHeading && heading !== null && heading !== page.title;
      const text = [...(continued ? [heading] : []), ...buffer.map((block) => block.text)].join("\n\n");
      passages.push({
        id: `${key}-p${passages.length}`,
        url: page.url,
        title: page.title,
        heading,
        text,
        tokens: countTokens(text),
        source: "page",
      });
    }
    buffer = [];
    bufferWords = 0;
  };
  for (const block of toBlocks(page.text, maxWords)) {
    const contentWords =
      bufferWords - buffer.filter((item) => item.isHeading).reduce((sum, item) => sum + item.words, 0);
    // A line that sums up the list before it ("That comes to $40 a seat.") stays with the list.
    const closesList = !block.isHeading && block.words <= LIST_CLOSING_WORDS && isList(buffer.at(-1)?.text ?? "");
    // A link alone on its line ("» https://jane.example") is the address of what it follows: a bio's, a card's.
    const linkAlone = !block.isHeading && block.words <= 3 && LINK_ALONE.test(block.text);
    // A new section closes the passage unless what came before is only a heading and a line or two.
    const closes =
      (block.isHeading && contentWords >= minWords / 2) ||
      (!block.isHeading && bufferWords + block.words > maxWords && contentWords > 0 && !linkAlone) ||
      (!block.isHeading && contentWords >= minWords && !closesList && !linkAlone);
    if (closes) {
      // A line that leads into what follows ("Selected interviews with our founder and CEO, Jane
      // Doe:", "We reject support from:") opens the next passage with it, not closes this one.
      const last = buffer.at(-1);
      const leadIn =
        !block.isHeading && last !== undefined && !last.isHeading && buffer.length > 1 && LEADS_IN.test(last.text);
      if (leadIn) buffer.pop();
      flush();
      if (leadIn) {
        buffer.push(last);
        bufferWords += last.words;
      }
    }
    buffer.push(block);
    bufferWords += block.words;
  }
  flush();

  if (options.includeJsonLd ?? true) {
    let index = 0;
    for (const entity of jsonLdFacts(page.jsonLd)) {
      let lines: string[] = [];
      let words = 0;
      const emit = (): void => {
        const text = lines.join("\n");
        passages.push({
          id: `${key}-j${index}`,
          url: page.url,
          title: page.title,
          heading: entity.label,
          text,
          tokens: countTokens(text),
          source: "jsonld",
        });
        index += 1;
        lines = [];
        words = 0;
      };
      for (const fact of entity.facts) {
        const factWords = wordCount(fact);
        if (words > 0 && words + factWords > maxWords) emit();
        lines.push(fact);
        words += factWords;
      }
      if (lines.length > 0) emit();
    }
  }
  return passages;
}
