export type {
  CaseCompany,
  CasePageKind,
  CasePerson,
  CaseProof,
  CaseReach,
  EnrichmentCase,
  ExpectedField,
  ExpectedListEntity,
  ExpectedPerson,
  ListCase,
  ListCaseShape,
  OutputSchemaCase,
  PersonFieldProof,
  PersonFieldProofs,
  PersonProofField,
  RealwebWorldName,
  ResearchCase,
} from "./case-files.js";
export {
  casesDirectory,
  loadEnrichmentCases,
  loadListCases,
  loadOutputSchemaCases,
  loadRealweb2Cases,
  loadRealwebCases,
  loadRealwebHeldoutCases,
  loadResearchCases,
} from "./case-files.js";
export { hostileHosts, hugePageBytes } from "./hostile-hosts.js";
export { readPdfText } from "./pdf-document.js";
export type { PageResponse, RequestPageOptions } from "./request-page.js";
export { requestPage } from "./request-page.js";
export { type SearchDocument, SearchIndex, type SearchResult } from "./search-index.js";
export type { SiteDefinition, SiteFile, SiteLink, SitePage } from "./site.js";
export { allSites } from "./sites/index.js";
export { lanternfishFoundation, lanternfishSponsors, lanternfishWorld } from "./sites/lanternfish-foundation.js";
export {
  type ClimateMember,
  climateMembers,
  climateMembersPageTwo,
  nordicClimateIndex,
} from "./sites/nordic-climate-index.js";
export * from "./start-changing-site.js";
export * from "./start-folder-web.js";
export type { SimulatedWeb, SimulatedWebOptions, SimulatedWebRequest } from "./start-simulated-web.js";
export { siteSearchDocuments, startSimulatedWeb } from "./start-simulated-web.js";
export { decodeEntities, toMainText, toVisibleText } from "./visible-text.js";
