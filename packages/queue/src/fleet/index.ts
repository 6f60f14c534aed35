export { JOB_DURATION_BUCKETS, type JobStatsIncrements, jobStatsIncrements, readFleetCounters } from "./fleet-stats.js";
export {
  countLiveWorkers,
  countLiveWorkersOnHost,
  createWorkerId,
  startHeartbeat,
  WORKER_ALIVE_MS,
} from "./worker-heartbeat.js";
