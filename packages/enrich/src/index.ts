export { canonicalLinkedinUrl, type LinkedinProfileKind } from "./canonical-linkedin-url.js";
export { canonicalWebsite } from "./canonical-website.js";
export { countryFromLocation, type ParsedLocation } from "./country-from-location.js";
export { countryCodes, countryName } from "./country-name.js";
export { cleanText, isFiller } from "./is-filler.js";
export { normalizeDate, type NormalizeDateOptions } from "./normalize-date.js";
export { normalizeEmail, type NormalizedEmail } from "./normalize-email.js";
export { normalizeName, recasePlaceName, type NormalizeNameOptions } from "./normalize-name.js";
export {
  ENRICHED_PERSON_FIELDS,
  normalizePersonRequest,
  type CompanyInput,
  type EnrichedPerson,
  type PersonInput,
} from "./normalize-person-request.js";
export { normalizePhone, type NormalizedPhone, type NormalizePhoneOptions } from "./normalize-phone.js";
export { mergePersonEvidence, type PersonEvidence } from "./merge-person-evidence.js";
