export { canonicalLinkedinUrl, type LinkedinProfileKind } from "./canonical-linkedin-url.js";
export { canonicalWebsite } from "./canonical-website.js";
export { countryFromLocation, type ParsedLocation } from "./country-from-location.js";
export { countryCodes, countryName } from "./country-name.js";
export { loadEmailDomainLists } from "./email-domain-lists.js";
export { cleanText, isFiller } from "./is-filler.js";
export { countryAliases } from "./location-table.js";
export { mergePersonEvidence, type PersonEvidence } from "./merge-person-evidence.js";
export { type NamesFromEmail, namesFromEmail } from "./names-from-email.js";
export { type NormalizeDateOptions, normalizeDate } from "./normalize-date.js";
export { type NormalizedEmail, normalizeEmail } from "./normalize-email.js";
export { type NormalizeNameOptions, normalizeName, recasePlaceName } from "./normalize-name.js";
export {
  type CompanyInput,
  ENRICHED_PERSON_FIELDS,
  type EnrichedPerson,
  normalizePersonRequest,
  type PersonInput,
} from "./normalize-person-request.js";
export { type NormalizedPhone, type NormalizePhoneOptions, normalizePhone } from "./normalize-phone.js";
