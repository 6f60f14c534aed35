import type { ExtractedPage } from "./extracted-page.js";

/**
 * Extracted pages kept in the worker's memory, least recently used dropped first. Parsing HTML is
 * most of a research job's CPU; a page served from the page cache is the same document, so its
 * extraction is reused rather than parsed again.
 */
export class ExtractedPageCache {
  readonly #entries = new Map<string, ExtractedPage>();

  /** @param maxEntries Most pages kept. Default 500. */
  constructor(private readonly maxEntries = 500) {}

  /** The page extracted from the document fetched from `url` at `fetchedAt`, if kept. */
  get(url: string, fetchedAt: string): ExtractedPage | undefined {
    const key = `${fetchedAt} ${url}`;
    const page = this.#entries.get(key);
    if (page) {
      this.#entries.delete(key);
      this.#entries.set(key, page);
    }
    return page;
  }

  set(url: string, fetchedAt: string, page: ExtractedPage): void {
    const key = `${fetchedAt} ${url}`;
    this.#entries.delete(key);
    this.#entries.set(key, page);
    if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }

  get size(): number {
    return this.#entries.size;
  }
}
