/** One page as the research pipeline reads it. Plain data, safe to cache as JSON. */
export interface FetchedPage {
  /** Final URL after redirects. */
  url: string;
  /** The URL the caller asked for. */
  requestedUrl: string;
  /** HTTP status of the final response (2xx; errors are thrown). */
  status: number;
  /** Media type without parameters, e.g. `text/html`, `application/pdf`, `text/plain`, `application/json`. */
  contentType: string;
  /** Decoded text: the HTML source for HTML, the extracted text for PDF. */
  text: string;
  /** When the page was fetched from its origin, ISO 8601. A cached page keeps its first time. */
  fetchedAt: string;
  /** True when the page came from the page cache instead of the network. */
  fromCache: boolean;
  /**
   * True when the cached copy was too old, the origin was asked again with its validators, and it
   * answered 304 Not Modified: the copy was read again at the cost of a round trip, no body.
   * `fetchedAt` is then the time of that answer. Absent otherwise.
   */
  notModified?: boolean;
  /** The final response's `ETag`, kept with the cached copy and sent back as `If-None-Match`. */
  etag?: string;
  /** The final response's `Last-Modified`, kept with the cached copy and sent back as `If-Modified-Since`. */
  lastModified?: string;
}

/** Options of one fetch. */
export interface PageFetchOptions {
  /** Aborts the fetch; the signal's reason is thrown. */
  signal?: AbortSignal;
  /**
   * Oldest cached copy acceptable, in seconds: a page fetched from its origin longer ago than this is
   * read again (0: always from the web). Default: any copy the cache still holds.
   */
  maxAgeSeconds?: number;
}

/**
 * Reads one web page. Failures throw `DossierError` with a `FETCH_` code; an abort by the caller
 * throws the signal's reason.
 */
export interface PageFetcher {
  /** Names the implementation in logs and answers, e.g. `undici`. */
  readonly id: string;
  /** Fetches `url` (http or https), following redirects, and returns its decoded text. */
  fetch(url: string, options: PageFetchOptions): Promise<FetchedPage>;
}
