export { countEvidenceUsage, countPageRead, type EvidenceUsage, type PageReadMemory } from "./count-usage.js";
export { type EffortProfile, effortProfile, planForEffort } from "./effort-profile.js";
export { type CachingDependencies, keepFresh } from "./keep-fresh.js";
export { RedisPageReads, type RedisPageReadsSettings } from "./redis-page-read-memory.js";
export { type RunScope, scopeDependencies } from "./scope-dependencies.js";
export { applySourcePolicy, keepToPolicy, SourcePolicyFilter } from "./source-policy.js";
