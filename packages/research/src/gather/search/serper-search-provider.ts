import { z } from "zod";
import { withDomainOperators } from "./domain-operators.js";
import { endpointUrl, requireApiKey } from "./endpoint-url.js";
import { normalizeSearchHits } from "./normalize-search-hits.js";
import { requestSearchJson } from "./request-search-json.js";
import {
  DEFAULT_SEARCH_TIMEOUT_MS,
  resolveSearchLimit,
  type SearchHit,
  type SearchOptions,
  type SearchProvider,
} from "./search-provider.js";

/** Settings of {@link SerperSearchProvider}. */
export interface SerperSearchProviderSettings {
  /** Serper API key, sent as `X-API-KEY`. Required. */
  apiKey: string;
  /** API base URL. Default `https://google.serper.dev`. */
  baseUrl?: string;
  /** Time one search may take, in milliseconds. Default 8000. */
  timeoutMs?: number;
}

/** Serper returns at most 100 results per request. */
const SERPER_MAX_NUM = 100;

// Serper (Google results): POST /search with JSON { q, num } and header X-API-KEY; hits under
// `organic` with title, link, snippet, position and an optional date. Source: the API reference
// quoted by lc-tools' Serper backend (docs.rs/crate/lc-tools, src/hosted_search/serper.rs).
// `organic` may be missing when Google has no organic result.
const serperResponseSchema = z.object({
  organic: z
    .array(
      z.object({
        link: z.string().nullish(),
        title: z.string().nullish(),
        snippet: z.string().nullish(),
        date: z.string().nullish(),
      }),
    )
    .nullish(),
});

/** Searches Google through the Serper API. */
export class SerperSearchProvider implements SearchProvider {
  readonly id = "serper";
  readonly #apiKey: string;
  readonly #endpoint: URL;
  readonly #timeoutMs: number;

  constructor(settings: SerperSearchProviderSettings) {
    this.#apiKey = requireApiKey(this.id, settings.apiKey);
    this.#endpoint = endpointUrl(this.id, settings.baseUrl ?? "https://google.serper.dev", "search");
    this.#timeoutMs = settings.timeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS;
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const limit = resolveSearchLimit(options.limit);
    const response = await requestSearchJson({
      provider: this.id,
      url: this.#endpoint,
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json", "x-api-key": this.#apiKey },
      body: JSON.stringify({ q: withDomainOperators(query, options), num: Math.min(limit, SERPER_MAX_NUM) }),
      schema: serperResponseSchema,
      timeoutMs: this.#timeoutMs,
      signal: options.signal,
    });
    return normalizeSearchHits(
      this.id,
      (response.organic ?? []).map((result) => ({
        url: result.link,
        title: result.title,
        snippet: result.snippet,
        publishedAt: result.date,
      })),
      limit,
    );
  }
}
