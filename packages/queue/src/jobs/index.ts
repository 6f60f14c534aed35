export { probeRedisWrites } from "./held-outcome.js";
export { jobHandle, parseJobHandle, withMetadata } from "./job-handle.js";
export { researchJobId, stableStringify } from "./job-id.js";
export { announceJobEnd, type Claim, claimJob, type JobEnd, type JobNotice, parseJobNotice } from "./job-notices.js";
export { decodeFailure, type ResearchJobData } from "./job-payload.js";
export {
  type JobOutcome,
  type JobView,
  ResearchQueue,
  type ResearchQueueSettings,
  SYNC_PRIORITY,
} from "./research-queue.js";
export {
  createResearchWorker,
  handBackActiveJobs,
  type JobStageEvent,
  type ResearchOutcome,
  type ResearchProcessor,
  type ResearchUsage,
  type ResearchWorkerSettings,
} from "./research-worker.js";
export { type StoredResult, usableResult } from "./stored-result.js";
