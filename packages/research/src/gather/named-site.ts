import { companyNameForms } from "../text/company-names.js";
import type { SearchHit } from "./search/search-provider.js";

/** Letters and digits only, lowercase: "Quill & Ink" is "quillink", as a host writes it. */
const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** Fewest letters a name's leading words need to be taken for a host's name. */
const MIN_LEADING_LETTERS = 5;

/**
 * The company's own site among search results when the caller gave none: the origin of a result
 * whose host is spelled as the company's name ("quillon.com" for "Quillon", "northwindrobotics.org"
 * for "Northwind Robotics"), the subdomains before that name dropped ("docs.example.com" is read as
 * "example.com"). A host spelled as the name's leading words only ("acme.io" for "Acme
 * Analytics") counts where one of its results writes the whole name in its title or snippet. Null
 * when no result's host is the company's.
 */
export function namedSiteOf(companyName: string, hits: readonly SearchHit[]): string | null {
  const forms = companyNameForms(companyName);
  const whole = new Set(forms.map(compact).filter((form) => form.length >= 2));
  const leading = new Set(
    forms.flatMap((form) => {
      const words = form.split(/\s+/);
      return words.slice(1).map((_, end) => compact(words.slice(0, end + 1).join(" ")));
    }),
  );
  const writesName = (hit: SearchHit) => {
    const said = compact(`${hit.title} ${hit.snippet}`);
    return [...whole].some((form) => said.includes(form));
  };
  for (const hit of hits) {
    let url: URL;
    try {
      url = new URL(hit.url);
    } catch {
      continue;
    }
    const labels = url.hostname.replace(/^www\./, "").split(".");
    // The last label is the top-level domain, never the name.
    for (let index = 0; index < labels.length - 1; index += 1) {
      const label = compact(labels[index] ?? "");
      const named = whole.has(label) || (label.length >= MIN_LEADING_LETTERS && leading.has(label) && writesName(hit));
      if (named) return `${url.protocol}//${labels.slice(index).join(".")}`;
    }
  }
  return null;
}
