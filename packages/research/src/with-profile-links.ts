import { canonicalLinkedinUrl, type EnrichedPerson } from "@dossier/enrich";
import type { ExtractedPage } from "./gather/extract/extracted-page.js";
import { isOwnSite } from "./own-site.js";
import type { PersonIdentity } from "./plan/plan-research.js";
import { normalizeForMatch } from "./verify/quote-matches.js";

/**
 * Profile URLs the subject's own pages state: the company's LinkedIn page linked from its own site,
 * and the person's LinkedIn profile from a schema.org Person of the same name there, else from a
 * link there to a profile whose address spells their name.
 */
export function withProfileLinks(
  record: EnrichedPerson,
  pages: readonly ExtractedPage[],
  ownSites: readonly string[],
  person: PersonIdentity | null,
): { record: EnrichedPerson; linkedFrom: Partial<Record<"linkedinUrl" | "companyLinkedinUrl", string>> } {
  const own = pages.filter((page) => isOwnSite(page.url, ownSites));
  const linkedFrom: Partial<Record<"linkedinUrl" | "companyLinkedinUrl", string>> = {};
  let companyLinkedinUrl = record.companyLinkedinUrl;
  for (const page of companyLinkedinUrl ? [] : own) {
    companyLinkedinUrl =
      page.profileLinks.map((link) => canonicalLinkedinUrl(link, "company")).find((url): url is string => !!url) ??
      null;
    if (companyLinkedinUrl) {
      linkedFrom.companyLinkedinUrl = page.url;
      break;
    }
  }
  let linkedinUrl = record.linkedinUrl;
  if (!linkedinUrl && person?.fullName) {
    const name = normalizeForMatch(person.fullName);
    search: for (const page of own) {
      for (const entity of page.jsonLd) {
        if (entity["@type"] !== "Person" || typeof entity.name !== "string" || normalizeForMatch(entity.name) !== name)
          continue;
        const sameAs = ([] as unknown[]).concat(entity.sameAs ?? []);
        linkedinUrl =
          sameAs
            .map((link) => (typeof link === "string" ? canonicalLinkedinUrl(link, "person") : null))
            .find((url): url is string => !!url) ?? null;
        if (linkedinUrl) {
          linkedFrom.linkedinUrl = page.url;
          break search;
        }
      }
    }
  }
  // A team page's link to a LinkedIn profile whose address spells the person's name ("/in/jane-doe-4b1").
  if (!linkedinUrl && person?.fullName) {
    const nameWords = foldedWords(person.fullName);
    search: for (const page of own) {
      for (const link of page.links) {
        const profile = canonicalLinkedinUrl(link.url, "person");
        if (!profile) continue;
        const slugWords = foldedWords(decodeURIComponent(new URL(profile).pathname.split("/").pop() ?? ""));
        if (nameWords.every((word) => slugWords.includes(word))) {
          linkedinUrl = profile;
          linkedFrom.linkedinUrl = page.url;
          break search;
        }
      }
    }
  }
  return { record: { ...record, companyLinkedinUrl, linkedinUrl }, linkedFrom };
}

/** Lowercase words with accents folded: "José Núñez" and the slug "jose-nunez" have the same. */
function foldedWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
