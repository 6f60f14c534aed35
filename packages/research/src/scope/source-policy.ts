import { DossierError, type NormalizedSourcePolicy } from "@dossier/contract";
import type { ExtractedPage } from "../gather/extract/extracted-page.js";
import type { PageFetcher } from "../gather/fetch/page-fetcher.js";
import type { SearchHit, SearchProvider } from "../gather/search/search-provider.js";
import type { ResearchPlan } from "../plan/plan-research.js";
import { isOnSite, siteHostOf } from "../site-host.js";

/** True when `url`'s host is `domain` or one of its subdomains (`www.` ignored). */
function onDomain(url: string, domain: string): boolean {
  return isOnSite(siteHostOf(url, ""), domain);
}

/** True when an ISO 8601 date or date-time falls before the day `after` (`YYYY-MM-DD`). */
function isBefore(date: string | null | undefined, after: string | null): boolean {
  return after !== null && typeof date === "string" && /^\d{4}-\d{2}-\d{2}/.test(date) && date.slice(0, 10) < after;
}

/**
 * One run's source policy (the request's `sourcePolicy`): which URLs, search hits and pages it
 * allows, and a tally of what it kept out, for `details`. The subject's own sites are allowed unless
 * excluded; `includeDomains` restricts every other source.
 */
export class SourcePolicyFilter {
  /** Search hits and pages kept out so far. */
  readonly kept = { hits: 0, pages: 0, ownSites: 0 };
  readonly #ownHosts: string[];

  constructor(
    readonly policy: NormalizedSourcePolicy,
    ownSites: readonly string[],
  ) {
    this.#ownHosts = ownSites.map((origin) => siteHostOf(origin));
  }

  /** Whether a page at `url` may be read: never on an excluded domain; on an included one or the subject's own site. */
  allowsUrl(url: string): boolean {
    if (this.policy.excludeDomains.some((domain) => onDomain(url, domain))) return false;
    if (this.policy.includeDomains.length === 0) return true;
    const host = siteHostOf(url, "");
    return (
      this.policy.includeDomains.some((domain) => isOnSite(host, domain)) ||
      this.#ownHosts.some((own) => isOnSite(host, own))
    );
  }

  /** The domains to hand the search provider: the included ones and the subject's own (when any are included). */
  searchDomains(): { includeDomains?: string[]; excludeDomains?: string[] } {
    const include =
      this.policy.includeDomains.length === 0
        ? []
        : [
            ...new Set([
              ...this.policy.includeDomains,
              ...this.#ownHosts.filter((host) => this.allowsUrl(`https://${host}/`)),
            ]),
          ];
    return {
      ...(include.length > 0 ? { includeDomains: include } : {}),
      ...(this.policy.excludeDomains.length > 0 ? { excludeDomains: this.policy.excludeDomains } : {}),
    };
  }

  /** The hits the policy allows (domain and stated date), counting the others. */
  filterHits(hits: SearchHit[]): SearchHit[] {
    const allowed = hits.filter((hit) => this.allowsUrl(hit.url) && !isBefore(hit.publishedAt, this.policy.after));
    this.kept.hits += hits.length - allowed.length;
    return allowed;
  }

  /** The pages the policy allows (domain and stated publication date), counting the others. */
  filterPages(pages: ExtractedPage[]): ExtractedPage[] {
    const allowed = pages.filter((page) => this.allowsUrl(page.url) && !isBefore(page.publishedAt, this.policy.after));
    this.kept.pages += pages.length - allowed.length;
    return allowed;
  }

  /** The plan without the subject's own sites the policy excludes. */
  restrictPlan(plan: ResearchPlan): ResearchPlan {
    const ownSites = plan.ownSites.filter((origin) => this.allowsUrl(origin));
    this.kept.ownSites += plan.ownSites.length - ownSites.length;
    return ownSites.length === plan.ownSites.length ? plan : { ...plan, ownSites };
  }

  /**
   * What the policy kept out, for `details`, or null when it kept out nothing. `leftNone`: no page
   * about the subject remained, so the policy is why there is no evidence.
   */
  note(leftNone: boolean): string | null {
    const parts: string[] = [];
    if (this.kept.ownSites > 0) parts.push("the subject's own site");
    if (this.kept.hits > 0) parts.push(`${this.kept.hits} search result${this.kept.hits === 1 ? "" : "s"}`);
    if (this.kept.pages > 0) parts.push(`${this.kept.pages} page${this.kept.pages === 1 ? "" : "s"}`);
    if (parts.length === 0) return null;
    const rule = [
      this.policy.includeDomains.length > 0 ? `only ${this.policy.includeDomains.join(", ")}` : "",
      this.policy.excludeDomains.length > 0 ? `not ${this.policy.excludeDomains.join(", ")}` : "",
      this.policy.after !== null ? `nothing dated before ${this.policy.after}` : "",
    ]
      .filter(Boolean)
      .join("; ");
    const kept = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
    return leftNone
      ? `The source policy (${rule}) left no evidence: it kept out ${kept}.`
      : `The source policy (${rule}) kept out ${kept}.`;
  }
}

/**
 * Drops the gathered pages the policy does not allow (a stated publication date before `after`
 * is known only once a page is read) and puts what the policy kept out first among the notes
 * that `details` shows.
 */
export function keepToPolicy(
  gathered: { pages: ExtractedPage[]; unreachable: string[] },
  filter: SourcePolicyFilter,
): void {
  gathered.pages = filter.filterPages(gathered.pages);
  const note = filter.note(gathered.pages.length === 0);
  if (note !== null) gathered.unreachable.unshift(note);
}

/**
 * The run's fetcher and search provider under a source policy: searches carry the policy's domains
 * (as the provider's operators or parameters) and their hits are filtered whatever the provider did;
 * a page whose final URL (after redirects) is outside the policy is refused.
 */
export function applySourcePolicy<Dependencies extends { fetcher: PageFetcher; search: SearchProvider | null }>(
  dependencies: Dependencies,
  filter: SourcePolicyFilter | undefined,
): Dependencies {
  if (filter === undefined) return dependencies;
  const { fetcher, search } = dependencies;
  const refuse = (url: string) =>
    new DossierError("FETCH_BLOCKED_ADDRESS", { detail: `${url} is outside the request's sourcePolicy` });
  return {
    ...dependencies,
    fetcher: {
      id: fetcher.id,
      async fetch(url, options) {
        if (!filter.allowsUrl(url)) throw refuse(url);
        const page = await fetcher.fetch(url, options);
        if (!filter.allowsUrl(page.url)) throw refuse(page.url);
        return page;
      },
    },
    search: search && {
      id: search.id,
      async search(query, options) {
        return filter.filterHits(await search.search(query, { ...options, ...filter.searchDomains() }));
      },
    },
  };
}
