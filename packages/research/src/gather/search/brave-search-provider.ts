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

/** Settings of {@link BraveSearchProvider}. */
export interface BraveSearchProviderSettings {
  /** Brave Search API subscription token, sent as `X-Subscription-Token`. Required. */
  apiKey: string;
  /** API base URL. Default `https://api.search.brave.com`. */
  baseUrl?: string;
  /** Time one search may take, in milliseconds. Default 8000. */
  timeoutMs?: number;
}

/** Brave's web search accepts at most 20 results per request. */
const BRAVE_MAX_COUNT = 20;

// Brave web search: GET /res/v1/web/search?q=&count= with header X-Subscription-Token.
// Source: https://api-dashboard.search.brave.com/documentation/guides/authentication (request);
// result fields title, url, description and page_age under web.results. Brave leaves `web`
// out entirely when it has no web results.
const braveResponseSchema = z.object({
  web: z
    .object({
      results: z.array(
        z.object({
          url: z.string().nullish(),
          title: z.string().nullish(),
          description: z.string().nullish(),
          page_age: z.string().nullish(),
        }),
      ),
    })
    .nullish(),
});

/** Searches the web through the Brave Search API. */
export class BraveSearchProvider implements SearchProvider {
  readonly id = "brave";
  readonly #apiKey: string;
  readonly #endpoint: URL;
  readonly #timeoutMs: number;

  constructor(settings: BraveSearchProviderSettings) {
    this.#apiKey = requireApiKey(this.id, settings.apiKey);
    this.#endpoint = endpointUrl(this.id, settings.baseUrl ?? "https://api.search.brave.com", "res/v1/web/search");
    this.#timeoutMs = settings.timeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS;
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const limit = resolveSearchLimit(options.limit);
    const url = new URL(this.#endpoint);
    url.searchParams.set("q", withDomainOperators(query, options));
    url.searchParams.set("count", String(Math.min(limit, BRAVE_MAX_COUNT)));
    const response = await requestSearchJson({
      provider: this.id,
      url,
      method: "GET",
      headers: { accept: "application/json", "x-subscription-token": this.#apiKey },
      schema: braveResponseSchema,
      timeoutMs: this.#timeoutMs,
      signal: options.signal,
    });
    return normalizeSearchHits(
      this.id,
      (response.web?.results ?? []).map((result) => ({
        url: result.url,
        title: result.title,
        snippet: result.description,
        publishedAt: result.page_age,
      })),
      limit,
    );
  }
}
