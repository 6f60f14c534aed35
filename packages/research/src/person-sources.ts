import type { EnrichedPerson, PersonSources } from "@dossier/contract";
import type { PersonEvidence } from "@dossier/enrich";

/**
 * Where each non-null field of the person record comes from: the verified quotes of the evidence
 * it was taken from, a link on the company's page (profile URLs), or the request itself (given,
 * or normalized from what was given: a country from the phone's calling code, a website from the
 * e-mail's domain).
 */
export function personSourcesOf(
  person: EnrichedPerson,
  used: Partial<Record<PersonEvidence["field"], PersonEvidence>>,
  linkedFrom: Partial<Record<"linkedinUrl" | "companyLinkedinUrl", string>>,
): PersonSources {
  const sources: PersonSources = {};
  for (const [field, value] of Object.entries(person) as Array<[keyof EnrichedPerson, string | null]>) {
    if (value === null) continue;
    const evidence = used[field as PersonEvidence["field"]];
    const page = linkedFrom[field as "linkedinUrl" | "companyLinkedinUrl"];
    if (evidence) sources[field] = [{ url: evidence.url, quote: evidence.quote }];
    else if (page) sources[field] = { from: "page-link", url: page };
    else sources[field] = { from: "request" };
  }
  return sources;
}
