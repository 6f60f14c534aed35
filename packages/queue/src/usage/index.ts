export { daysBetween, nextMonthStart, utcDay, utcMonth } from "./usage-calendar.js";
export {
  admitCalls,
  type CallAdmission,
  type KeyLimits,
  type RunCounters,
  type RunUsageIncrements,
  readUsageReport,
  recordRunUsage,
  runUsageIncrements,
} from "./usage-ledger.js";
