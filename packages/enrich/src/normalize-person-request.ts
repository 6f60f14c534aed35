import type { EnrichedPerson } from "@dossier/contract";
import { canonicalLinkedinUrl } from "./canonical-linkedin-url.js";
import { canonicalWebsite } from "./canonical-website.js";
import { countryFromLocation } from "./country-from-location.js";
import { countryName } from "./country-name.js";
import { cleanText } from "./is-filler.js";
import { normalizeEmail } from "./normalize-email.js";
import { normalizeName } from "./normalize-name.js";
import { normalizePhone } from "./normalize-phone.js";

/** The company a person request names, as the API receives it. Every field may be missing. */
export interface CompanyInput {
  /** Company name, free text. */
  name?: string | null;
  /** Company website, a URL or bare domain. */
  website?: string | null;
  /** Company location, free text such as "Berlin, Germany". */
  location?: string | null;
  /** Head count. Not used by normalization. */
  numEmployees?: number | null;
  /** Yearly revenue. Not used by normalization. */
  annualRevenue?: number | null;
  /** The company's LinkedIn page. */
  linkedinUrl?: string | null;
}

/** The person a research request names, as the API receives it. Every field may be missing. */
export interface PersonInput {
  /** Given name. */
  firstName?: string | null;
  /** Family name. */
  lastName?: string | null;
  /** E-mail address. */
  email?: string | null;
  /** Telephone number in any common spelling. */
  phone?: string | null;
  /** Job title. */
  title?: string | null;
  /** The person's LinkedIn profile. */
  linkedinUrl?: string | null;
  /** The person's company. */
  company?: CompanyInput | null;
}

/** The enriched person the person research endpoint returns; its schema lives in @dossier/contract. */
export type { EnrichedPerson };

/** The twelve fields of {@link EnrichedPerson}, in the order the API documents them. */
export const ENRICHED_PERSON_FIELDS = Object.freeze([
  "firstName",
  "lastName",
  "email",
  "phone",
  "linkedinUrl",
  "jobTitle",
  "country",
  "city",
  "jobStartDate",
  "companyName",
  "companyWebsite",
  "companyLinkedinUrl",
] as const satisfies ReadonlyArray<keyof EnrichedPerson>);

/**
 * The person record that follows from the request alone, before any evidence is gathered.
 *
 * - Names are cased by normalizeName (first name as "first", last name as "last").
 * - The e-mail is normalized; when the company has no usable website, an e-mail domain that is
 *   neither free mail nor disposable gives `companyWebsite` as `https://<registrable domain>`
 *   (`jane@us.acme.com` gives `https://acme.com`).
 * - The company's location is read as a hint for the person: its country becomes `country` and
 *   the country hint for the phone. `city` is set only when the location clearly names a city
 *   (see countryFromLocation); a person may work elsewhere, but the company's city is the best
 *   guess the request offers and evidence can replace it.
 * - Without a location country, the phone number's country gives `country`.
 * - `jobStartDate` is always null here: only evidence can fill it.
 */
export function normalizePersonRequest(person: PersonInput | null | undefined): EnrichedPerson {
  const company = person?.company ?? undefined;
  const location = countryFromLocation(company?.location);
  const email = normalizeEmail(person?.email);
  const phone = normalizePhone(person?.phone, { countryHint: location.countryCode });
  const websiteFromEmail =
    email.registrableDomain !== null && !email.isFreeMail && !email.isDisposable
      ? canonicalWebsite(email.registrableDomain)
      : null;
  return {
    firstName: normalizeName(person?.firstName, { part: "first" }),
    lastName: normalizeName(person?.lastName, { part: "last" }),
    email: email.email,
    // A number no numbering plan holds is still the caller's: kept as given rather than dropped.
    phone: phone.e164 ?? cleanText(person?.phone),
    linkedinUrl: canonicalLinkedinUrl(person?.linkedinUrl, "person"),
    jobTitle: cleanText(person?.title),
    country: location.country ?? countryName(phone.country),
    city: location.city,
    jobStartDate: null,
    companyName: cleanText(company?.name),
    companyWebsite: canonicalWebsite(company?.website) ?? websiteFromEmail,
    companyLinkedinUrl: canonicalLinkedinUrl(company?.linkedinUrl, "company"),
  };
}
