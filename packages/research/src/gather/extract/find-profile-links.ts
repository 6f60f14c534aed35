import { isOnSite } from "../../site-host.js";

interface ProfilePattern {
  /** Host without "www.", "mobile." or "m." */
  host: string;
  /** Matches the path of a profile (not a share button, search or help page). */
  path: RegExp;
}

const RESERVED_X_PATHS =
  /^\/(?:intent|share|home|search|hashtag|i|explore|login|signup|settings|messages|notifications|tos|privacy)(?:\/|$)/i;

const PROFILE_PATTERNS: readonly ProfilePattern[] = [
  { host: "linkedin.com", path: /^\/(?:in|pub|company|school|showcase)\/[^/]+/i },
  { host: "twitter.com", path: /^\/[A-Za-z0-9_]{1,15}\/?$/ },
  { host: "x.com", path: /^\/[A-Za-z0-9_]{1,15}\/?$/ },
  {
    host: "github.com",
    path: /^\/(?!(?:features|about|pricing|enterprise|sponsors|topics|collections|login|join|marketplace|explore|settings|orgs\/?$)(?:\/|$))[A-Za-z0-9-]+(?:\/[A-Za-z0-9._-]+)?\/?$/i,
  },
  { host: "gitlab.com", path: /^\/(?!(?:explore|users\/sign_in|help)(?:\/|$))[A-Za-z0-9_.-]+\/?$/i },
  { host: "crunchbase.com", path: /^\/(?:organization|person|company)\/[^/]+/i },
  { host: "angel.co", path: /^\/(?:u|company|p)\/[^/]+/i },
  { host: "wellfound.com", path: /^\/(?:u|company)\/[^/]+/i },
  {
    host: "facebook.com",
    path: /^\/(?!(?:sharer|share|dialog|plugins|login|help|policies)(?:[./]|$))[A-Za-z0-9.-]+\/?$/i,
  },
  { host: "instagram.com", path: /^\/(?!(?:p|explore|accounts|reel)(?:\/|$))[A-Za-z0-9_.]+\/?$/i },
  { host: "youtube.com", path: /^\/(?:@[^/]+|channel\/[^/]+|c\/[^/]+|user\/[^/]+)\/?$/i },
  { host: "medium.com", path: /^\/@[^/]+\/?$/i },
  { host: "bsky.app", path: /^\/profile\/[^/]+\/?$/i },
  { host: "scholar.google.com", path: /^\/citations$/i },
  { host: "orcid.org", path: /^\/\d{4}-\d{4}-\d{4}-\d{3}[\dX]\/?$/i },
];

function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^(?:www|mobile|m)\./, "");
}

/** The canonical form of a profile URL, or null when the URL is not a profile link. */
export function toProfileUrl(raw: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  const host = bareHost(parsed.hostname);
  let path = parsed.pathname.replace(/\/+$/, "") || "/";
  for (const pattern of PROFILE_PATTERNS) {
    const hostMatches = isOnSite(host, pattern.host);
    if (!hostMatches || !pattern.path.test(path)) continue;
    if ((pattern.host === "x.com" || pattern.host === "twitter.com") && RESERVED_X_PATHS.test(path)) return null;
    // A LinkedIn or Crunchbase profile is its first two segments; "/about", "/people" are its tabs.
    if (pattern.host === "linkedin.com" || pattern.host === "crunchbase.com")
      path = path.split("/").slice(0, 3).join("/");
    // Scholar profiles live in the query string; every other profile is identified by its path.
    const query = pattern.host === "scholar.google.com" ? parsed.search : "";
    return `https://${parsed.hostname.toLowerCase()}${path}${query}`;
  }
  return null;
}

function canonicalHttpUrl(raw: string): string | null {
  try {
    const parsed = new URL(raw.trim());
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
    parsed.hash = "";
    return parsed.toString().replace(/\/$/, "");
  } catch {
    return null;
  }
}

/**
 * Picks the outbound profile links (LinkedIn, X/Twitter, GitHub, Crunchbase, ...) out of a page's
 * links, plus every JSON-LD sameAs URL (the page itself declares those as its profiles), without
 * duplicates. Links into the page's own network are left out, so a GitHub page does not list every
 * repository it links to.
 */
export function findProfileLinks(
  pageUrl: string,
  linkUrls: readonly string[],
  sameAs: readonly string[] = [],
): string[] {
  let pageHost = "";
  try {
    pageHost = bareHost(new URL(pageUrl).hostname);
  } catch {
    pageHost = "";
  }
  const seen = new Set<string>();
  const profiles: string[] = [];
  const add = (profile: string | null): void => {
    if (profile === null) return;
    const key = profile.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    profiles.push(profile);
  };
  for (const url of sameAs) add(toProfileUrl(url) ?? canonicalHttpUrl(url));
  for (const url of linkUrls) {
    const profile = toProfileUrl(url);
    if (profile !== null && bareHost(new URL(profile).hostname) !== pageHost) add(profile);
  }
  return profiles;
}
