import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

let freeMailDomains: ReadonlySet<string> | undefined;
let disposableDomains: ReadonlySet<string> | undefined;
let disposableWildcardDomains: ReadonlySet<string> | undefined;

function loadList(specifier: string): ReadonlySet<string> {
  const list: unknown = require(specifier);
  if (!Array.isArray(list)) throw new TypeError(`${specifier} is not a list of domains`);
  return new Set(
    list.filter((entry): entry is string => typeof entry === "string").map((entry) => entry.toLowerCase()),
  );
}

/**
 * Loads the domain lists now rather than on the first e-mail address checked: reading and indexing
 * them takes about 100 ms, which a long-running process pays once at its start instead of inside
 * its first request about a person.
 */
export function loadEmailDomainLists(): void {
  freeMailDomains ??= loadList("free-email-domains");
  disposableDomains ??= loadList("disposable-email-domains");
  disposableWildcardDomains ??= loadList("disposable-email-domains/wildcard.json");
}

/** True when `domain` is a free mail provider (gmail.com, gmx.de, qq.com) per `free-email-domains`. */
export function isFreeMailDomain(domain: string): boolean {
  freeMailDomains ??= loadList("free-email-domains");
  return freeMailDomains.has(domain);
}

/**
 * True when `domain` is a throwaway mail provider per `disposable-email-domains`: listed itself,
 * or a subdomain of a provider that hands out whole subdomains (its wildcard list).
 */
export function isDisposableDomain(domain: string): boolean {
  disposableDomains ??= loadList("disposable-email-domains");
  disposableWildcardDomains ??= loadList("disposable-email-domains/wildcard.json");
  if (disposableDomains.has(domain)) return true;
  const labels = domain.split(".");
  for (let index = 0; index < labels.length - 1; index += 1) {
    if (disposableWildcardDomains.has(labels.slice(index).join("."))) return true;
  }
  return false;
}
