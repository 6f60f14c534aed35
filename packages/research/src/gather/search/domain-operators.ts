import type { SearchOptions } from "./search-provider.js";

/**
 * Most domains written into one query. Brave takes queries of at most 400 characters and 50 words,
 * and every engine slows down on long `OR` chains; what does not fit is left to the caller's filter.
 */
export const MAX_OPERATOR_DOMAINS = 10;

/**
 * The query with the wanted domains as search operators, as SearXNG's engines, Brave and Google
 * (Serper) read them: `site:a.com`, `(site:a.com OR site:b.com)` and `-site:c.com`. An include list
 * too long to write is left out entirely (a partial one would hide the other domains); excluded
 * domains are written up to the limit.
 */
export function withDomainOperators(
  query: string,
  options: Pick<SearchOptions, "includeDomains" | "excludeDomains">,
): string {
  const include = options.includeDomains ?? [];
  const exclude = (options.excludeDomains ?? []).slice(0, MAX_OPERATOR_DOMAINS);
  const parts = [query];
  if (include.length === 1) parts.push(`site:${include[0]}`);
  else if (include.length > 1 && include.length <= MAX_OPERATOR_DOMAINS)
    parts.push(`(${include.map((domain) => `site:${domain}`).join(" OR ")})`);
  for (const domain of exclude) parts.push(`-site:${domain}`);
  return parts.join(" ");
}
