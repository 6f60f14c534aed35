import type { IncomingMessage } from "node:http";

/** The search vendors whose wire protocol the fake speaks. */
export type FakeSearchProviderName = "searxng" | "brave" | "tavily" | "serper";

/** One result as a test wants the fake to return it; the fake renders it in the vendor's fields. */
export interface FakeSearchResult {
  /** The hit's address, returned verbatim (so tests can feed bad URLs on purpose). */
  url: string;
  /** The page title. */
  title: string;
  /** The snippet text, returned verbatim (HTML included). */
  snippet: string;
  /** Publication date string, returned verbatim in the vendor's date field when given. */
  publishedAt?: string;
}

/** What the fake understood from one request on the vendor's search route. */
export interface ParsedSearchRequest {
  /** The query exactly as it came over the wire, operators included. */
  query: string;
  /** The result count the client asked for, or null when the protocol has none (SearXNG). */
  limit: number | null;
  /** The query without the domain operators the vendor reads (`site:`, `-site:`): what is searched for. */
  terms: string;
  /** Domains the results must be on (subdomains included), from operators or the vendor's parameter. */
  includeDomains: string[];
  /** Domains the results must not be on (subdomains included). */
  excludeDomains: string[];
}

/**
 * The domain operators in a query, as Google, Bing, DuckDuckGo (behind SearXNG) and Brave read
 * them: `site:a.com`, `(site:a.com OR site:b.com)` and `-site:c.com`; the rest is the search terms.
 */
export function parseDomainOperators(
  query: string,
): Pick<ParsedSearchRequest, "terms" | "includeDomains" | "excludeDomains"> {
  const includeDomains: string[] = [];
  const excludeDomains: string[] = [];
  let rest = query.replace(/\((site:[^\s()]+(?:\s+OR\s+site:[^\s()]+)*)\)/g, (_match, inner: string) => {
    for (const found of inner.matchAll(/site:([^\s()]+)/g)) includeDomains.push(found[1]!.toLowerCase());
    return " ";
  });
  rest = rest.replace(/(^|\s)-site:(\S+)/g, (_match, lead: string, domain: string) => {
    excludeDomains.push(domain.toLowerCase());
    return lead;
  });
  rest = rest.replace(/(^|\s)site:(\S+)/g, (_match, lead: string, domain: string) => {
    includeDomains.push(domain.toLowerCase());
    return lead;
  });
  return { terms: rest.replace(/\s+/g, " ").trim(), includeDomains, excludeDomains };
}

function onDomain(url: string, domain: string): boolean {
  const host = safeHostname(url)
    .toLowerCase()
    .replace(/^www\./, "");
  return host === domain || host.endsWith(`.${domain}`);
}

/** The results a vendor would return for a request with domain restrictions. */
export function restrictToDomains(results: FakeSearchResult[], request: ParsedSearchRequest): FakeSearchResult[] {
  return results.filter(
    (result) =>
      (request.includeDomains.length === 0 || request.includeDomains.some((domain) => onDomain(result.url, domain))) &&
      !request.excludeDomains.some((domain) => onDomain(result.url, domain)),
  );
}

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string").map((item) => item.toLowerCase())
    : [];
}

/** A vendor-specific reason to refuse a request, as that vendor would. */
export interface WireRejection {
  status: number;
  body: unknown;
}

/** How one vendor's search endpoint looks on the wire. */
export interface SearchWire {
  method: "GET" | "POST";
  path: string;
  /** The credential the client sent, read from where this vendor expects it. */
  readCredential(request: IncomingMessage): string | undefined;
  /** Parses the request, or says how the vendor would reject it. */
  parse(url: URL, body: string): ParsedSearchRequest | WireRejection;
  /** Renders results in the vendor's response body. */
  render(request: ParsedSearchRequest, results: FakeSearchResult[]): unknown;
  /** The body the vendor sends with a 401. */
  unauthorizedBody: unknown;
  /** How many results the fake produces when the protocol has no count (SearXNG's page). */
  defaultLimit: number;
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseJsonObject(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function positiveInteger(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;
}

// SearXNG: GET /search?q=...&format=json; an instance that has not enabled a format answers 403.
// https://docs.searxng.org/dev/search_api
const searxng: SearchWire = {
  method: "GET",
  path: "/search",
  readCredential: () => undefined,
  parse(url) {
    const query = url.searchParams.get("q");
    if (url.searchParams.get("format") !== "json") {
      return { status: 403, body: "403 Forbidden" };
    }
    if (query === null || query.trim() === "") {
      return { status: 400, body: "400 Bad Request" };
    }
    return { query, limit: null, ...parseDomainOperators(query) };
  },
  render(request, results) {
    return {
      query: request.query,
      number_of_results: results.length,
      results: results.map((result, index) => ({
        url: result.url,
        title: result.title,
        content: result.snippet,
        publishedDate: result.publishedAt ?? null,
        engine: "duckduckgo",
        engines: ["duckduckgo"],
        positions: [index + 1],
        score: 1 / (index + 1),
        category: "general",
      })),
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [],
    };
  },
  unauthorizedBody: "401 Unauthorized",
  defaultLimit: 20,
};

// Brave: GET /res/v1/web/search?q=&count= with X-Subscription-Token; hits under web.results.
// https://api-dashboard.search.brave.com/documentation/guides/authentication
const brave: SearchWire = {
  method: "GET",
  path: "/res/v1/web/search",
  readCredential: (request) => headerValue(request, "x-subscription-token"),
  parse(url) {
    const query = url.searchParams.get("q");
    const countText = url.searchParams.get("count");
    const count = countText === null ? 20 : Number(countText);
    if (query === null || query === "" || !Number.isInteger(count) || count < 1 || count > 20) {
      return {
        status: 422,
        body: {
          type: "ErrorResponse",
          error: { code: "VALIDATION", status: 422, detail: "Unable to validate request parameter(s)" },
        },
      };
    }
    return { query, limit: count, ...parseDomainOperators(query) };
  },
  render(request, results) {
    const body: Record<string, unknown> = {
      type: "search",
      query: { original: request.query, more_results_available: false },
      mixed: { type: "mixed", main: [] },
    };
    // Brave leaves out the whole `web` section when it has no web results.
    if (results.length > 0) {
      body.web = {
        type: "search",
        family_friendly: true,
        results: results.map((result) => ({
          type: "search_result",
          title: result.title,
          url: result.url,
          description: result.snippet,
          is_source_local: false,
          language: "en",
          meta_url: { scheme: "https", hostname: safeHostname(result.url) },
          ...(result.publishedAt === undefined ? {} : { page_age: result.publishedAt }),
        })),
      };
    }
    return body;
  },
  unauthorizedBody: {
    type: "ErrorResponse",
    error: { code: "SUBSCRIPTION_TOKEN_INVALID", status: 401, detail: "The provided subscription token is invalid." },
  },
  defaultLimit: 20,
};

// Tavily: POST /search with a JSON body { query, max_results } and Authorization: Bearer <key>.
// Tavily's curl example (POST https://api.tavily.com/search) and its result fields title, url,
// content, score; published_date comes with news results.
const tavily: SearchWire = {
  method: "POST",
  path: "/search",
  readCredential(request) {
    const authorization = headerValue(request, "authorization");
    return authorization?.startsWith("Bearer ") ? authorization.slice("Bearer ".length) : undefined;
  },
  parse(_url, body) {
    const json = parseJsonObject(body);
    const maxResults = json?.max_results === undefined ? 5 : positiveInteger(json.max_results);
    if (json === undefined || typeof json.query !== "string" || maxResults === undefined || maxResults > 20) {
      return { status: 400, body: { detail: { error: "Invalid request body." } } };
    }
    // Tavily takes domains as parameters; a site: in its query is just text.
    return {
      query: json.query,
      limit: maxResults,
      terms: json.query,
      includeDomains: stringList(json.include_domains),
      excludeDomains: stringList(json.exclude_domains),
    };
  },
  render(request, results) {
    return {
      query: request.query,
      follow_up_questions: null,
      answer: null,
      images: [],
      results: results.map((result, index) => ({
        title: result.title,
        url: result.url,
        content: result.snippet,
        score: 1 - index / 100,
        raw_content: null,
        ...(result.publishedAt === undefined ? {} : { published_date: result.publishedAt }),
      })),
      response_time: 0.42,
    };
  },
  unauthorizedBody: { detail: { error: "Unauthorized: missing or invalid API key." } },
  defaultLimit: 5,
};

// Serper: POST /search with a JSON body { q, num } and header X-API-KEY; hits under organic.
// As described beside lc-tools' Serper backend (docs.rs/crate/lc-tools, src/hosted_search/serper.rs).
const serper: SearchWire = {
  method: "POST",
  path: "/search",
  readCredential: (request) => headerValue(request, "x-api-key"),
  parse(_url, body) {
    const json = parseJsonObject(body);
    const num = json?.num === undefined ? 10 : positiveInteger(json.num);
    if (json === undefined || typeof json.q !== "string" || num === undefined || num > 100) {
      return { status: 400, body: { message: "Bad request", statusCode: 400 } };
    }
    return { query: json.q, limit: num, ...parseDomainOperators(json.q) };
  },
  render(request, results) {
    return {
      searchParameters: { q: request.query, num: request.limit, type: "search", engine: "google" },
      organic: results.map((result, index) => ({
        title: result.title,
        link: result.url,
        snippet: result.snippet,
        position: index + 1,
        ...(result.publishedAt === undefined ? {} : { date: result.publishedAt }),
      })),
      relatedSearches: [],
      credits: 1,
    };
  },
  unauthorizedBody: { message: "Unauthorized.", statusCode: 401 },
  defaultLimit: 10,
};

function safeHostname(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}

export const searchWires: Record<FakeSearchProviderName, SearchWire> = { searxng, brave, tavily, serper };

export function isWireRejection(value: ParsedSearchRequest | WireRejection): value is WireRejection {
  return "status" in value;
}
