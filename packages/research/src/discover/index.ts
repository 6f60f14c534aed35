export {
  type Candidate,
  CandidatePool,
  candidateKeys,
  type FoundOn,
  normalizedName,
  shortCompanyName,
} from "./candidate-pool.js";
export { criterionQuestion } from "./criterion-question.js";
export { type Criterion, deriveCriteria } from "./derive-criteria.js";
export {
  type Discovery,
  type DiscoveryContext,
  type DiscoveryDependencies,
  type DiscoveryPageFailure,
  type DiscoveryRequest,
  type DiscoveryUsage,
  discoverCandidates,
} from "./discover-candidates.js";
export { discoveryQueries } from "./discovery-queries.js";
export { citesCandidate, itemStatus, judgeVerdict, type Verdict } from "./judge-verdict.js";
export { type ListingPage, type PageEntity, splitEntities } from "./split-entities.js";
export { type CandidateResearchRequest, enrichmentRequest, verdictRequest } from "./verdict-request.js";
