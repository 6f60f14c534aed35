export { daysBetween, nextMonthStart, utcDay, utcMonth } from "./usage-calendar.js";
export {
  admitCalls,
  type CallAdmission,
  type KeyLimits,
  type RunCounters,
  readUsageReport,
  recordRunUsage,
} from "./usage-ledger.js";
