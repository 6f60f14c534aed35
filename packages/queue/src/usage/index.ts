export { daysBetween, nextMonthStart, utcDay, utcMonth } from "./usage-calendar.js";
export {
  admitCalls,
  type CallAdmission,
  type CallCountKeys,
  type ChargeNote,
  callCountKeys,
  hasMonthlyLimits,
  type KeyLimits,
  type RunCounters,
  type RunUsageIncrements,
  readUsageReport,
  recordRunUsage,
  runUsageIncrements,
} from "./usage-ledger.js";
