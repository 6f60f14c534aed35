import { z } from "zod";
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

/** Settings of {@link TavilySearchProvider}. */
export interface TavilySearchProviderSettings {
  /** Tavily API key, sent as `Authorization: Bearer <key>`. Required. */
  apiKey: string;
  /** API base URL. Default `https://api.tavily.com`. */
  baseUrl?: string;
  /** Time one search may take, in milliseconds. Default 8000. */
  timeoutMs?: number;
}

/** Tavily's `max_results` goes up to 20. */
const TAVILY_MAX_RESULTS = 20;

// Tavily search: POST /search with JSON { query, max_results } and Authorization: Bearer <key>,
// as in Tavily's own curl example (tessl.io registry, tavily-ai/skills "search"); result fields
// title, url, content (pub.dev TavilySearchResult) and published_date (news results).
const tavilyResponseSchema = z.object({
  results: z.array(
    z.object({
      url: z.string().nullish(),
      title: z.string().nullish(),
      content: z.string().nullish(),
      published_date: z.string().nullish(),
    }),
  ),
});

/** Searches the web through the Tavily search API. */
export class TavilySearchProvider implements SearchProvider {
  readonly id = "tavily";
  readonly #apiKey: string;
  readonly #endpoint: URL;
  readonly #timeoutMs: number;

  constructor(settings: TavilySearchProviderSettings) {
    this.#apiKey = requireApiKey(this.id, settings.apiKey);
    this.#endpoint = endpointUrl(this.id, settings.baseUrl ?? "https://api.tavily.com", "search");
    this.#timeoutMs = settings.timeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS;
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const limit = resolveSearchLimit(options.limit);
    const response = await requestSearchJson({
      provider: this.id,
      url: this.#endpoint,
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        authorization: `Bearer ${this.#apiKey}`,
      },
      // Tavily takes the domains as parameters rather than query operators.
      body: JSON.stringify({
        query,
        max_results: Math.min(limit, TAVILY_MAX_RESULTS),
        ...(options.includeDomains?.length ? { include_domains: options.includeDomains } : {}),
        ...(options.excludeDomains?.length ? { exclude_domains: options.excludeDomains } : {}),
      }),
      schema: tavilyResponseSchema,
      timeoutMs: this.#timeoutMs,
      signal: options.signal,
    });
    return normalizeSearchHits(
      this.id,
      response.results.map((result) => ({
        url: result.url,
        title: result.title,
        snippet: result.content,
        publishedAt: result.published_date,
      })),
      limit,
    );
  }
}
