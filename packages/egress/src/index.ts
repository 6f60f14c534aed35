export {
  type AddressPolicy,
  type ConnectAddress,
  type HostLookup,
  isOutboundRefusal,
  type OutboundTarget,
  parseOutboundUrl,
  portOf,
  resolveConnectAddress,
  resolveOutboundTarget,
  systemLookup,
} from "./address-policy.js";
export { type BlockedRange, blockedRanges, findBlockedRange, isBlockedAddress } from "./blocked-ranges.js";
export { type ConnectTarget, parseConnectTo } from "./connect-to.js";
export { createGuardedAgent, type GuardedAgentSettings } from "./guarded-agent.js";
