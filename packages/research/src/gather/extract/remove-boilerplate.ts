import type { DomDocument, DomElement } from "./dom.js";
import { ELEMENT_NODE, TEXT_NODE, toArray } from "./dom.js";

/** Never text: code, styling, embeds and controls. */
const NON_CONTENT_TAGS = new Set([
  "SCRIPT",
  "STYLE",
  "NOSCRIPT",
  "TEMPLATE",
  "SVG",
  "IFRAME",
  "CANVAS",
  "OBJECT",
  "EMBED",
  "FORM",
  "BUTTON",
  "SELECT",
  "TEXTAREA",
  "DIALOG",
]);
/** Site chrome: navigation, headers, footers and sidebars. */
const CHROME_TAGS = new Set(["NAV", "HEADER", "FOOTER", "ASIDE"]);
/** ARIA landmarks of the same chrome. */
const CHROME_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "search"]);
const MAIN_TAGS = new Set(["MAIN", "ARTICLE"]);
const ROOT_TAGS = new Set(["HTML", "BODY"]);
const MENU_TAGS = new Set(["UL", "OL", "MENU", "DIV"]);

const BANNER_PATTERN = /cookie|consent|gdpr|banner/i;
/** Class or id tokens of page furniture that is not marked up as a landmark. */
const FURNITURE_PATTERN =
  /(?:^|[-_\s])(?:sidebar|breadcrumbs?|share|sharing|social|newsletter|subscribe|related|comments?|advert|ads|promo|skip-link|navbar|menu|popup|modal|toc)(?:$|[-_\s])/i;
/** Cookie banners are short; a long element with "banner" in its class is likely a page section. */
const MAXIMUM_BANNER_CHARACTERS = 1500;

interface TextStatistics {
  /** Non-whitespace characters of text in the subtree. */
  characters: number;
  /** Of which inside links. */
  linkCharacters: number;
  /** Links in the subtree. */
  links: number;
  /** Words inside links. */
  linkWords: number;
  /** The subtree holds an h1, main or article: the page's own content, never removed whole. */
  holdsMain: boolean;
  /** Elements in the subtree, itself included. */
  elements: number;
  /** Levels of elements below and including this one. */
  depth: number;
}

/** The size of what is left after cleaning, which decides whether Readability can afford the page. */
export interface CleanedShape {
  /** Elements left in the document. */
  elements: number;
  /** Deepest element nesting left (capped a little above the walk's own depth limit). */
  depth: number;
}

/** Below this depth the tree is left as it is: deeper recursion would overflow the stack on hostile pages. */
const MAXIMUM_DEPTH = 200;

const EMPTY: TextStatistics = {
  characters: 0,
  linkCharacters: 0,
  links: 0,
  linkWords: 0,
  holdsMain: false,
  elements: 0,
  depth: 0,
};

function isHidden(element: DomElement): boolean {
  if (element.hasAttribute("hidden") || element.getAttribute("aria-hidden") === "true") return true;
  return /display\s*:\s*none|visibility\s*:\s*hidden/i.test(element.getAttribute("style") ?? "");
}

function isChrome(element: DomElement, tag: string, insideMain: boolean): boolean {
  // An article's own <header> carries its headline and byline; only the site header goes.
  if (tag === "HEADER" && insideMain) return false;
  if (CHROME_TAGS.has(tag)) return true;
  return CHROME_ROLES.has((element.getAttribute("role") ?? "").toLowerCase());
}

/**
 * True for a block that is mostly short links: a menu, a tag cloud, a "more posts" strip. A team
 * list whose names are linked keeps its prose (titles, descriptions), so it stays.
 */
function isLinkMenu(statistics: TextStatistics): boolean {
  if (statistics.links < 4 || statistics.characters === 0) return statistics.links >= 4;
  return statistics.linkCharacters / statistics.characters > 0.8 && statistics.linkWords / statistics.links <= 5;
}

function add(into: TextStatistics, from: TextStatistics): void {
  into.characters += from.characters;
  into.linkCharacters += from.linkCharacters;
  into.links += from.links;
  into.linkWords += from.linkWords;
  into.holdsMain ||= from.holdsMain;
  into.elements += from.elements;
  into.depth = Math.max(into.depth, from.depth + 1);
}

function clean(element: DomElement, insideMain: boolean, hasMainContent: boolean, depth: number): TextStatistics {
  if (depth > MAXIMUM_DEPTH) {
    return { ...EMPTY, characters: (element.textContent ?? "").replace(/\s+/g, "").length, elements: 1, depth: 1 };
  }
  const tag = element.tagName.toUpperCase();
  if (NON_CONTENT_TAGS.has(tag) || isHidden(element) || isChrome(element, tag, insideMain)) {
    element.remove();
    return EMPTY;
  }
  const isMain = MAIN_TAGS.has(tag) || element.getAttribute("role") === "main";
  const statistics: TextStatistics = {
    ...EMPTY,
    holdsMain: isMain || ROOT_TAGS.has(tag) || tag === "H1",
    elements: 1,
    depth: 1,
  };
  for (const child of toArray(element.childNodes)) {
    if (child.nodeType === TEXT_NODE) {
      statistics.characters += (child.textContent ?? "").replace(/\s+/g, "").length;
    } else if (child.nodeType === ELEMENT_NODE) {
      add(statistics, clean(child as DomElement, insideMain || isMain, hasMainContent, depth + 1));
    }
  }
  if (tag === "A") {
    statistics.links += 1;
    statistics.linkCharacters = statistics.characters;
    const words = (element.textContent ?? "").trim().split(/\s+/).filter(Boolean).length;
    statistics.linkWords += words;
  }
  if (statistics.holdsMain) return statistics;

  const marks = `${element.getAttribute("class") ?? ""} ${element.getAttribute("id") ?? ""}`;
  const isBanner = BANNER_PATTERN.test(marks) && statistics.characters < MAXIMUM_BANNER_CHARACTERS;
  // A docs index is a list of links and nothing else: inside the main content, link lists stay.
  const isMenu = MENU_TAGS.has(tag) && isLinkMenu(statistics) && (!insideMain || !hasMainContent);
  if (isBanner || FURNITURE_PATTERN.test(marks) || isMenu) {
    element.remove();
    return EMPTY;
  }
  return statistics;
}

/**
 * Removes what is never the page's own text: scripts and styles, hidden nodes, navigation, headers,
 * footers, sidebars, cookie and consent banners, and menu-like link lists outside the main
 * content. An `<article>`'s own header is kept. One pass over the tree; mutates `document` and
 * reports the size of what is left.
 */
export function removeBoilerplate(document: DomDocument): CleanedShape {
  const root = document.documentElement;
  if (root === null) return { elements: 0, depth: 0 };
  const hasMainContent = document.querySelector("main, article, [role=main]") !== null;
  const statistics = clean(root, false, hasMainContent, 0);
  return { elements: statistics.elements, depth: statistics.depth };
}
