export {
  AuthFailureLimiter,
  type AuthFailureLimiterSettings,
  type AuthFailureStanding,
  KNOWN_KEY_SECONDS,
} from "./auth-failure-limiter.js";
export { FleetRateLimiter, type UpstreamLimit } from "./fleet-rate-limiter.js";
export { type BatchItemAllowance, countBatchItems, countKeyCall, type KeyCallAllowance } from "./key-call-limiter.js";
export { limitChatModel, limitSearchProvider, type UpstreamLimits } from "./rate-limited-upstreams.js";
