/** The host name of `url` without a leading `www.`; `fallback` (by default `url` itself) when it does not parse. */
export function siteHostOf(url: string, fallback: string = url): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return fallback;
  }
}

/** True when `host` is `siteHost` or one of its subdomains (`blog.acme.com` on `acme.com`). */
export function isOnSite(host: string, siteHost: string): boolean {
  return host === siteHost || host.endsWith(`.${siteHost}`);
}

/** The same site at its other host form: `https://www.acme.com` for `https://acme.com`, and back. */
export function otherWwwOrigin(origin: string): string {
  const url = new URL(origin);
  url.hostname = url.hostname.startsWith("www.") ? url.hostname.slice(4) : `www.${url.hostname}`;
  return url.origin;
}

/**
 * `origin` (a host without `www.`) as the caller wrote `given`: with `www.` when they gave it, so
 * that the site is read first at the host they named (the bare host may not resolve, or may serve
 * another page).
 */
export function originAsGiven(origin: string, given: string): string {
  const givesWww = /^(?:[a-z][a-z0-9+.-]*:)?(?:\/\/)?www\./i.test(given.trim());
  const url = new URL(origin);
  return givesWww && !url.hostname.startsWith("www.") ? otherWwwOrigin(origin) : origin;
}
