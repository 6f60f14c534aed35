export { JOB_DURATION_BUCKETS, readFleetCounters } from "./fleet-stats.js";
export { countLiveWorkers, startHeartbeat } from "./worker-heartbeat.js";
