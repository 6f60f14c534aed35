import * as z from "zod";
import { apiRegistry } from "./registry.js";
import { isCalendarDay } from "./usage-schemas.js";

/** Most domains one list of a source policy may name. */
export const MAX_POLICY_DOMAINS = 50;

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** A domain as a policy holds it: lowercased, without a leading `www.`. */
export function normalizePolicyDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");
}

const domainSchema = z
  .string({ error: "must be a domain such as example.com" })
  .refine(
    (value) => HOSTNAME.test(normalizePolicyDomain(value)),
    "must be a domain such as example.com (no scheme, port or path)",
  );

const domainList = (description: string) =>
  z
    .array(domainSchema)
    .max(MAX_POLICY_DOMAINS, `must name at most ${MAX_POLICY_DOMAINS} domains`)
    .nullish()
    .describe(description);

export const sourcePolicySchema = z
  .strictObject({
    includeDomains: domainList(
      "Only pages on these domains (and their subdomains) are used as evidence, besides the subject's own site.",
    ),
    excludeDomains: domainList(
      "Pages on these domains (and their subdomains) are never used, the subject's own site included when it is named.",
    ),
    after: z
      .string()
      .refine(isCalendarDay, "must be a day as YYYY-MM-DD, such as 2024-01-01")
      .nullish()
      .describe(
        "Pages and search results whose stated publication date is before this day (`YYYY-MM-DD`) are not used; those without a date are.",
      ),
  })
  .register(apiRegistry, {
    id: "SourcePolicy",
    description:
      "Which sources the research may use. Enforced when searching (as the search provider's domain operators or parameters, and by filtering its results) and when reading pages.",
  });

/** A source policy as the pipeline gets it: domains normalized, sorted and distinct. */
export interface NormalizedSourcePolicy {
  /** Allowed domains besides the subject's own site; empty means any. */
  includeDomains: string[];
  /** Refused domains, the subject's own site included when named. */
  excludeDomains: string[];
  /** Earliest acceptable stated publication day, `YYYY-MM-DD`, or null. */
  after: string | null;
}

/** The normalized policy of a valid `sourcePolicy`, or undefined when it restricts nothing. */
export function normalizeSourcePolicy(
  policy: z.infer<typeof sourcePolicySchema> | null | undefined,
): NormalizedSourcePolicy | undefined {
  if (!policy) return undefined;
  const domains = (list: string[] | null | undefined) => [...new Set((list ?? []).map(normalizePolicyDomain))].sort();
  const normalized = {
    includeDomains: domains(policy.includeDomains),
    excludeDomains: domains(policy.excludeDomains),
    after: policy.after ?? null,
  };
  const restricts =
    normalized.includeDomains.length > 0 || normalized.excludeDomains.length > 0 || normalized.after !== null;
  return restricts ? normalized : undefined;
}
