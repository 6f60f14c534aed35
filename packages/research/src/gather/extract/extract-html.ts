import { Readability } from "@mozilla/readability";
import { collectLinks } from "./collect-links.js";
import type { DomDocument, DomElement } from "./dom.js";
import { collapseWhitespace, parseDocument, toArray } from "./dom.js";
import type { ExtractedPage } from "./extracted-page.js";
import { findProfileLinks } from "./find-profile-links.js";
import { htmlToText } from "./html-to-text.js";
import { pairPersonCards } from "./pair-person-cards.js";
import { collectSameAs, parseJsonLd } from "./parse-json-ld.js";
import { readMetadata } from "./read-metadata.js";
import type { CleanedShape } from "./remove-boilerplate.js";
import { removeBoilerplate } from "./remove-boilerplate.js";

/** Readability text shorter than this many characters is not trusted on its own. */
const MINIMUM_ARTICLE_CHARACTERS = 200;
/**
 * Readability must keep at least this share of the cleaned body, else it lost content (a team grid
 * cut to one card). A page of bare divs still carries teasers and link blocks, so it may cut much.
 */
const MINIMUM_ARTICLE_SHARE_OF_BODY = 0.25;
/**
 * When the cleaned body is at most this much longer than Readability's pick, the extra is the
 * headline, lead paragraph or table Readability trimmed, not boilerplate: the body text wins.
 */
const BODY_PREFERENCE_RATIO = 1.3;
/**
 * Readability's cost grows steeply with the DOM's size and depth (a page of 1,500 nested divs takes
 * it tens of seconds); above these limits the cleaned body is used.
 */
const MAXIMUM_READABILITY_ELEMENTS = 3000;
const MAXIMUM_READABILITY_DEPTH = 100;

function readableText(document: DomDocument, url: string): string | null {
  // Readability reads the page address from the document to resolve links; linkedom leaves it unset.
  try {
    Object.defineProperty(document, "documentURI", { value: url, configurable: true });
    Object.defineProperty(document, "baseURI", { value: url, configurable: true });
  } catch {
    // A document that refuses the override keeps its own address: links resolve relative to nothing.
  }
  const article = new Readability<DomElement>(document, {
    serializer: (node) => node as unknown as DomElement,
    charThreshold: 300,
  }).parse();
  if (article === null || article.content === null || article.content === undefined) return null;
  const text = htmlToText(article.content);
  return text === "" ? null : text;
}

function characterCount(text: string): number {
  return text.replace(/^#+ /gm, "").replace(/\s+/g, "").length;
}

/** The main text of a cleaned document: its main landmark; without one, its body or Readability's pick when that is clearly tighter. */
function chooseMainText(document: DomDocument, url: string, shape: CleanedShape): string {
  const landmarks = toArray(document.querySelectorAll("main, [role=main]"));
  const articles = landmarks.length === 1 ? landmarks : toArray(document.querySelectorAll("article"));
  const landmark = articles.length === 1 ? articles[0]! : null;
  // Inside a `<main>`/`<article>` landmark, once cleaned, little but the page's own text is left:
  // what Readability would still cut there is a contact block, an imprint's register lines, a
  // list of facts with links in it, the headline and lead, which are evidence.
  if (landmark !== null) return htmlToText(landmark);
  const body = document.body;
  const bodyText = body === null ? "" : htmlToText(body);
  const bodyLength = characterCount(bodyText);
  if (shape.elements > MAXIMUM_READABILITY_ELEMENTS || shape.depth > MAXIMUM_READABILITY_DEPTH) return bodyText;

  // Readability mutates what it reads, so it gets a copy of the cleaned page.
  const articleText = readableText(document.cloneNode(true), url);
  if (articleText === null) return bodyText;
  const articleLength = characterCount(articleText);
  const useful =
    articleLength >= Math.min(MINIMUM_ARTICLE_CHARACTERS, bodyLength) &&
    articleLength >= bodyLength * MINIMUM_ARTICLE_SHARE_OF_BODY;
  if (!useful || bodyLength <= articleLength * BODY_PREFERENCE_RATIO) return bodyText;
  return articleText;
}

/**
 * Extracts an HTML page: metadata, JSON-LD, links and profile links from the whole document, then
 * the main text from its cleaned main landmark, or on a page without one from Readability, or from
 * the boilerplate-stripped body when Readability drops too much (short pages, team grids, pricing
 * tables).
 */
export function extractHtml(url: string, html: string): ExtractedPage {
  const document = parseDocument(html);
  const jsonLd = parseJsonLd(
    toArray(document.querySelectorAll('script[type="application/ld+json" i]')).map(
      (script) => script.textContent ?? "",
    ),
  );
  const metadata = readMetadata(document, jsonLd);
  const links = collectLinks(document, url);
  const profileLinks = findProfileLinks(
    url,
    links.map((link) => link.url),
    collectSameAs(jsonLd),
  );

  const shape = removeBoilerplate(document);
  pairPersonCards(document);
  const text = chooseMainText(document, url, shape);
  const title = metadata.title ?? (collapseWhitespace(document.querySelector("h1")?.textContent ?? "") || null);
  return { url, ...metadata, title, text, jsonLd, links, profileLinks };
}
