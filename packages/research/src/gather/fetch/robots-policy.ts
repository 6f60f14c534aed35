import { createRequire } from "node:module";
import { isDossierError } from "@dossier/contract";
import type { PageCache } from "./page-cache.js";
import type { FetchedPage } from "./page-fetcher.js";

/** What downloading one robots.txt gave: its status and text, whatever the status. */
export interface RobotsDownload {
  /** Final URL after redirects. */
  url: string;
  /** HTTP status of the final response. */
  status: number;
  /** Decoded body; empty for an error status. */
  text: string;
}

/** Settings of {@link RobotsPolicy}. */
export interface RobotsPolicySettings {
  /** The product token matched against `User-agent:` lines, e.g. `DossierBot`. */
  token: string;
  /** Downloads a robots.txt URL without consulting robots.txt. */
  download: (robotsUrl: string, signal: AbortSignal) => Promise<RobotsDownload>;
  /** Optional shared cache; robots.txt files are stored there under their URL. */
  cache: PageCache | undefined;
  /** How long a robots.txt is trusted, in seconds. */
  cacheTtlSeconds: number;
  /** How long "robots.txt unreachable, allow everything" is kept before trying again, in seconds. */
  unreachableTtlSeconds: number;
}

interface Rules {
  isAllowed(url: string): boolean;
}

type RobotsParser = (
  url: string,
  contents: string,
) => { isAllowed(url: string, userAgent?: string): boolean | undefined };
// The package's type declarations describe an ES default export it does not have.
const robotsParser = createRequire(import.meta.url)("robots-parser") as RobotsParser;

interface RulesEntry {
  rules: Promise<Rules>;
  expiresAt: number;
  signal: AbortSignal;
}

const allowEverything: Rules = { isAllowed: () => true };

/**
 * Obeys robots.txt: fetched once per origin, kept in memory and in the page cache.
 * A robots.txt answering 4xx allows everything (RFC 9309). One answering 5xx, or one that cannot
 * be reached, also allows everything: RFC 9309 would have us assume a full disallow, but the
 * fetcher reads a handful of pages per question at a polite rate, and refusing every page of a
 * site whose robots.txt is broken would lose evidence the site plainly publishes. Such a result
 * is kept only briefly so a fixed robots.txt is read again soon.
 */
export class RobotsPolicy {
  readonly #settings: RobotsPolicySettings;
  readonly #rules = new Map<string, RulesEntry>();

  constructor(settings: RobotsPolicySettings) {
    this.#settings = settings;
  }

  /** Whether robots.txt of the URL's origin lets the fetcher read it. */
  async isAllowed(url: URL, signal: AbortSignal): Promise<boolean> {
    for (;;) {
      const entry = this.#entryFor(url.origin, signal);
      try {
        return (await entry.rules).isAllowed(url.href);
      } catch (error) {
        // Another caller started the download and gave up on it; this caller has not.
        if (signal.aborted || !entry.signal.aborted) throw error;
      }
    }
  }

  #entryFor(origin: string, signal: AbortSignal): RulesEntry {
    const known = this.#rules.get(origin);
    if (known !== undefined && known.expiresAt > Date.now()) return known;
    const entry: RulesEntry = { rules: this.#load(origin, signal), expiresAt: Number.POSITIVE_INFINITY, signal };
    this.#rules.set(origin, entry);
    entry.rules.then(
      (rules) => {
        const ttl = rules === allowEverything ? this.#settings.unreachableTtlSeconds : this.#settings.cacheTtlSeconds;
        entry.expiresAt = Date.now() + ttl * 1000;
      },
      () => {
        if (this.#rules.get(origin) === entry) this.#rules.delete(origin);
      },
    );
    return entry;
  }

  async #load(origin: string, signal: AbortSignal): Promise<Rules> {
    const robotsUrl = `${origin}/robots.txt`;
    const cached = await this.#settings.cache?.get(robotsUrl);
    if (cached !== undefined) return this.#parse(robotsUrl, cached.status, cached.text);
    let download: RobotsDownload;
    try {
      download = await this.#settings.download(robotsUrl, signal);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      // A host we may not reach at all must stay refused; anything else is "unreachable".
      if (isDossierError(error) && error.code === "FETCH_BLOCKED_ADDRESS") throw error;
      return allowEverything;
    }
    if (download.status >= 500) return allowEverything;
    const page: FetchedPage = {
      url: download.url,
      requestedUrl: robotsUrl,
      status: download.status,
      contentType: "text/plain",
      text: download.status < 300 ? download.text : "",
      fetchedAt: new Date().toISOString(),
      fromCache: false,
    };
    await this.#settings.cache?.set(robotsUrl, page, this.#settings.cacheTtlSeconds);
    return this.#parse(robotsUrl, page.status, page.text);
  }

  #parse(robotsUrl: string, status: number, text: string): Rules {
    if (status >= 300) return allowEverything;
    const robots = robotsParser(robotsUrl, text);
    const token = this.#settings.token;
    return { isAllowed: (url) => robots.isAllowed(url, token) !== false };
  }
}
