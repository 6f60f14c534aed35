import { cleanText } from "./is-filler.js";

/** Which kind of LinkedIn page a URL must point to. */
export type LinkedinProfileKind = "person" | "company";

/** Path prefixes that LinkedIn's mobile and tracking links put before "/in/" or "/company/". */
const IGNORED_PREFIXES = new Set(["mwlite", "m", "comm"]);

/**
 * The canonical LinkedIn URL of a person (`https://www.linkedin.com/in/<slug>`) or a company
 * (`https://www.linkedin.com/company/<slug>`), or null when `raw` is not one.
 *
 * Accepted: any scheme-less, http or https URL on linkedin.com or a subdomain (www, m, country
 * subdomains such as de.linkedin.com), with or without trailing slash, query, fragment or sub-pages
 * ("/in/x/details/experience/", "/company/acme/about/"); mobile "/mwlite/in/x"; the old company
 * form "/company-beta/123"; and legacy person links "/pub/name/c/b/a", rewritten to the
 * "/in/name-abc" form they redirect to. The slug is percent-decoded, lowercased (LinkedIn slugs are
 * case-insensitive) and percent-encoded again, so "J%C3%B6rg" and "Jörg" give the same URL.
 * A URL of the other kind ("/company/x" asked as "person") gives null.
 */
export function canonicalLinkedinUrl(raw: string | null | undefined, kind: LinkedinProfileKind): string | null {
  const text = cleanText(raw);
  if (text === null) return null;
  const url = parseUrl(text);
  if (url === null || !isLinkedinHost(url.hostname) || url.username !== "" || url.password !== "") return null;
  const segments = url.pathname.split("/").filter((segment) => segment !== "");
  while (segments.length > 0 && IGNORED_PREFIXES.has(segments[0]!.toLowerCase())) segments.shift();
  const section = segments[0]?.toLowerCase();
  const slug =
    kind === "person"
      ? section === "in"
        ? segments[1]
        : section === "pub"
          ? legacyPublicSlug(segments)
          : undefined
      : section === "company" || section === "company-beta"
        ? segments[1]
        : undefined;
  const canonicalSlug = slug === undefined ? null : canonicalSlugOf(slug);
  if (canonicalSlug === null) return null;
  return `https://www.linkedin.com/${kind === "person" ? "in" : "company"}/${canonicalSlug}`;
}

function parseUrl(text: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text.replace(/^\/\//, "")}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

function isLinkedinHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === "linkedin.com" || host.endsWith(".linkedin.com");
}

/**
 * "/pub/jane-doe/1a/b2c/345" was LinkedIn's public profile form before 2016; it redirects to
 * "/in/jane-doe-345b2c1a": the three id parts reversed, the last padded to three characters, the
 * middle one to two, and a first part of "0" dropped. "/pub/dir/..." is a people search, not a
 * profile.
 */
function legacyPublicSlug(segments: string[]): string | undefined {
  const [, name, first, middle, last] = segments;
  if (name === undefined || name.toLowerCase() === "dir") return undefined;
  if (first === undefined || middle === undefined || last === undefined) return undefined;
  if (![first, middle, last].every((part) => /^[0-9a-z]{1,3}$/i.test(part))) return undefined;
  return `${name}-${last.padStart(3, "0")}${middle.padStart(2, "0")}${first === "0" ? "" : first}`;
}

function canonicalSlugOf(slug: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    return null;
  }
  decoded = decoded.normalize("NFC").trim().toLowerCase();
  if (decoded === "" || /[\s/?#]/.test(decoded)) return null;
  return encodeURIComponent(decoded);
}
