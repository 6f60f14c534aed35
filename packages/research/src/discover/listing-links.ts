import { collapseWhitespace, parseDocument, toArray } from "../gather/extract/dom.js";

/** Words of a link (its text or its path's last part) that lead to a site's list of companies. */
const COMPANY_LISTING =
  /^(?:(?:our|all|current|the)\s+)?(?:sponsors?|sponsorship|supporters?|donors?|funders?|members?|membership|partners?|portfolio|companies|customers|clients|exhibitors|directory)$/i;

/** Words of a link that lead to a site's list of people. */
const PERSON_LISTING =
  /^(?:(?:our|the|meet(?: the)?)\s+)?(?:team|people|staff|board|board of directors|directors|leadership|leadership team|management|governance|founders|about|about us|who we are|company)$/i;

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, "");

/**
 * The links of a page to its own site's listing pages: "Sponsors", "Members", "Portfolio" for a
 * company list; "Team", "Board", "Leadership", "About" for a person list; and pages named with a
 * word of the objective's kind ("sponsors" of "gold sponsors"). Read by the link's text or its
 * path's last part, in page order, each once, the page itself left out.
 */
export function listingLinks(
  html: string,
  pageUrl: string,
  entityType: "company" | "person",
  kindWords: readonly string[] = [],
): string[] {
  const page = new URL(pageUrl);
  const pattern = entityType === "company" ? COMPANY_LISTING : PERSON_LISTING;
  const kinds = new Set(kindWords.map((word) => word.toLowerCase()));
  const found: string[] = [];
  for (const anchor of toArray(parseDocument(html).querySelectorAll("a[href]"))) {
    let url: URL;
    try {
      url = new URL(anchor.getAttribute("href") ?? "", pageUrl);
    } catch {
      continue;
    }
    if (!/^https?:$/.test(url.protocol) || bareHost(url.hostname) !== bareHost(page.hostname)) continue;
    url.hash = "";
    url.search = "";
    if (url.pathname === "/" || url.pathname.replace(/\/$/, "") === page.pathname.replace(/\/$/, "")) continue;
    const text = collapseWhitespace(anchor.textContent ?? "").toLowerCase();
    const last = decodeURIComponent(url.pathname.replace(/\/$/, "").split("/").at(-1) ?? "")
      .replace(/\.html?$/, "")
      .replace(/[-_]+/g, " ")
      .toLowerCase();
    const says = (words: string) => pattern.test(words) || words.split(/\s+/).some((word) => kinds.has(word));
    if ((text && says(text)) || (last && says(last))) {
      if (!found.includes(url.href)) found.push(url.href);
    }
  }
  return found;
}
