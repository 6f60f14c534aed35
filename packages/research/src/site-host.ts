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
