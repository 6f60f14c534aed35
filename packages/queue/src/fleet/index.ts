export { JOB_DURATION_BUCKETS, type JobStatsIncrements, jobStatsIncrements, readFleetCounters } from "./fleet-stats.js";
export { countLiveWorkers, startHeartbeat } from "./worker-heartbeat.js";
