import { DossierError } from "@dossier/contract";

/**
 * The URL of `path` under a configured base URL, keeping any path prefix of the base
 * (`https://host/searx` + `search` -> `https://host/searx/search`). A base URL that is not
 * http(s) is a configuration error.
 */
export function endpointUrl(provider: string, baseUrl: string, path: string): URL {
  let base: URL;
  try {
    base = new URL(baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  } catch {
    throw new DossierError("SEARCH_NOT_CONFIGURED", { detail: `${provider} search base URL is not a valid URL` });
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    throw new DossierError("SEARCH_NOT_CONFIGURED", { detail: `${provider} search base URL must be http or https` });
  }
  base.search = "";
  base.hash = "";
  return new URL(path, base);
}

/** Refuses an empty API key at construction, before any request is made. */
export function requireApiKey(provider: string, apiKey: string): string {
  if (typeof apiKey !== "string" || apiKey.trim() === "") {
    throw new DossierError("SEARCH_NOT_CONFIGURED", { detail: `${provider} search needs an API key` });
  }
  return apiKey;
}
