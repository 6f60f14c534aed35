import { canonicalLinkedinUrl, type EnrichedPerson } from "@dossier/enrich";
import type { ExtractedPage } from "./gather/extract/extracted-page.js";
import { isOwnSite } from "./own-site.js";
import type { PersonIdentity } from "./plan/plan-research.js";
import { normalizeForMatch } from "./verify/quote-matches.js";

/**
 * Profile URLs the subject's own pages state: the company's LinkedIn page linked from its own site,
 * and the person's LinkedIn profile from a schema.org Person of the same name there, else from a
 * link there to a profile whose address spells their name, else from the one profile linked from
 * a page there whose title names them.
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
  // The company's page about the person (its title names them: "Jane Doe's README", "Introducing
  // Jane Doe") that links one LinkedIn profile: the profile is theirs, whatever its address spells.
  if (!linkedinUrl && person?.fullName) {
    const name = normalizeForMatch(person.fullName);
    for (const page of own) {
      if (!page.title || !namesWord(normalizeForMatch(page.title), name)) continue;
      const profiles = [
        ...new Set(
          page.profileLinks.map((link) => canonicalLinkedinUrl(link, "person")).filter((url): url is string => !!url),
        ),
      ];
      if (profiles.length !== 1) continue;
      linkedinUrl = profiles[0]!;
      linkedFrom.linkedinUrl = page.url;
      break;
    }
  }
  return { record: { ...record, companyLinkedinUrl, linkedinUrl }, linkedFrom };
}

/** Whether `text` holds `name` as whole words ("jane doe's readme" holds "jane doe"). */
function namesWord(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1] ?? " ";
    const after = text[at + name.length] ?? " ";
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
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
