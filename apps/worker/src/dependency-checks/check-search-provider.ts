import type { Config } from "@dossier/config";
import type { CheckResult } from "./check-model-endpoint.js";
import { CHECK_TIMEOUT_MS } from "./check-model-endpoint.js";
import { displayUrl } from "./display-url.js";

/**
 * Checks the search provider without searching: SearXNG answers `GET /healthz`; the keyed vendors
 * (Brave, Tavily, Serper) are not asked, since every request to them is a paid query. `none` is a
 * choice, not a failure: research then reads the subject's own sites only.
 */
export async function checkSearchProvider(search: Config["search"]): Promise<CheckResult> {
  switch (search.provider) {
    case "none":
      return { status: { state: "ok", text: "none configured (SEARCH_PROVIDER=none)" } };
    case "brave":
    case "tavily":
    case "serper":
      return { status: { state: "ok", text: `not checked (${search.provider}: a check would spend a query)` } };
    case "searxng":
      break;
  }
  const where = displayUrl(search.searxngUrl);
  try {
    const response = await fetch(`${search.searxngUrl.replace(/\/+$/, "")}/healthz`, {
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return { status: { state: "ok", text: "ok" } };
    return {
      status: { state: "failing", text: `answered ${response.status}: ${where}` },
      advice: `The SearXNG instance ${where} answered ${response.status} to GET /healthz; check SEARXNG_URL.`,
    };
  } catch {
    return {
      status: { state: "failing", text: `unreachable: ${where}` },
      advice:
        `The search provider ${where} is unreachable, so only the subjects' own sites can be read. Set SEARXNG_URL ` +
        "to a SearXNG instance with the JSON format enabled, or SEARCH_PROVIDER to brave, tavily or serper (with its key) or none.",
    };
  }
}
