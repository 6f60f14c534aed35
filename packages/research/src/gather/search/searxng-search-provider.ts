import { z } from "zod";
import { withDomainOperators } from "./domain-operators.js";
import { endpointUrl } from "./endpoint-url.js";
import { normalizeSearchHits } from "./normalize-search-hits.js";
import { requestSearchJson } from "./request-search-json.js";
import {
  DEFAULT_SEARCH_TIMEOUT_MS,
  resolveSearchLimit,
  type SearchHit,
  type SearchOptions,
  type SearchProvider,
} from "./search-provider.js";

/** Settings of {@link SearxngSearchProvider}. */
export interface SearxngSearchProviderSettings {
  /** Base URL of the SearXNG instance, e.g. `http://127.0.0.1:8888` (a path prefix is kept). */
  baseUrl: string;
  /** Time one search may take, in milliseconds. Default 8000. */
  timeoutMs?: number;
  /** `User-Agent` sent to the instance; its bot limiter rejects some clients without one. Default `Dossier/0.1 (+search)`. */
  userAgent?: string;
}

// SearXNG search API: GET /search?q=...&format=json; the instance must list `json` in
// search.formats of its settings.yml, else it answers 403. Source: https://docs.searxng.org/dev/search_api
// Result fields url, title, content and publishedDate as read by langchainjs' searxng_search.ts.
const searxngResponseSchema = z.object({
  results: z.array(
    z.object({
      url: z.string().nullish(),
      title: z.string().nullish(),
      content: z.string().nullish(),
      publishedDate: z.string().nullish(),
    }),
  ),
});

/** Searches a self-hosted SearXNG instance through its JSON API. SearXNG has no count parameter: the limit is applied here. */
export class SearxngSearchProvider implements SearchProvider {
  readonly id = "searxng";
  readonly #endpoint: URL;
  readonly #timeoutMs: number;
  readonly #userAgent: string;

  constructor(settings: SearxngSearchProviderSettings) {
    this.#endpoint = endpointUrl(this.id, settings.baseUrl, "search");
    this.#timeoutMs = settings.timeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS;
    this.#userAgent = settings.userAgent ?? "Dossier/0.1 (+search)";
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const limit = resolveSearchLimit(options.limit);
    const url = new URL(this.#endpoint);
    url.searchParams.set("q", withDomainOperators(query, options));
    url.searchParams.set("format", "json");
    const response = await requestSearchJson({
      provider: this.id,
      url,
      method: "GET",
      headers: { accept: "application/json", "user-agent": this.#userAgent },
      schema: searxngResponseSchema,
      timeoutMs: this.#timeoutMs,
      signal: options.signal,
      statusHints: { 403: "the instance may not enable the json format (search.formats in settings.yml)" },
    });
    return normalizeSearchHits(
      this.id,
      response.results.map((result) => ({
        url: result.url,
        title: result.title,
        snippet: result.content,
        publishedAt: result.publishedDate,
      })),
      limit,
    );
  }
}
