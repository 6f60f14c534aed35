import { parseHTML } from "linkedom";

/** The slice of the DOM node API the extractor uses (the package builds without the DOM lib). */
export interface DomNode {
  /** 1 for elements, 3 for text (see {@link ELEMENT_NODE}, {@link TEXT_NODE}). */
  readonly nodeType: number;
  /** Upper-case tag name for elements, "#text" for text. */
  readonly nodeName: string;
  /** Child nodes, text included, live. */
  readonly childNodes: ArrayLike<DomNode>;
  /** Parent, or null once removed. */
  readonly parentNode: DomNode | null;
  /** Concatenated text of the subtree; assigning replaces the children with one text node. */
  textContent: string | null;
}

/** The slice of the DOM element API the extractor uses. */
export interface DomElement extends DomNode {
  /** Tag name; compare upper-cased, linkedom keeps the source's case for some documents. */
  readonly tagName: string;
  /** Child elements only. */
  readonly children: ArrayLike<DomElement>;
  /** Parent element, or null at the root or once removed. */
  readonly parentElement: DomElement | null;
  /** Next sibling element, skipping text. */
  readonly nextElementSibling: DomElement | null;
  /** Previous sibling element, skipping text. */
  readonly previousElementSibling: DomElement | null;
  /** Attribute value, or null when absent. */
  getAttribute(name: string): string | null;
  /** True when the attribute is present, even empty. */
  hasAttribute(name: string): boolean;
  /** First descendant matching a CSS selector. */
  querySelector(selector: string): DomElement | null;
  /** Every descendant matching a CSS selector, in document order (a static list). */
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  /** This element or its nearest ancestor matching a CSS selector. */
  closest(selector: string): DomElement | null;
  /** Detaches the element from its parent. */
  remove(): void;
}

/** The slice of the DOM document API the extractor uses. */
export interface DomDocument {
  /** The `<html>` element. */
  readonly documentElement: DomElement | null;
  /** The `<body>` element. */
  readonly body: DomElement | null;
  /** First element matching a CSS selector. */
  querySelector(selector: string): DomElement | null;
  /** Every element matching a CSS selector, in document order (a static list). */
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  /** A deep copy, for code that mutates what it reads (Readability). */
  cloneNode(deep: true): DomDocument;
}

/** `nodeType` of an element. */
export const ELEMENT_NODE = 1;
/** `nodeType` of a text node. */
export const TEXT_NODE = 3;

/**
 * Parses HTML into a document. Fragments are wrapped in a full page first: linkedom builds no
 * `<html>`/`<body>` around bare markup, and the extractor needs a body to walk.
 */
export function parseDocument(html: string): DomDocument {
  const wrapped = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
  return parseHTML(wrapped).document as unknown as DomDocument;
}

/** Array view of a DOM collection, safe to iterate while removing nodes. */
export function toArray<T>(collection: ArrayLike<T>): T[] {
  return Array.from(collection);
}

/** Collapses runs of whitespace (including non-breaking spaces) to one space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/[\s\u00a0\u200b]+/g, " ").trim();
}
