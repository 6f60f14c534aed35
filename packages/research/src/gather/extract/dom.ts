import { parseHTML } from "linkedom";

/** The slice of the DOM node API the extractor uses (the package builds without the DOM lib). */
export interface DomNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly childNodes: ArrayLike<DomNode>;
  readonly parentNode: DomNode | null;
  textContent: string | null;
}

/** The slice of the DOM element API the extractor uses. */
export interface DomElement extends DomNode {
  readonly tagName: string;
  readonly children: ArrayLike<DomElement>;
  readonly parentElement: DomElement | null;
  readonly nextElementSibling: DomElement | null;
  readonly previousElementSibling: DomElement | null;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  hasAttribute(name: string): boolean;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  closest(selector: string): DomElement | null;
  remove(): void;
  readonly outerHTML: string;
}

/** The slice of the DOM document API the extractor uses. */
export interface DomDocument {
  readonly documentElement: DomElement | null;
  readonly head: DomElement | null;
  readonly body: DomElement | null;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  createElement(tagName: string): DomElement;
  cloneNode(deep: true): DomDocument;
  toString(): string;
}

export const ELEMENT_NODE = 1;
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
