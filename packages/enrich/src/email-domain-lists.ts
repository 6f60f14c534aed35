import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The domain list a package holds, read and indexed on first use. */
function lazyList(specifier: string): () => ReadonlySet<string> {
  let domains: ReadonlySet<string> | undefined;
  return () => {
    if (domains === undefined) {
      const list: unknown = require(specifier);
      if (!Array.isArray(list)) throw new TypeError(`${specifier} is not a list of domains`);
      domains = new Set(
        list.filter((entry): entry is string => typeof entry === "string").map((entry) => entry.toLowerCase()),
      );
    }
    return domains;
  };
}

const freeMailDomains = lazyList("free-email-domains");
const disposableDomains = lazyList("disposable-email-domains");
const disposableWildcardDomains = lazyList("disposable-email-domains/wildcard.json");

/**
 * Loads the domain lists now rather than on the first e-mail address checked: reading and indexing
 * them takes about 100 ms, which a long-running process pays once at its start instead of inside
 * its first request about a person.
 */
export function loadEmailDomainLists(): void {
  freeMailDomains();
  disposableDomains();
  disposableWildcardDomains();
}

/** True when `domain` is a free mail provider (gmail.com, gmx.de, qq.com) per `free-email-domains`. */
export function isFreeMailDomain(domain: string): boolean {
  return freeMailDomains().has(domain);
}

/**
 * True when `domain` is a throwaway mail provider per `disposable-email-domains`: listed itself,
 * or a subdomain of a provider that hands out whole subdomains (its wildcard list).
 */
export function isDisposableDomain(domain: string): boolean {
  if (disposableDomains().has(domain)) return true;
  const wildcards = disposableWildcardDomains();
  const labels = domain.split(".");
  for (let index = 0; index < labels.length - 1; index += 1) {
    if (wildcards.has(labels.slice(index).join("."))) return true;
  }
  return false;
}
